import { useState } from "react";
import type { PurgeResult } from "~/shared/operations";
import { api } from "~/app/lib/api";
import { toast } from "~/app/lib/toast";
import { Card } from "~/app/components/ui/card";
import { ConfirmButton, ConfirmDialog } from "~/app/components/ui/confirm-dialog";
import { ToolAlert } from "./tool-alert";
import { PURGE_MESSAGES as M } from "./tool-messages";
import { useBusy } from "./use-busy";

type Outcome = { ok: PurgeResult } | { error: string };

/**
 * docs/product.md section 2, /delete-all-posts: one red button behind two confirmation dialogs, the second
 * plainer still; docs/product.md section 8 for every outcome. The server takes a backup before it deletes.
 */
export function PurgeAllPosts() {
  const [secondOpen, setSecondOpen] = useState(false);
  const { busy, run } = useBusy();
  const [outcome, setOutcome] = useState<Outcome | undefined>();

  const purge = () => {
    setOutcome(undefined);
    void run(async () => {
      try {
        const ok = await api.post<PurgeResult>("/api/debug/purge-all-posts");
        const { totalPosts, deleted, failed } = ok.results;
        toast(
          totalPosts === 0
            ? M.empty
            : { title: M.complete.title, description: M.complete.description(deleted, failed) },
        );
        setOutcome({ ok });
      } catch (err) {
        const message = (err instanceof Error && err.message) || M.failed;
        toast({ title: M.failed, description: message, variant: "destructive" });
        setOutcome({ error: message });
      }
    });
  };

  return (
    <div className="space-y-6">
      <Card className="border-red-200 p-4 sm:p-6">
        <p className="text-slate-700">{M.warning}</p>
        <ConfirmButton
          variant="destructive"
          size="lg"
          className="mt-4 w-full sm:w-auto"
          disabled={busy}
          title={M.first.title}
          description={M.first.description}
          confirmLabel={M.first.action}
          onConfirm={() => setSecondOpen(true)}
        >
          {busy ? M.working : M.button}
        </ConfirmButton>
        <ConfirmDialog
          open={secondOpen}
          onOpenChange={setSecondOpen}
          title={M.second.title}
          description={M.second.description}
          confirmLabel={M.second.action}
          onConfirm={purge}
        />
      </Card>
      {outcome && <PurgeOutcome outcome={outcome} />}
    </div>
  );
}

function PurgeOutcome({ outcome }: { outcome: Outcome }) {
  if ("error" in outcome) {
    return (
      <ToolAlert tone="error" title={M.errorHeading}>
        <p>{outcome.error}</p>
      </ToolAlert>
    );
  }
  const { results, backup } = outcome.ok;
  if (results.totalPosts === 0)
    return (
      <ToolAlert tone="success" title={M.empty.title}>
        {M.empty.description}
      </ToolAlert>
    );
  const all = results.failed === 0 && results.deleted === results.totalPosts;
  return (
    <ToolAlert tone={all ? "success" : "error"} title={all ? M.allDeleted : M.complete.title}>
      <p>{M.complete.description(results.deleted, results.failed)}</p>
      {backup && <p>{M.backup(backup)}</p>}
    </ToolAlert>
  );
}

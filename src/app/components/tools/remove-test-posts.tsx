import { useState } from "react";
import type { TestRemovalResult } from "~/shared/operations";
import { api } from "~/app/lib/api";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { ConfirmDialog } from "~/app/components/ui/confirm-dialog";
import { ToolAlert } from "./tool-alert";
import { TEST_REMOVAL_MESSAGES as M } from "./tool-messages";
import { useBusy } from "./use-busy";

type Outcome = { ok: TestRemovalResult } | { error: string } | { none: true };

/** docs/product.md section 8, Test removal: the details are the answer's `error` field or the server's
 * message, else "Unknown error occurred". */
function failureDetails(err: unknown): string {
  return err instanceof Error && err.message ? err.message : M.unknown;
}

type Match = { id: number; title: string };

/**
 * docs/product.md section 2, /direct-delete: one button that removes every post with "test" in its title.
 * "test" matches inside words too ("Latest"), so the button first asks the server for a dry run,
 * lists exactly the titles it would remove and asks; confirming removes those posts and no
 * other (their ids are sent), so nothing is removed unseen, even a test post created meanwhile.
 */
export function RemoveTestPosts() {
  const { busy, run } = useBusy();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [matches, setMatches] = useState<Match[] | undefined>();

  const preview = () => {
    setOutcome(undefined);
    void run(async () => {
      try {
        const dry = await api.post<TestRemovalResult>("/api/admin/force-remove-test-posts", { dryRun: true });
        const found = dry.wouldDelete ?? [];
        if (found.length === 0) setOutcome({ none: true });
        else setMatches(found);
      } catch (err) {
        setOutcome({ error: failureDetails(err) });
      }
    });
  };

  const remove = () => {
    const ids = (matches ?? []).map((p) => p.id);
    setMatches(undefined);
    void run(async () => {
      try {
        const ok = await api.post<TestRemovalResult>("/api/admin/force-remove-test-posts", { ids });
        setOutcome(ok.error ? { error: ok.error } : { ok });
      } catch (err) {
        setOutcome({ error: failureDetails(err) });
      }
    });
  };

  return (
    <div className="space-y-6">
      <Card className="p-4 sm:p-6">
        <Button variant="destructive" size="lg" className="w-full sm:w-auto" disabled={busy} onClick={preview}>
          {busy ? M.working : M.button}
        </Button>
      </Card>
      <ConfirmDialog
        open={matches !== undefined}
        onOpenChange={(open) => !open && setMatches(undefined)}
        title={M.confirmTitle(matches?.length ?? 0)}
        description={
          <>
            {M.confirmText}
            <ul className="mt-3 max-h-60 list-disc overflow-y-auto pl-5 text-slate-800">
              {matches?.map((p) => (
                <li key={p.id}>{p.title}</li>
              ))}
            </ul>
          </>
        }
        confirmLabel={M.confirmAction}
        onConfirm={remove}
      />
      {outcome && "none" in outcome && (
        <ToolAlert tone="info" title={M.button}>
          <p>{M.none}</p>
        </ToolAlert>
      )}
      {outcome && "error" in outcome && (
        <ToolAlert tone="error" title={M.failed}>
          <p>{outcome.error}</p>
        </ToolAlert>
      )}
      {outcome && "ok" in outcome && (
        <ToolAlert tone="success" title={M.succeeded}>
          <p>{outcome.ok.message}</p>
          {outcome.ok.deletedPosts.length > 0 && (
            <>
              <p className="font-medium">{M.removedTitles}</p>
              <ul className="list-disc pl-5">
                {outcome.ok.deletedPosts.map((post, i) => (
                  <li key={post.id ?? i}>{post.title}</li>
                ))}
              </ul>
            </>
          )}
        </ToolAlert>
      )}
    </div>
  );
}

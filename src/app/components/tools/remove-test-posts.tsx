import { useState } from "react";
import type { TestRemovalResult } from "../../../shared/operations";
import { api } from "../../lib/api";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { ToolAlert } from "./tool-alert";
import { TEST_REMOVAL_MESSAGES as M } from "./tool-messages";
import { useBusy } from "./use-busy";

type Outcome = { ok: TestRemovalResult } | { error: string };

/** SPEC section 8, Test removal: the details are the answer's `error` field or the server's
 * message, else "Unknown error occurred". */
function failureDetails(err: unknown): string {
  return err instanceof Error && err.message ? err.message : M.unknown;
}

/** SPEC section 2, /direct-delete: one button that removes every post with "test" in its title. */
export function RemoveTestPosts() {
  const { busy, run } = useBusy();
  const [outcome, setOutcome] = useState<Outcome | undefined>();

  const remove = () => {
    setOutcome(undefined);
    void run(async () => {
      try {
        const ok = await api.post<TestRemovalResult>("/api/admin/force-remove-test-posts");
        setOutcome(ok.error ? { error: ok.error } : { ok });
      } catch (err) {
        setOutcome({ error: failureDetails(err) });
      }
    });
  };

  return (
    <div className="space-y-6">
      <Card className="p-4 sm:p-6">
        <Button variant="destructive" size="lg" className="w-full sm:w-auto" disabled={busy} onClick={remove}>
          {busy ? M.working : M.button}
        </Button>
      </Card>
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

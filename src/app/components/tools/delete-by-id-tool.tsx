import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { api, ApiError } from "~/app/lib/api";
import { toast, type ToastInput } from "~/app/lib/toast";
import { Button, buttonClasses } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { Field, inputClasses } from "~/app/components/ui/field";
import { DELETE_BY_ID_MESSAGES as M, POST_LIST_MESSAGES, TOOL_LINKS } from "./tool-messages";
import { ToolPostList, useToolPosts } from "./tool-post-list";
import { useBusy } from "./use-busy";
import { undoAction } from "~/app/components/admin/trash-panel";

/** docs/product.md section 5, Delete by ID page: what stops a delete, in the product's order, or nothing. */
function deleteProblem(postId: string, confirmation: string): ToastInput | undefined {
  const id = postId.trim();
  if (!id) return { title: M.noId };
  if (!/^\d+$/.test(id) || Number(id) < 1) return { title: M.invalidId };
  if (confirmation !== M.confirmWord) return M.confirmRequired;
  return undefined;
}

/** docs/product.md section 8, Delete tool: the status and the server's message, else the fallbacks. */
function failureToast(err: unknown): ToastInput {
  if (err instanceof ApiError) return { title: M.failed(err.status), description: err.message || M.failedFallback };
  return { title: M.networkError, description: err instanceof Error ? err.message : undefined };
}

/**
 * docs/product.md section 2, /delete-posts: a numeric id and the word DELETE before anything is removed;
 * docs/product.md section 4: the deleted and failed ids of this visit stay listed.
 */
export function DeleteByIdTool() {
  const { posts, loading, reload } = useToolPosts();
  const [postId, setPostId] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const { busy, run } = useBusy();
  const [deleted, setDeleted] = useState<number[]>([]);
  const [failed, setFailed] = useState<number[]>([]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = deleteProblem(postId, confirmation);
    if (problem) return void toast({ ...problem, variant: "destructive" });
    const id = Number(postId.trim());
    void run(async () => {
      try {
        await api.delete(`/api/debug/delete-post/${id}`);
        setDeleted((ids) => [...ids, id]);
        toast({ ...M.deleted(id), action: undoAction(id, reload) });
        setPostId("");
        setConfirmation("");
      } catch (err) {
        setFailed((ids) => [...ids, id]);
        toast({ ...failureToast(err), variant: "destructive" });
      }
      void reload();
    });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <Card className="p-4 sm:p-6">
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field id="delete-post-id" label={M.postId}>
            {(a) => (
              <input
                {...a}
                type="number"
                min={1}
                step={1}
                inputMode="numeric"
                value={postId}
                onChange={(e) => setPostId(e.target.value)}
                className={inputClasses}
              />
            )}
          </Field>
          <Field id="delete-confirm" label={M.confirm}>
            {(a) => (
              <input
                {...a}
                value={confirmation}
                onChange={(e) => setConfirmation(e.target.value)}
                autoComplete="off"
                spellCheck={false}
                placeholder={M.confirmWord}
                className={inputClasses}
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-2 pt-2">
            <Link to="/admin" className={buttonClasses({ variant: "outline" })}>
              {TOOL_LINKS.backToAdmin}
            </Link>
            <Link to="/" className={buttonClasses({ variant: "outline" })}>
              {TOOL_LINKS.home}
            </Link>
            <Button
              type="submit"
              variant="destructive"
              className="sm:ml-auto"
              disabled={busy || !postId.trim() || confirmation !== M.confirmWord}
            >
              {busy ? M.deleting : M.submit}
            </Button>
          </div>
        </form>
        <IdList label={M.deletedIds} ids={deleted} />
        <IdList label={M.failedIds} ids={failed} />
      </Card>
      <ToolPostList
        posts={posts}
        loading={loading}
        pickLabel={POST_LIST_MESSAGES.useId}
        onPick={(post) => setPostId(String(post.id))}
      />
    </div>
  );
}

function IdList({ label, ids }: { label: string; ids: number[] }) {
  if (!ids.length) return null;
  return (
    <p className="mt-4 text-sm text-slate-700">
      <span className="font-medium">{label}:</span> {ids.join(", ")}
    </p>
  );
}

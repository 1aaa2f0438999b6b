import { useState } from "react";
import { Link } from "react-router";
import type { CmsPost } from "~/shared/blog";
import { fieldErrors } from "~/shared/field-errors";
import { testUpdatePostSchema } from "~/shared/schemas";
import { api, ApiError } from "~/app/lib/api";
import { toast } from "~/app/lib/toast";
import { buttonClasses } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { DebugLog } from "./debug-log";
import { EMPTY_EDIT, TestUpdateForm, type EditValues } from "./test-update-form";
import { POST_LIST_MESSAGES, TEST_UPDATE_MESSAGES as M, TOOL_LINKS } from "./tool-messages";
import { ToolPostList, useToolPosts } from "./tool-post-list";
import { useBusy } from "./use-busy";
import { useDebugLog } from "./use-debug-log";
import { useTextFields } from "./use-text-fields";

const toValues = (post: CmsPost): EditValues => ({
  title: post.title,
  slug: post.slug,
  summary: post.summary || post.excerpt || "",
  coverImage: post.coverImage ?? "",
  content: post.content,
});

const describeErrors = (errors: Record<string, string[]>) =>
  Object.entries(errors)
    .map(([field, messages]) => `${field}: ${messages.join(", ")}`)
    .join("; ");

// The log keeps the answer short: the fields an update changes, not the whole content.
const responseSummary = ({ id, title, slug, published, updatedAt }: CmsPost) =>
  JSON.stringify({ id, title, slug, published, updatedAt });

/**
 * docs/product.md sections 2 and 5, /test-update: edit a post with testUpdatePostSchema (the post rules
 * without the slug pattern) and log every step. The post's own `published` goes along, so a
 * draft stays a draft (docs/architecture.md section 5 honours the flag).
 */
export function TestUpdateTool() {
  const { posts, loading, reload } = useToolPosts();
  const { lines, log, clear } = useDebugLog();
  const [selected, setSelected] = useState<CmsPost | undefined>();
  const { values, setValues, bind } = useTextFields(EMPTY_EDIT);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const { busy, run } = useBusy();

  // `logged`: a choice from the list is a step of the log; reloading the saved post is not.
  const select = (post: CmsPost, logged = true) => {
    setSelected(post);
    setValues(toValues(post));
    setErrors({});
    if (logged) log(M.log.selected(post.id, post.title));
  };

  const cancel = () => {
    setSelected(undefined);
    setValues(EMPTY_EDIT);
    setErrors({});
    log(M.log.cancelled);
  };

  const update = () => {
    if (!selected) return;
    log(M.log.validating);
    const parsed = testUpdatePostSchema.safeParse({ ...values, published: selected.published });
    if (!parsed.success) {
      const problems = fieldErrors(parsed.error);
      setErrors(problems);
      return log(M.log.invalid(describeErrors(problems)));
    }
    setErrors({});
    log(M.log.valid);
    log(M.log.sending(selected.id, selected.published));
    const id = selected.id;
    void run(async () => {
      try {
        const post = await api.put<CmsPost>(`/api/cms/update-post/${id}`, parsed.data);
        log(M.log.succeeded);
        log(M.log.response(responseSummary(post)));
        toast(M.updated);
        select(post, false);
        void reload();
      } catch (err) {
        const status = err instanceof ApiError ? err.status : undefined;
        const message = err instanceof Error ? err.message : String(err);
        log(status ? M.log.failedStatus(status, message) : M.log.networkError(message));
        if (err instanceof ApiError && err.errors) setErrors(err.errors);
        toast({ title: M.updateFailed(status), description: message, variant: "destructive" });
      }
    });
  };

  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-[2fr_3fr] lg:items-start">
        <ToolPostList
          posts={posts}
          loading={loading}
          pickLabel={POST_LIST_MESSAGES.select}
          onPick={(post) => select(post)}
        />
        <Card className="p-4 sm:p-6">
          {selected ? (
            <TestUpdateForm
              key={selected.id}
              postId={selected.id}
              bind={bind}
              errors={errors}
              busy={busy}
              onSubmit={update}
              onCancel={cancel}
            />
          ) : (
            <p className="text-slate-600">{M.noSelection}</p>
          )}
        </Card>
      </div>
      <DebugLog lines={lines} onClear={clear} />
      <Link to="/" className={buttonClasses({ variant: "outline" })}>
        {TOOL_LINKS.returnHome}
      </Link>
    </div>
  );
}

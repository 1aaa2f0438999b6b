import { useState } from "react";
import { api, ApiError } from "~/app/lib/api";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { inputClasses } from "~/app/components/ui/field";
import type { CmsPost } from "~/shared/blog";
import { REVIEW_MESSAGES } from "~/shared/review";

/**
 * The editor's part of review before publish (docs/decisions/126-review-before-publish.md): what
 * the contributor is told about their post, and the note an editor sends it back with.
 */
export function ReviewNotice({ post }: { post: Pick<CmsPost, "status" | "reviewNote"> }) {
  if (post.status === "review")
    return (
      <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        {REVIEW_MESSAGES.inReview}
      </p>
    );
  if (!post.reviewNote || post.status !== "draft") return null;
  return (
    <div role="note" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-semibold">{REVIEW_MESSAGES.returnedNote(post.reviewNote.by)}</p>
      <p className="mt-1 whitespace-pre-wrap">{post.reviewNote.note}</p>
    </div>
  );
}

/** A note and a button: sends the submitted post back to its contributor. */
export function SendBack({ postId, onSent }: { postId: number; onSent: () => void }) {
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await api.post(`/api/cms/posts/${postId}/return`, { note });
      toast({ title: REVIEW_MESSAGES.sentBack });
      onSent();
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors?.note?.[0] ?? err.message) : REVIEW_MESSAGES.noteRequired);
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="space-y-2 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{REVIEW_MESSAGES.sendBackTitle}</legend>
      <label htmlFor="review-note" className="block text-sm text-slate-700">
        {REVIEW_MESSAGES.noteLabel}
      </label>
      <textarea
        id="review-note"
        rows={3}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "review-note-error" : undefined}
        className={inputClasses}
      />
      {error && (
        <p id="review-note-error" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="button" variant="outline" disabled={busy} onClick={() => void send()}>
          {REVIEW_MESSAGES.sendBack}
        </Button>
      </div>
    </fieldset>
  );
}

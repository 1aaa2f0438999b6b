import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { TAGS_MESSAGES, type TagWithCount } from "~/shared/tags";
import type { action } from "~/app/routes/admin.data.tags";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { ConfirmButton } from "~/app/components/ui/confirm-dialog";
import { inputClasses } from "~/app/components/ui/field";
import { TAGS_DATA_PATH } from "./use-tags";

const DONE = { rename: TAGS_MESSAGES.renamed, merge: TAGS_MESSAGES.merged, delete: TAGS_MESSAGES.deleted } as Record<
  string,
  string
>;

/** One tag: its name and post count; admins rename it in place, merge it into another, or delete it. */
export function TagRow({ tag, others, canEdit }: { tag: TagWithCount; others: TagWithCount[]; canEdit: boolean }) {
  const fetcher = useFetcher<typeof action>();
  const [mode, setMode] = useState<"view" | "rename" | "merge">("view");
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      toast({ title: DONE[result.intent] ?? TAGS_MESSAGES.renamed });
      setMode("view");
    } else toast({ title: result.message, variant: "destructive" });
  }, [result]);
  const error = result && !result.ok ? (result.errors?.name ?? result.errors?.into)?.[0] : undefined;

  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      {mode === "rename" ? (
        <fetcher.Form method="post" action={TAGS_DATA_PATH} className="flex flex-1 flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="id" value={tag.id} />
          <label htmlFor={`tag-name-${tag.id}`} className="sr-only">
            {TAGS_MESSAGES.name}
          </label>
          <input
            id={`tag-name-${tag.id}`}
            name="name"
            defaultValue={tag.name}
            className={`${inputClasses} max-w-xs`}
            aria-invalid={Boolean(error)}
          />
          <Button type="submit" size="sm" disabled={busy}>
            {TAGS_MESSAGES.save}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setMode("view")}>
            {TAGS_MESSAGES.cancel}
          </Button>
          {error && <p className="w-full text-sm text-red-700">{error}</p>}
        </fetcher.Form>
      ) : mode === "merge" ? (
        <fetcher.Form method="post" action={TAGS_DATA_PATH} className="flex flex-1 flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="merge" />
          <input type="hidden" name="id" value={tag.id} />
          <label htmlFor={`tag-into-${tag.id}`} className="text-sm text-slate-800">
            {TAGS_MESSAGES.mergeInto(tag.name)}
          </label>
          <select id={`tag-into-${tag.id}`} name="into" className={`${inputClasses} max-w-xs`} required>
            {others.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
          <Button type="submit" size="sm" disabled={busy}>
            {TAGS_MESSAGES.mergeButton}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setMode("view")}>
            {TAGS_MESSAGES.cancel}
          </Button>
        </fetcher.Form>
      ) : (
        <div className="min-w-0 flex-1">
          <span className="font-medium break-words text-slate-900">{tag.name}</span>
          <span className="ml-2 text-sm text-slate-600">
            /{tag.slug} · {TAGS_MESSAGES.posts(tag.posts)}
          </span>
        </div>
      )}
      {canEdit && mode === "view" && (
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setMode("rename")}
            aria-label={`${TAGS_MESSAGES.rename} ${tag.name}`}
          >
            {TAGS_MESSAGES.rename}
          </Button>
          {others.length > 0 && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setMode("merge")}
              aria-label={`${TAGS_MESSAGES.merge} ${tag.name}`}
            >
              {TAGS_MESSAGES.merge}
            </Button>
          )}
          <ConfirmButton
            variant="destructive"
            size="sm"
            disabled={busy}
            aria-label={`${TAGS_MESSAGES.delete} ${tag.name}`}
            title={TAGS_MESSAGES.deleteConfirm.title}
            description={TAGS_MESSAGES.deleteConfirm.description(tag.name, tag.posts)}
            confirmLabel={TAGS_MESSAGES.deleteConfirm.action}
            onConfirm={() =>
              void fetcher.submit({ intent: "delete", id: String(tag.id) }, { method: "post", action: TAGS_DATA_PATH })
            }
          >
            {TAGS_MESSAGES.delete}
          </ConfirmButton>
        </div>
      )}
    </li>
  );
}

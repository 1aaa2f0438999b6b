import { useEffect, useId, useRef, useState } from "react";
import type { CmsPost } from "~/shared/blog";
import { formatDateTime } from "~/shared/dates";
import { Button } from "~/app/components/ui/button";
import { cn } from "~/app/lib/cn";
import { contentBlocks, type Choice, type ConflictField, type FieldConflict } from "./conflict-merge";

export const CONFLICT_MESSAGES = {
  title: "Not saved: someone else changed this post",
  savedBy: (name: string | undefined, at: string) =>
    `${name ?? "Someone"} saved it at ${formatDateTime(at)}, after you opened it. Your edits are still here ` +
    "and kept in this browser.",
  intro: "Nothing is saved until you choose. For each field the two versions differ in, keep theirs or yours.",
  fields: {
    title: "Title",
    slug: "Slug",
    summary: "Summary",
    coverImage: "Thumbnail Image URL",
    coverFocus: "Cover focus",
    tags: "Tags",
    content: "Content",
    metaTitle: "Meta title",
    metaDescription: "Meta description",
    socialImage: "Social image",
    canonicalUrl: "Canonical URL",
    noindex: "Search engines",
  } satisfies Record<ConflictField, string>,
  noindex: (hidden: boolean) => (hidden ? "Hidden from search engines" : "Shown to search engines"),
  theirs: (name: string | undefined) => (name ? `Theirs (${name})` : "Theirs"),
  mine: "Mine",
  merged: "Both edits",
  mergedHint: "The two edits changed different paragraphs, so both can be kept:",
  sameParagraphs: "Both edits changed the same paragraphs: keep one version.",
  noDifference: "Their saved version holds the same values as yours: save to keep them.",
  empty: "(empty)",
  image: "[image]",
  video: "[video]",
  save: "Save with these choices",
} as const;

const M = CONFLICT_MESSAGES;

/** A block of content as a reader would name it: its words, and its images and videos. */
function blockText(block: string): string {
  const text = new DOMParser().parseFromString(block, "text/html").body.textContent?.trim() ?? "";
  const media = [/<img\b/i.test(block) && M.image, /<iframe\b/i.test(block) && M.video].filter(Boolean);
  return [text, ...media].filter(Boolean).join(" ");
}

/** One version of a field: text, or the content's paragraphs with those the other side lacks marked. */
function Version({ field, value, other }: { field: ConflictField; value: string; other: string }) {
  if (field === "noindex") return <span className="block">{M.noindex(value === "true")}</span>;
  if (field !== "content") {
    return <span className="block wrap-anywhere whitespace-pre-wrap">{value.trim() || M.empty}</span>;
  }
  const theirs = new Set(contentBlocks(other));
  return (
    <span className="block max-h-72 space-y-2 overflow-y-auto">
      {contentBlocks(value).map((block, i) => (
        <span
          key={i}
          className={cn("block rounded px-1 wrap-anywhere", !theirs.has(block) && "bg-amber-100 text-amber-950")}
        >
          {blockText(block) || M.empty}
        </span>
      ))}
    </span>
  );
}

function FieldChoice({
  conflict,
  theirName,
  choice,
  onChoose,
}: {
  conflict: FieldConflict;
  theirName: string | undefined;
  choice: Choice;
  onChoose: (choice: Choice) => void;
}) {
  const name = useId();
  const option = (value: Choice, label: string, shown: string, other: string) => (
    <label
      className={cn(
        "block cursor-pointer rounded-md border p-3 text-sm text-slate-800",
        choice === value ? "border-brand-700 bg-brand-50" : "border-slate-300 bg-white",
      )}
    >
      <span className="mb-2 flex items-center gap-2 font-medium">
        <input type="radio" name={name} value={value} checked={choice === value} onChange={() => onChoose(value)} />
        {label}
      </span>
      <Version field={conflict.field} value={shown} other={other} />
    </label>
  );
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">{M.fields[conflict.field]}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {option("theirs", M.theirs(theirName), conflict.theirs, conflict.mine)}
        {option("mine", M.mine, conflict.mine, conflict.theirs)}
      </div>
      {conflict.field === "content" &&
        (conflict.merged === undefined ? (
          <p className="text-sm text-slate-700">{M.sameParagraphs}</p>
        ) : (
          <>
            <p className="text-sm text-slate-700">{M.mergedHint}</p>
            {option("merged", M.merged, conflict.merged, conflict.merged)}
          </>
        ))}
    </fieldset>
  );
}

/**
 * A save refused because the post changed since this form opened it: who saved it and when, and
 * the two versions side by side, field by field, with a choice for each (and both edits of the
 * content when they touched different paragraphs). Saving is only possible from here, after the
 * differences were shown (docs/decisions/104-conflicts-field-by-field.md).
 */
export function ConflictResolver({
  theirs,
  conflicts,
  busy,
  onSave,
}: {
  theirs: CmsPost;
  conflicts: FieldConflict[];
  busy: boolean;
  onSave: (choices: Partial<Record<ConflictField, Choice>>) => void;
}) {
  const [choices, setChoices] = useState<Partial<Record<ConflictField, Choice>>>({});
  // A Ctrl+S from the top of a long form would otherwise leave the question out of sight.
  const shown = useRef<HTMLElement>(null);
  // In braces: Chromium's scrollIntoView answers a promise, which React would take for a cleanup.
  useEffect(() => {
    shown.current?.scrollIntoView({ block: "start" });
  }, []);
  return (
    <section
      ref={shown}
      aria-labelledby="conflict-title"
      className="space-y-4 rounded-lg border border-red-300 bg-red-50 p-4"
    >
      <div role="alert">
        <h3 id="conflict-title" className="font-semibold text-red-900">
          {M.title}
        </h3>
        <p className="mt-1 text-sm text-red-900">{M.savedBy(theirs.updatedByName, theirs.updatedAt)}</p>
      </div>
      <p className="text-sm text-slate-800">{conflicts.length ? M.intro : M.noDifference}</p>
      {conflicts.map((conflict) => (
        <FieldChoice
          key={conflict.field}
          conflict={conflict}
          theirName={theirs.updatedByName}
          choice={choices[conflict.field] ?? conflict.suggested}
          onChoose={(choice) => setChoices((all) => ({ ...all, [conflict.field]: choice }))}
        />
      ))}
      <Button onClick={() => onSave(choices)} disabled={busy}>
        {M.save}
      </Button>
    </section>
  );
}

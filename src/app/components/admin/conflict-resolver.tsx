import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import type { CmsPost } from "~/shared/blog";
import { formatDateTime } from "~/shared/dates";
import { plural } from "~/shared/plural";
import { Button } from "~/app/components/ui/button";
import { cn } from "~/app/lib/cn";
import { contentBlocks, type ContentBlock } from "~/app/lib/content-blocks";
import type { Choice, ConflictField, FieldConflict } from "./conflict-merge";
import type { ContentMerge, Side } from "./content-merge";

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
  mergedHint: "The two edits changed different blocks, so both can be kept:",
  overlapHint: (places: number) =>
    `Both edits changed the same ${places === 1 ? "block" : "blocks"} in ${plural(places, "place")}: ` +
    "pick a version there, and every other change of both is kept.",
  overlap: (n: number) => `Changed by both (${n})`,
  noDifference: "Their saved version holds the same values as yours: save to keep them.",
  empty: "(empty)",
  image: "[image]",
  video: "[video]",
  save: "Save with these choices",
} as const;

const M = CONFLICT_MESSAGES;

/** A block as a reader would name it: its words, and its images and videos. */
const blockText = (block: ContentBlock) =>
  [block.text, block.hasImage && M.image, block.hasVideo && M.video].filter(Boolean).join(" ");

/**
 * Blocks one under the other, list items with their marker, so neither two items nor two
 * paragraphs run together; those whose key is not among `others` are marked.
 */
function Blocks({ blocks, others }: { blocks: readonly ContentBlock[]; others?: ReadonlySet<string> }) {
  let number = 0;
  return (
    <span className="block space-y-2">
      {blocks.map((block, i) => {
        const previous = blocks[i - 1];
        number = block.marker === "ordered" ? (previous?.marker === "ordered" ? number + 1 : 1) : 0;
        const marker = block.kind !== "list-item" ? "" : block.marker === "ordered" ? `${number}. ` : "• ";
        return (
          <span
            key={i}
            className={cn(
              "block rounded px-1 wrap-anywhere",
              block.kind === "list-item" && "pl-4 -indent-3",
              block.kind === "heading" && "font-semibold",
              others && !others.has(block.key) && "bg-amber-100 text-amber-950",
            )}
          >
            {marker}
            {blockText(block) || M.empty}
          </span>
        );
      })}
    </span>
  );
}

const keySet = (html: string) => new Set(contentBlocks(html).map((block) => block.key));

/** One version of a field: text, or the content's blocks with those the other side lacks marked. */
function Version({ field, value, other }: { field: ConflictField; value: string; other: string }) {
  if (field === "noindex") return <span className="block">{M.noindex(value === "true")}</span>;
  if (field !== "content") {
    return <span className="block wrap-anywhere whitespace-pre-wrap">{value.trim() || M.empty}</span>;
  }
  return (
    <span className="block max-h-72 overflow-y-auto">
      <Blocks blocks={contentBlocks(value)} others={keySet(other)} />
    </span>
  );
}

/**
 * A choice: its radio and name, then what it keeps. The whole card is the label, unless what it
 * keeps holds choices of its own (a label may not hold another's radios).
 */
function Option({
  name,
  value,
  checked,
  onChoose,
  label,
  holdsChoices = false,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChoose: () => void;
  label: string;
  holdsChoices?: boolean;
  children: ReactNode;
}) {
  const Card = holdsChoices ? "div" : "label";
  const Head = holdsChoices ? "label" : "span";
  return (
    <Card
      className={cn(
        "block rounded-md border p-3 text-sm text-slate-800",
        !holdsChoices && "cursor-pointer",
        checked ? "border-brand-700 bg-brand-50" : "border-slate-300 bg-white",
      )}
    >
      <Head className={cn("mb-2 flex items-center gap-2 font-medium", holdsChoices && "cursor-pointer")}>
        <input type="radio" name={name} value={value} checked={checked} onChange={onChoose} />
        {label}
      </Head>
      {children}
    </Card>
  );
}

/**
 * Both edits of the content: what both kept, and where both changed the same blocks, the two
 * versions side by side with a pick for each (docs/decisions/200-conflicts-merged-by-block.md).
 */
function MergedContent({
  name,
  merge,
  theirName,
  picks,
  onPick,
}: {
  name: string;
  merge: ContentMerge;
  theirName: string | undefined;
  picks: readonly Side[];
  onPick: (overlap: number, side: Side) => void;
}) {
  let overlap = 0;
  return (
    <span className="block max-h-[32rem] space-y-2 overflow-y-auto">
      {merge.parts.map((part, i) => {
        if (part.kind === "kept") return <Blocks key={i} blocks={part.blocks} />;
        const n = overlap++;
        const picked = picks[n] ?? "mine";
        return (
          <fieldset key={i} className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-2">
            <legend className="px-1 text-sm font-semibold text-amber-950">{M.overlap(n + 1)}</legend>
            <span className="grid gap-2 sm:grid-cols-2">
              {(["theirs", "mine"] as const).map((side) => (
                <Option
                  key={side}
                  name={`${name}-${n}`}
                  value={side}
                  checked={picked === side}
                  onChoose={() => onPick(n, side)}
                  label={side === "theirs" ? M.theirs(theirName) : M.mine}
                >
                  <Blocks blocks={part[side]} />
                </Option>
              ))}
            </span>
          </fieldset>
        );
      })}
    </span>
  );
}

function FieldChoice({
  conflict,
  theirName,
  choice,
  onChoose,
  picks,
  onPick,
}: {
  conflict: FieldConflict;
  theirName: string | undefined;
  choice: Choice;
  onChoose: (choice: Choice) => void;
  picks: readonly Side[];
  onPick: (overlap: number, side: Side) => void;
}) {
  const name = useId();
  const { field, merge } = conflict;
  const side = (value: Side) => (
    <Option
      name={name}
      value={value}
      checked={choice === value}
      onChoose={() => onChoose(value)}
      label={value === "theirs" ? M.theirs(theirName) : M.mine}
    >
      <Version field={field} value={conflict[value]} other={conflict[value === "theirs" ? "mine" : "theirs"]} />
    </Option>
  );
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">{M.fields[field]}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {side("theirs")}
        {side("mine")}
      </div>
      {merge && (
        <>
          <p className="text-sm text-slate-700">{merge.overlaps ? M.overlapHint(merge.overlaps) : M.mergedHint}</p>
          <Option
            name={name}
            value="merged"
            checked={choice === "merged"}
            onChoose={() => onChoose("merged")}
            label={M.merged}
            holdsChoices={merge.overlaps > 0}
          >
            <MergedContent
              name={name}
              merge={merge}
              theirName={theirName}
              picks={picks}
              onPick={(overlap, picked) => {
                onPick(overlap, picked);
                onChoose("merged");
              }}
            />
          </Option>
        </>
      )}
    </fieldset>
  );
}

/**
 * A save refused because the post changed since this form opened it: who saved it and when, and
 * the two versions side by side, field by field, with a choice for each (and both edits of the
 * content, merged block by block, with a pick where both changed the same block). Saving is only
 * possible from here, after the differences were shown (docs/decisions/104-conflicts-field-by-field.md).
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
  onSave: (choices: Partial<Record<ConflictField, Choice>>, picks: Side[]) => void;
}) {
  const [choices, setChoices] = useState<Partial<Record<ConflictField, Choice>>>({});
  const [picks, setPicks] = useState<Side[]>([]);
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
          picks={picks}
          onPick={(overlap, side) => setPicks((all) => Object.assign([...all], { [overlap]: side }))}
        />
      ))}
      <Button onClick={() => onSave(choices, picks)} disabled={busy}>
        {M.save}
      </Button>
    </section>
  );
}

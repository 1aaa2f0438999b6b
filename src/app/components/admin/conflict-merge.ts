import { diff3Merge } from "node-diff3";
import type { CmsPost } from "~/shared/blog";
import type { PostFormValues } from "./post-form-values";
import { toFormValues } from "./post-form-values";

/**
 * The field-by-field choice of a refused save (docs/decisions/104-conflicts-field-by-field.md):
 * for each field the two versions differ in, theirs (saved since) or mine (this form); for the
 * content also both edits merged, when they touched different paragraphs. The base of the merge is
 * the version this form loaded, so an edit is told apart from what the other side left alone.
 * The authors are not among the fields: a save keeps the authors its form shows.
 */
export type ConflictField = Exclude<keyof PostFormValues, "authors">;
export type Choice = "theirs" | "mine" | "merged";

export type FieldConflict = {
  field: ConflictField;
  theirs: string;
  mine: string;
  /** Both edits of the content, when they touched different paragraphs. */
  merged?: string;
  /** What a writer would most likely keep: the merge, else the side that changed the field. */
  suggested: Choice;
};

export const CONFLICT_FIELDS: readonly ConflictField[] = [
  "title",
  "slug",
  "summary",
  "coverImage",
  "coverFocus",
  "tags",
  "content",
  "metaTitle",
  "metaDescription",
  "socialImage",
  "canonicalUrl",
  "noindex",
];

/** A field's value as the choice shows and compares it: `noindex` as "true" or "false". */
const textOf = (values: PostFormValues, field: ConflictField) => String(values[field] ?? "");

/**
 * A post's content as its top-level blocks (Quill writes paragraphs, headings, lists, quotes,
 * code and embeds one after another), the unit both edits are compared in.
 */
export function contentBlocks(html: string): string[] {
  return html
    .split(/(?<=<\/(?:p|h[1-6]|ol|ul|blockquote|pre|iframe)>)(?=\s*<)/)
    .map((block) => block.trim())
    .filter(Boolean);
}

/** Both edits of the content over `base`, or undefined when they changed the same paragraphs. */
export function mergeContent(base: string, mine: string, theirs: string): string | undefined {
  const regions = diff3Merge(contentBlocks(mine), contentBlocks(base), contentBlocks(theirs), {
    excludeFalseConflicts: true,
  });
  if (regions.some((region) => region.conflict)) return undefined;
  return regions.flatMap((region) => region.ok ?? []).join("");
}

const same = (a: string, b: string) => a.trim() === b.trim();

/** The fields whose saved and form values differ, with what to suggest for each. */
export function findConflicts(base: CmsPost, mine: PostFormValues, theirsPost: CmsPost): FieldConflict[] {
  const before = toFormValues(base);
  const theirs = toFormValues(theirsPost);
  const conflicts: FieldConflict[] = [];
  for (const field of CONFLICT_FIELDS) {
    const [o, a, b] = [textOf(before, field), textOf(mine, field), textOf(theirs, field)];
    if (same(a, b)) continue;
    const merged = field === "content" && !same(a, o) && !same(b, o) ? mergeContent(o, a, b) : undefined;
    const suggested: Choice = merged !== undefined ? "merged" : same(a, o) ? "theirs" : "mine";
    conflicts.push({ field, theirs: b, mine: a, ...(merged !== undefined && { merged }), suggested });
  }
  return conflicts;
}

/** The form's values once every differing field takes the chosen side. */
export function resolvedValues(
  mine: PostFormValues,
  conflicts: readonly FieldConflict[],
  choices: Partial<Record<ConflictField, Choice>>,
): PostFormValues {
  const values = { ...mine };
  for (const conflict of conflicts) {
    const choice = choices[conflict.field] ?? conflict.suggested;
    const value = choice === "merged" ? (conflict.merged ?? conflict.mine) : conflict[choice];
    Object.assign(values, { [conflict.field]: conflict.field === "noindex" ? value === "true" : value });
  }
  return values;
}

import type { CmsPost } from "~/shared/blog";
import { mergeContent, mergedContent, sameContent, type ContentMerge, type Side } from "./content-merge";
import type { PostFormValues } from "./post-form-values";
import { toFormValues } from "./post-form-values";

/**
 * The field-by-field choice of a refused save (docs/decisions/104-conflicts-field-by-field.md):
 * for each field the two versions differ in, theirs (saved since) or mine (this form); for the
 * content also both edits merged block by block (content-merge.ts), with a side picked for each
 * block both changed. The base of the merge is the version this form loaded, so an edit is told
 * apart from what the other side left alone.
 * The authors are not among the fields: a save keeps the authors its form shows.
 */
export type ConflictField = Exclude<keyof PostFormValues, "authors">;
export type Choice = "theirs" | "mine" | "merged";

export type FieldConflict = {
  field: ConflictField;
  theirs: string;
  mine: string;
  /** Both edits of the content block by block, when both sides changed it. */
  merge?: ContentMerge;
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

const same = (a: string, b: string) => a.trim() === b.trim();

/** The fields whose saved and form values differ, with what to suggest for each. */
export function findConflicts(base: CmsPost, mine: PostFormValues, theirsPost: CmsPost): FieldConflict[] {
  const before = toFormValues(base);
  const theirs = toFormValues(theirsPost);
  const conflicts: FieldConflict[] = [];
  for (const field of CONFLICT_FIELDS) {
    const [o, a, b] = [textOf(before, field), textOf(mine, field), textOf(theirs, field)];
    // The editor and the server spell the same content differently: it is compared by its blocks.
    const equal = field === "content" ? sameContent : same;
    if (equal(a, b)) continue;
    const merge = field === "content" && !equal(a, o) && !equal(b, o) ? mergeContent(o, a, b) : undefined;
    const suggested: Choice = merge ? "merged" : equal(a, o) ? "theirs" : "mine";
    conflicts.push({
      field,
      theirs: b,
      mine: a,
      ...(merge && { merge }),
      suggested,
    });
  }
  return conflicts;
}

/**
 * The form's values once every differing field takes the chosen side; for merged content, `picks`
 * says the side taken where both changed a block, in order (mine when not given).
 */
export function resolvedValues(
  mine: PostFormValues,
  conflicts: readonly FieldConflict[],
  choices: Partial<Record<ConflictField, Choice>>,
  picks: readonly Side[] = [],
): PostFormValues {
  const values = { ...mine };
  for (const conflict of conflicts) {
    const choice = choices[conflict.field] ?? conflict.suggested;
    const value =
      choice === "merged" ? (conflict.merge ? mergedContent(conflict.merge, picks) : conflict.mine) : conflict[choice];
    Object.assign(values, { [conflict.field]: conflict.field === "noindex" ? value === "true" : value });
  }
  return values;
}

import { z } from "zod";
import { slugify } from "./slug";
import { plural } from "./plural";

/** The Tags panel (docs/product.md section 2): rename, merge and delete, each with its post count. */
export const TAGS_MESSAGES = {
  heading: "Tags",
  intro: "Every tag with the number of posts using it. A renamed or merged tag's old address keeps working.",
  empty: "No tags yet. Tags are created when a post names them.",
  name: "Name",
  posts: (n: number) => plural(n, "post"),
  rename: "Rename",
  save: "Save",
  cancel: "Cancel",
  merge: "Merge",
  mergeInto: (name: string) => `Merge "${name}" into`,
  mergeButton: "Merge",
  delete: "Delete",
  deleteConfirm: {
    title: "Delete this tag?",
    description: (name: string, n: number) =>
      `"${name}" will be removed from ${plural(n, "post")}; the posts keep their other tags.`,
    action: "Delete",
  },
  renamed: "Tag renamed",
  merged: "Tags merged",
  deleted: "Tag deleted",
  nameRequired: "A tag name needs at least 2 letters or digits",
  nameTooLong: "A tag name can be at most 50 characters",
  intoRequired: "Choose the tag to merge into",
  invalidId: "Invalid tag ID",
  notFound: (id: number) => `Tag ${id} not found.`,
  suggestions: "Existing tags",
} as const;

export const tagRenameSchema = z.strictObject({
  name: z
    .string({ error: TAGS_MESSAGES.nameRequired })
    .trim()
    .max(50, TAGS_MESSAGES.nameTooLong)
    .refine((v) => slugify(v).length >= 2, TAGS_MESSAGES.nameRequired),
});

export const tagMergeSchema = z.strictObject({
  into: z
    .number({ error: TAGS_MESSAGES.intoRequired })
    .int(TAGS_MESSAGES.intoRequired)
    .positive(TAGS_MESSAGES.intoRequired),
});

export type TagWithCount = { id: number; name: string; slug: string; posts: number };

import type { z } from "zod";
import { fieldErrors } from "~/shared/field-errors";
import { slugify } from "~/shared/slug";
import { tagMergeSchema, tagRenameSchema, TAGS_MESSAGES, type TagWithCount } from "~/shared/tags";
import { ValidationError } from "~/server/http/errors";
import type { Tag } from "~/server/store/types";
import type { Store } from "~/server/records/store";

export type TagService = {
  /** Every tag, sorted by name, with how many posts (drafts too) use it. */
  listWithCounts(): Promise<TagWithCount[]>;
  /** The slug follows the name, so the post form's tag names keep finding the tag. */
  rename(id: unknown, input: unknown): Promise<Tag>;
  merge(id: unknown, input: unknown): Promise<Tag>;
  remove(id: unknown): Promise<Tag>;
};

function parseId(value: unknown): number {
  const id = typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id < 1)
    throw new ValidationError(TAGS_MESSAGES.invalidId, { id: [TAGS_MESSAGES.invalidId] });
  return id;
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw new ValidationError(Object.values(errors)[0]![0]!, errors);
  }
  return result.data;
}

/** The Tags panel's service, behind /api/admin/tags and the panel's route module. */
export function createTagService(store: Store): TagService {
  return {
    async listWithCounts() {
      const counts = new Map<number, number>();
      for (const post of await store.listPosts()) {
        for (const tag of post.tags) counts.set(tag.id, (counts.get(tag.id) ?? 0) + 1);
      }
      return (await store.listTags()).map((t) => ({
        id: t.id,
        name: t.name,
        slug: t.slug,
        posts: counts.get(t.id) ?? 0,
      }));
    },
    // The store's write looks each tag up once and answers the 404 (tag-changes.ts).
    async rename(rawId, input) {
      const id = parseId(rawId);
      const { name } = parse(tagRenameSchema, input);
      return store.renameTag(id, { name, slug: slugify(name) });
    },
    async merge(rawId, input) {
      const id = parseId(rawId);
      const { into } = parse(tagMergeSchema, input);
      return store.mergeTags(id, into);
    },
    async remove(rawId) {
      return store.deleteTag(parseId(rawId));
    },
  };
}

import { showsTag } from "~/shared/page-cache";
import { EVERYTHING, type ShownKind } from "~/server/page-cache/shown-kind";
import { MOST_LISTED } from "~/server/posts/post-shown";
import { changedRecords } from "~/server/store/changed-records";
import type { Tag } from "~/server/store/types";

/**
 * Tags on the public pages: a tag's own record touches its pages at its old and new slug; the
 * posts carrying it are changes of their own.
 */
export const TAGS_SHOWN: ShownKind<"tags"> = {
  key: "tags",
  kind: "tags",
  describe(before, after) {
    if (before.data.tags === after.data.tags) return undefined;
    const tagsById = new Map(before.data.tags.map((tag) => [tag.id, tag]));
    const { upsert, remove } = changedRecords(before.data.tags, tagsById, after.data.tags);
    if (upsert.length + remove.length > MOST_LISTED) return EVERYTHING;
    const was = (id: number): { before?: Tag } => {
      const tag = tagsById.get(id);
      return tag === undefined ? {} : { before: tag };
    };
    return [...upsert.map((tag) => ({ ...was(tag.id), after: tag })), ...remove.map(was)];
  },
  topics(changes, topics) {
    for (const { before, after } of changes) for (const tag of [before, after]) if (tag) topics.add(showsTag(tag.slug));
    return true;
  },
  firstPages() {},
};

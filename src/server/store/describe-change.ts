import { cardMarkOf } from "~/server/posts/post-view";
import { siteOf } from "~/server/site/site-changes";
import { changedRecords } from "./changed-records";
import type { Snapshot } from "./db-snapshot";
import type { SiteContent } from "~/shared/site-content";
import type { ContentChange, Post, PostMark, Tag } from "./types";

/**
 * Past this many changed posts and tags a write is described as "everything" (undefined): a purge,
 * a restore or an instance reading every table again would drop most pages anyway, and listing
 * 10,000 posts would cost more than rendering the few pages readers ask for next.
 */
export const MOST_LISTED = 100;

const markOf = (post: Post): PostMark => ({
  id: post.id,
  slug: post.slug,
  published: post.published,
  createdAt: post.createdAt,
  tagSlugs: post.tags.map((tag) => tag.slug),
  card: cardMarkOf(post),
});

/**
 * What a write did to posts and tags, read off the committed snapshots rather than told by each
 * change function (docs/decisions/068-changes-described-by-the-store.md): records are frozen and
 * shared, so a record that is not the very same object under its id was added, changed or removed
 * (changed-records.ts). The same function describes this instance's writes and, with PostgreSQL,
 * another instance's once they are read back, so every instance drops the same pages.
 */
export function describeChange(before: Snapshot, after: Snapshot): ContentChange {
  const posts =
    before.data.posts === after.data.posts
      ? { upsert: [], remove: [] }
      : changedRecords(before.data.posts, before.postsById, after.data.posts);
  if (posts.upsert.length + posts.remove.length > MOST_LISTED) return undefined;
  const tagsById = new Map(before.data.tags.map((tag) => [tag.id, tag]));
  const tags =
    before.data.tags === after.data.tags
      ? { upsert: [], remove: [] }
      : changedRecords(before.data.tags, tagsById, after.data.tags);
  if (tags.upsert.length + tags.remove.length > MOST_LISTED) return undefined;
  const postWas = (id: number) => withBefore(before.postsById.get(id), markOf);
  const tagWas = (id: number) => withBefore(tagsById.get(id), (tag: Tag) => tag);
  return {
    posts: [
      ...posts.upsert.map((post) => ({ ...postWas(post.id), after: markOf(post) })),
      ...posts.remove.map(postWas),
    ],
    tags: [...tags.upsert.map((tag) => ({ ...tagWas(tag.id), after: tag })), ...tags.remove.map(tagWas)],
    ...publishedSite(before, after),
  };
}

function withBefore<R, M>(record: R | undefined, mark: (record: R) => M): { before?: M } {
  return record === undefined ? {} : { before: mark(record) };
}

/** The published site content on both sides, when it changed (a draft's save changes no page). */
function publishedSite(before: Snapshot, after: Snapshot): { site?: { before: SiteContent; after: SiteContent } } {
  if (before.data.site?.published === after.data.site?.published) return {};
  return { site: { before: siteOf(before).published, after: siteOf(after).published } };
}

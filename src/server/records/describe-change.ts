import { cardMarkOf } from "~/server/posts/post-view";
import { siteOf } from "~/server/site/site-changes";
import { changedRecords } from "~/server/store/changed-records";
import type { Snapshot } from "~/server/store/db-snapshot";
import type { SiteContent } from "~/shared/site-content";
import type { ContentChange, Post, PostMark, Tag, User, UserMark } from "~/server/store/types";
import { authorsOf } from "~/server/posts/post-authors";

/**
 * Past this many changed posts and tags a write is described as "everything" (undefined): a purge,
 * a restore or an instance reading every table again would drop most pages anyway, and listing
 * 10,000 posts would cost more than rendering the few pages readers ask for next.
 */
export const MOST_LISTED = 100;

const markOf = (post: Post, snap: Snapshot): PostMark => ({
  id: post.id,
  slug: post.slug,
  published: post.published,
  publishedAt: post.publishedAt ?? post.createdAt,
  tagSlugs: post.tags.map((tag) => tag.slug),
  card: cardMarkOf(post),
  authorNames: authorsOf(post).flatMap((id) => snap.usersById.get(id)?.username ?? []),
});

const userMarkOf = ({ username, displayName, bio, avatar }: User): UserMark => ({ username, displayName, bio, avatar });

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
  const postWas = (id: number) => withBefore(before.postsById.get(id), (post: Post) => markOf(post, before));
  const tagWas = (id: number) => withBefore(tagsById.get(id), (tag: Tag) => tag);
  return {
    posts: [
      ...posts.upsert.map((post) => ({ ...postWas(post.id), after: markOf(post, after) })),
      ...posts.remove.map(postWas),
    ],
    tags: [...tags.upsert.map((tag) => ({ ...tagWas(tag.id), after: tag })), ...tags.remove.map(tagWas)],
    ...profiles(before, after),
    ...publishedSite(before, after),
  };
}

function withBefore<R, M>(record: R | undefined, mark: (record: R) => M): { before?: M } {
  return record === undefined ? {} : { before: mark(record) };
}

/** The users whose public profile a write changed, added or removed; none for a sign-in's or a password's write. */
function profiles(before: Snapshot, after: Snapshot): { users?: { before?: UserMark; after?: UserMark }[] } {
  if (before.data.users === after.data.users) return {};
  const changed: { before?: UserMark; after?: UserMark }[] = [];
  for (const user of after.data.users) {
    const was = before.usersById.get(user.id);
    const [old, now] = [was && userMarkOf(was), userMarkOf(user)];
    if (!old || JSON.stringify(old) !== JSON.stringify(now)) changed.push({ ...(old && { before: old }), after: now });
  }
  for (const user of before.data.users) {
    if (!after.usersById.has(user.id)) changed.push({ before: userMarkOf(user) });
  }
  return changed.length ? { users: changed } : {};
}

/** The published site content on both sides, when it changed (a draft's save changes no page). */
function publishedSite(before: Snapshot, after: Snapshot): { site?: { before: SiteContent; after: SiteContent } } {
  if (before.data.site?.published === after.data.site?.published) return {};
  return { site: { before: siteOf(before).published, after: siteOf(after).published } };
}

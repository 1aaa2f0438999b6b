import type { Post } from "~/server/store/types";

/**
 * Lookups over the published posts, made once per list: the store hands out the same frozen
 * array until a post is written (db-snapshot.ts), so each is built on the first page render after
 * a write and reused by every render until the next, instead of every render scanning 10,000
 * posts (a tag's page, the tag list, a post's related posts).
 */
type Index = {
  /** Each tag's posts, in the list's order (newest first). */
  byTag: Map<string, Post[]>;
  /** Each post's place in the list: 0 is the newest. */
  place: Map<Post, number>;
};

const indexes = new WeakMap<readonly Post[], Index>();

function indexOf(published: readonly Post[]): Index {
  let index = indexes.get(published);
  if (!index) {
    const byTag = new Map<string, Post[]>();
    const place = new Map<Post, number>();
    published.forEach((post, i) => {
      place.set(post, i);
      for (const slug of new Set(post.tags.map((t) => t.slug))) {
        const list = byTag.get(slug);
        if (list) list.push(post);
        else byTag.set(slug, [post]);
      }
    });
    index = { byTag, place };
    indexes.set(published, index);
  }
  return index;
}

/** The posts of the list that carry the tag, newest first (empty when none does). */
export const postsWithTag = (published: readonly Post[], slug: string): readonly Post[] =>
  indexOf(published).byTag.get(slug) ?? [];

/** The slugs of every tag a post of the list carries. */
export const usedTagSlugs = (published: readonly Post[]): ReadonlySet<string> =>
  new Set(indexOf(published).byTag.keys());

/**
 * Up to `limit` posts of the list sharing a tag with `post` (itself left out): most shared tags
 * first, then newest first.
 */
export function relatedPosts(published: readonly Post[], post: Pick<Post, "id" | "tags">, limit: number): Post[] {
  const { byTag, place } = indexOf(published);
  const tags = new Set(post.tags.map((t) => t.slug));
  const candidates = new Set<Post>();
  for (const slug of tags) for (const other of byTag.get(slug) ?? []) if (other.id !== post.id) candidates.add(other);
  return [...candidates]
    .map((p) => ({ p, shared: p.tags.filter((t) => tags.has(t.slug)).length }))
    .sort((a, b) => b.shared - a.shared || place.get(a.p)! - place.get(b.p)!)
    .slice(0, limit)
    .map(({ p }) => p);
}

import { changedRecords } from "./changed-records";
import type { DbFile } from "./db-schema";
import { PatchedMap } from "./patched-map";
import type { ContactMessage, Post, Tag, User } from "./types";

/**
 * One committed state of the database plus the indexes reads need. Everything in it is deeply
 * frozen and shared with callers, so a read costs no copying: the blog holds 10,000 posts and
 * list pages must answer in a few milliseconds (docs/architecture.md section 6). A write builds a new
 * snapshot from the old one, reusing every record and index it did not touch.
 */
export type Snapshot = {
  /** `data.posts` is kept newest first, which is also the order written to db.json. */
  readonly data: DbFile;
  /** Newest published first (docs/decisions/185-published-means-published.md), the public lists' order. */
  readonly published: readonly Post[];
  readonly postsById: ReadonlyMap<number, Post>;
  readonly postsBySlug: ReadonlyMap<string, Post>;
  /** Sorted by name, for tag lists. */
  readonly tags: readonly Tag[];
  readonly tagsBySlug: ReadonlyMap<string, Tag>;
  readonly usersById: ReadonlyMap<number, User>;
  /** Keyed by the lower-cased username: usernames are unique regardless of case. */
  readonly usersByName: ReadonlyMap<string, User>;
  /** Newest first, for the admin inbox. */
  readonly messages: readonly ContactMessage[];
};

// Parsed once per record: sorting 10,000 posts after each write compares them about 140,000 times.
const timeOf = (field: (post: Post) => string | undefined) => {
  const times = new WeakMap<Post, number>();
  return (post: Post) => {
    let t = times.get(post);
    if (t === undefined) {
      t = Date.parse(field(post) ?? "");
      if (Number.isNaN(t)) t = -Infinity; // an unreadable date sorts last instead of at random
      times.set(post, t);
    }
    return t;
  };
};
const created = timeOf((post) => post.createdAt);
// A published post always has one once read (collections/posts.ts completePost); createdAt is the guard.
const publishedTime = timeOf((post) => post.publishedAt ?? post.createdAt);

/** Newest first by createdAt, then by id (Store.listPosts): the admin's lists, drafts among them. */
export const newestFirst = (a: Post, b: Post) => created(b) - created(a) || b.id - a.id;

/** Newest first by publishedAt, then by id: the public lists (docs/decisions/185-published-means-published.md). */
export const newestPublishedFirst = (a: Post, b: Post) => publishedTime(b) - publishedTime(a) || b.id - a.id;

export function deepFreeze<T>(value: T): T {
  // Already-frozen values were frozen here, children first, so they need no second visit.
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}

export const lowerName = (username: string) => username.toLowerCase();

/** Past this many changed posts a write rebuilds the post indexes instead of patching them. */
const PATCH_LIMIT = 64;

export function buildSnapshot(next: DbFile, previous?: Snapshot): Snapshot {
  const prev = previous?.data;
  const patched = previous && next.posts !== prev?.posts ? patchPosts(previous, next.posts) : undefined;
  // Array.prototype.sort is a merge sort that runs in near-linear time on almost sorted input,
  // which is what one new or changed post leaves behind.
  const posts = next.posts === prev?.posts ? next.posts : (patched?.posts ?? [...next.posts].sort(newestFirst));
  const data = deepFreeze({ ...next, posts });
  const same = <K extends keyof DbFile>(key: K) => previous !== undefined && data[key] === prev?.[key];

  const postIndexes = same("posts")
    ? previous!
    : (patched ?? {
        published: Object.freeze(posts.filter((p) => p.published).sort(newestPublishedFirst)),
        postsById: new Map(posts.map((p) => [p.id, p])),
        postsBySlug: new Map(posts.map((p) => [p.slug, p])),
      });
  const tagIndexes = same("tags")
    ? previous!
    : {
        tags: [...data.tags].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
        tagsBySlug: new Map(data.tags.map((t) => [t.slug, t])),
      };
  const userIndexes = same("users")
    ? previous!
    : {
        usersById: new Map(data.users.map((u) => [u.id, u])),
        usersByName: new Map(data.users.map((u) => [lowerName(u.username), u])),
      };
  const messages = same("messages") ? previous!.messages : [...data.messages].sort((a, b) => b.id - a.id);

  return {
    data,
    published: postIndexes.published,
    postsById: postIndexes.postsById,
    postsBySlug: postIndexes.postsBySlug,
    tags: tagIndexes.tags,
    tagsBySlug: tagIndexes.tagsBySlug,
    usersById: userIndexes.usersById,
    usersByName: userIndexes.usersByName,
    messages,
  };
}

/**
 * The post list and indexes of `previous` with a few posts added, changed or removed: copies of
 * the arrays and maps (native, fast) edited in place of a sort and three passes of callbacks over
 * every post. Gives the very same order and maps as a rebuild; undefined when many changed.
 */
function patchPosts(previous: Snapshot, nextPosts: readonly Post[]) {
  const { upsert, remove } = changedRecords(previous.data.posts, previous.postsById, nextPosts);
  if (upsert.length + remove.length > PATCH_LIMIT) return undefined;
  const posts = [...previous.data.posts];
  const published = [...previous.published];
  const gone = [...remove, ...upsert.map((p) => p.id)].map((id) => previous.postsById.get(id)).filter((p) => !!p);
  for (const post of gone) {
    posts.splice(posts.indexOf(post), 1);
    if (post.published) published.splice(published.indexOf(post), 1);
  }
  for (const post of upsert) {
    deepFreeze(post);
    posts.splice(sortedIndex(posts, post, newestFirst), 0, post);
    if (post.published) published.splice(sortedIndex(published, post, newestPublishedFirst), 0, post);
  }
  Object.freeze(posts); // every post in it is frozen, so deepFreeze need not visit them again
  Object.freeze(published);
  const postsById = PatchedMap.patch(
    previous.postsById,
    upsert.map((p) => [p.id, p]),
    remove,
  );
  // A slug given up in this write is removed first, so another post of the write may take it.
  const postsBySlug = PatchedMap.patch(
    previous.postsBySlug,
    upsert.map((p) => [p.slug, p]),
    gone.filter((p) => previous.postsBySlug.get(p.slug) === p).map((p) => p.slug),
  );
  return { posts, published, postsById, postsBySlug };
}

/** Where `post` goes in a newest-first list (binary search with the sort's own comparison). */
function sortedIndex(list: readonly Post[], post: Post, order: (a: Post, b: Post) => number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (order(list[middle]!, post) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

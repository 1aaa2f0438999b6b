import type { DbFile } from "./db-schema";
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
const times = new WeakMap<Post, number>();
const time = (post: Post) => {
  let t = times.get(post);
  if (t === undefined) {
    t = Date.parse(post.createdAt);
    if (Number.isNaN(t)) t = -Infinity; // an unreadable date sorts last instead of at random
    times.set(post, t);
  }
  return t;
};

/** Newest first by createdAt, then by id (Store.listPosts). */
export const newestFirst = (a: Post, b: Post) => time(b) - time(a) || b.id - a.id;

export function deepFreeze<T>(value: T): T {
  // Already-frozen values were frozen here, children first, so they need no second visit.
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}

export const lowerName = (username: string) => username.toLowerCase();

export function buildSnapshot(next: DbFile, previous?: Snapshot): Snapshot {
  const prev = previous?.data;
  // Array.prototype.sort is a merge sort that runs in near-linear time on almost sorted input,
  // which is what one new or changed post leaves behind.
  const posts = next.posts === prev?.posts ? next.posts : [...next.posts].sort(newestFirst);
  const data = deepFreeze({ ...next, posts });
  const same = <K extends keyof DbFile>(key: K) => previous !== undefined && data[key] === prev?.[key];

  const postIndexes = same("posts")
    ? previous!
    : {
        published: posts.filter((p) => p.published),
        postsById: new Map(posts.map((p) => [p.id, p])),
        postsBySlug: new Map(posts.map((p) => [p.slug, p])),
      };
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

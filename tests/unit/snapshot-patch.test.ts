import { describe, expect, it } from "vitest";
import type { DbFile } from "~/server/store/db-schema";
import { buildSnapshot, type Snapshot } from "~/server/store/db-snapshot";
import { PatchedMap } from "~/server/store/patched-map";
import type { Post } from "~/server/store/types";
import { seededRandom } from "../helpers/factories";

/**
 * A write patches the snapshot's post list and indexes instead of rebuilding them
 * (docs/decisions/046-writes-in-time-of-their-change.md): the result must be exactly a rebuild's.
 */
const post = (id: number, minute: number, extra: Partial<Post> = {}): Post => ({
  id,
  title: `Post ${id}`,
  slug: `post-${id}`,
  summary: "",
  content: "<p>x</p>",
  published: id % 3 !== 0,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
  tags: [],
  ...extra,
});

const data = (posts: Post[]): DbFile => ({
  posts,
  tags: [],
  users: [],
  messages: [],
  meta: { nextPostId: 1000, nextTagId: 1, nextUserId: 1, nextMessageId: 1 },
});

const sorted = <K, V>(map: ReadonlyMap<K, V>) =>
  [...map.entries()].sort((a, b) => String(a[0]).localeCompare(String(b[0])));

function expectSameAsRebuild(patched: Snapshot) {
  const rebuilt = buildSnapshot(patched.data);
  expect(patched.data.posts).toEqual(rebuilt.data.posts);
  expect(patched.published).toEqual(rebuilt.published);
  expect(sorted(patched.postsById)).toEqual(sorted(rebuilt.postsById));
  expect(sorted(patched.postsBySlug)).toEqual(sorted(rebuilt.postsBySlug));
  expect(patched.postsById.size).toBe(rebuilt.postsById.size);
  expect(patched.postsBySlug.size).toBe(rebuilt.postsBySlug.size);
  expect(Object.isFrozen(patched.data.posts)).toBe(true);
  for (const p of patched.data.posts) expect(Object.isFrozen(p)).toBe(true);
}

describe("buildSnapshot after a small write", () => {
  it("gives the very order and indexes of a rebuild, over hundreds of creates, edits, slug swaps and deletes", () => {
    const next = seededRandom(7);
    let snap = buildSnapshot(data(Array.from({ length: 200 }, (_, i) => post(i + 1, Math.floor(next() * 50)))));
    let id = 300;
    for (let round = 0; round < 400; round++) {
      const posts = [...snap.data.posts];
      const pick = () => Math.floor(next() * posts.length);
      const action = next();
      if (action < 0.4) posts.unshift(post(++id, Math.floor(next() * 60)));
      else if (action < 0.6) {
        const at = pick();
        posts[at] = {
          ...posts[at]!,
          published: !posts[at]!.published,
          createdAt: post(0, Math.floor(next() * 60)).createdAt,
        };
      } else if (action < 0.75) {
        // Two posts swap slugs in one write.
        const [i, j] = [pick(), pick()];
        if (i !== j)
          [posts[i], posts[j]] = [
            { ...posts[i]!, slug: posts[j]!.slug },
            { ...posts[j]!, slug: posts[i]!.slug },
          ];
      } else if (action < 0.95) posts.splice(pick(), 1);
      else posts.push(post(++id, Math.floor(next() * 60)), post(++id, 5), post(++id, 5));
      snap = buildSnapshot({ ...snap.data, posts }, snap);
      expectSameAsRebuild(snap);
    }
  });

  it("folds its changes into a fresh map once they pile up", () => {
    let map: ReadonlyMap<number, string> = new Map([[1, "a"]]);
    for (let i = 2; i < 600; i++) map = PatchedMap.patch(map, [[i, String(i)]], i % 10 === 0 ? [i - 5] : []);
    expect(map.get(1)).toBe("a");
    expect(map.has(585)).toBe(false);
    expect(map.has(586)).toBe(true);
    expect(map.get(599)).toBe("599");
    expect(map.size).toBe(599 - 59);
    expect([...map.keys()]).toHaveLength(map.size);
  });
});

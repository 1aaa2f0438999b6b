import { describe, expect, it } from "vitest";
import { newestFirst } from "~/server/store/db-snapshot";
import { postsWithTag, relatedPosts, usedTagSlugs } from "~/server/posts/published-index";
import type { Post } from "~/server/store/types";
import { seededRandom } from "../helpers/factories";

/**
 * The lookups made once per write (docs/decisions/046-writes-in-time-of-their-change.md) answer
 * exactly what the scans over every post they replace answered.
 */
const random = seededRandom(11);
const SLUGS = ["a", "b", "c", "d", "e"];
const post = (id: number): Post =>
  Object.freeze({
    id,
    title: `P${id}`,
    slug: `p-${id}`,
    summary: "",
    content: "",
    published: true,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, Math.floor(random() * 40))).toISOString(),
    updatedAt: "2026-01-01T00:00:00.000Z",
    tags: SLUGS.filter(() => random() < 0.35).map((slug, i) => ({ id: i + 1, name: slug, slug })),
  });
const list = (n: number) => Array.from({ length: n }, (_, i) => post(i + 1)).sort(newestFirst);

describe("lookups over the published posts", () => {
  it("postsWithTag, usedTagSlugs and relatedPosts answer what scanning every post answers", () => {
    const published = list(300);
    for (const slug of SLUGS)
      expect(postsWithTag(published, slug)).toEqual(published.filter((p) => p.tags.some((t) => t.slug === slug)));
    expect(usedTagSlugs(published)).toEqual(new Set(published.flatMap((p) => p.tags.map((t) => t.slug))));
    for (const one of published.slice(0, 40)) {
      const tags = new Set(one.tags.map((t) => t.slug));
      const scanned = published
        .filter((p) => p.id !== one.id)
        .map((p, newest) => ({ p, newest, shared: p.tags.filter((t) => tags.has(t.slug)).length }))
        .filter(({ shared }) => shared > 0)
        .sort((a, b) => b.shared - a.shared || a.newest - b.newest)
        .slice(0, 3)
        .map(({ p }) => p);
      expect(relatedPosts(published, one, 3)).toEqual(scanned);
    }
  });
});

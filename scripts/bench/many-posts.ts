import { writeFileSync } from "node:fs";
import path from "node:path";
import type { DbFile } from "~/server/store/db-schema";
import type { Post, Tag } from "~/server/store/types";

/**
 * A data folder with `count` published posts, written straight to db.json in the store's format
 * (src/server/store/db-schema.ts): creating them through the store would rewrite the whole file
 * once per post. About 2.5 KB of content each, so 10,000 posts make a db.json of about 25 MB.
 */
const TAGS: Tag[] = [
  "Product",
  "Healthcare",
  "Retail",
  "Engineering",
  "Airports",
  "Finance",
  "Education",
  "Logistics",
].map((name, i) => ({ id: i + 1, name, slug: name.toLowerCase() }));

/** The tags' slugs, for pages that list a tag's posts. */
export const BENCH_TAG_SLUGS = TAGS.map((tag) => tag.slug);

export const PARAGRAPH =
  "<p>Intelligent queuing lets visitors wait wherever they like and arrive just in time. Service points call " +
  "the next person with one tap, and live wait times keep everyone informed instead of forgotten.</p>";

export const benchPostSlug = (n: number) => `queue-insights-${n}`;

/** The content of the bench's post number `n`: about 330 words, a two-minute read. */
export const benchPostContent = (n: number) => `<h2>Notes ${n}</h2>` + PARAGRAPH.repeat(10);

export function writeManyPosts(dataDir: string, count: number): void {
  const start = Date.parse("2026-01-01T00:00:00.000Z");
  const posts: Post[] = [];
  // Newest first, the order the store keeps (db-snapshot.ts).
  for (let n = count; n >= 1; n--) {
    const at = new Date(start + n * 60_000).toISOString();
    posts.push({
      id: n,
      title: `Queue insights number ${n}: shorter waits, happier customers`,
      slug: benchPostSlug(n),
      summary: `What the ${n}th team learned about waiting lines, wait-time forecasts and calling the next visitor.`,
      content: benchPostContent(n),
      published: true,
      createdAt: at,
      updatedAt: at,
      tags: [TAGS[n % TAGS.length]!, TAGS[(n * 7) % TAGS.length]!].filter((t, i, all) => all.indexOf(t) === i),
    });
  }
  const db: DbFile = {
    posts,
    tags: TAGS,
    users: [],
    messages: [],
    meta: { nextPostId: count + 1, nextTagId: TAGS.length + 1, nextUserId: 1, nextMessageId: 1 },
  };
  writeFileSync(path.join(dataDir, "db.json"), JSON.stringify(db));
}

import { expect, it } from "vitest";
import { sanitizeContent } from "~/server/posts/content";
import { contentOf, contentReady, contentsOf, readingMinutesOf } from "~/server/posts/post-view";
import { readingMinutes } from "~/shared/reading-time";
import { longArticle } from "../helpers/long-content";
import type { Post } from "~/server/store/types";

const PARAGRAPH =
  '<p>Queues <strong>move</strong> when people <a href="https://example.com/x">know</a> when to come back.</p>';

const post = (id: number): Post => ({
  id,
  title: `Post ${id}`,
  slug: `post-${id}`,
  summary: "A summary.",
  content: `<h2>Notes ${id}</h2>${PARAGRAPH.repeat(20)}<script>alert(${id})</script>`,
  published: true,
  createdAt: "2030-01-01T00:00:00.000Z",
  updatedAt: "2030-01-01T00:00:00.000Z",
  tags: [],
});

it("sanitizes a long list in slices, letting other work run in between, and keeps the order", async () => {
  const posts = Array.from({ length: 400 }, (_, i) => post(i + 1));
  let otherWorkRan = false;
  setImmediate(() => (otherWorkRan = true));
  let ranBeforeTheListWasDone = false;
  const contents = await contentsOf(posts).then((result) => {
    ranBeforeTheListWasDone = otherWorkRan;
    return result;
  });
  expect(ranBeforeTheListWasDone).toBe(true);
  expect(contents).toHaveLength(400);
  expect(contents[0]).toBe(`<h2>Notes 1</h2>${PARAGRAPH.repeat(20)}`);
  expect(contents[399]).toBe(`<h2>Notes 400</h2>${PARAGRAPH.repeat(20)}`);
});

it("sanitizes long content in the worker, giving the bytes and reading time sanitizing here gives", async () => {
  const long = { ...post(1), content: longArticle(100_000) };
  const clean = sanitizeContent(long.content);
  expect(clean).not.toBe(long.content);
  expect(await contentReady(long)).toBe(clean);
  expect(contentOf(long)).toBe(clean);
  // A new object with the same content (a tag renamed, a write's own card read) finds it by its text.
  const renamed = { ...long, tags: [{ id: 1, name: "Queues", slug: "queues" }] };
  expect(readingMinutesOf(renamed)).toBe(readingMinutes(clean));
  expect(await contentsOf([{ ...long }, post(2)])).toEqual([clean, sanitizeContent(post(2).content)]);
});

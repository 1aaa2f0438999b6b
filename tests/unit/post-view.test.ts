import { expect, it } from "vitest";
import { contentsOf } from "~/server/posts/post-view";
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

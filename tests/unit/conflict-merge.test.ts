import { describe, expect, it } from "vitest";
import { contentBlocks, findConflicts, mergeContent, resolvedValues } from "~/app/components/admin/conflict-merge";
import { toFormValues } from "~/app/components/admin/post-form-values";
import type { CmsPost } from "~/shared/blog";

const p = (...texts: string[]) => texts.map((t) => `<p>${t}</p>`).join("");

const base: CmsPost = {
  id: 1,
  title: "Queues in the rain",
  slug: "queues-in-the-rain",
  summary: "Why people leave long lines.",
  content: p("One.", "Two.", "Three."),
  published: true,
  status: "published",
  createdAt: "2030-01-01T00:00:00.000Z",
  updatedAt: "2030-01-01T00:00:00.000Z",
  tags: [{ id: 1, name: "Retail", slug: "retail" }],
};

describe("content blocks and their three-way merge", () => {
  it("splits content into its top-level blocks", () => {
    expect(contentBlocks(`${p("a")}<h2>b</h2><ol><li>c</li><li>d</li></ol><iframe src="x"></iframe>`)).toEqual([
      "<p>a</p>",
      "<h2>b</h2>",
      "<ol><li>c</li><li>d</li></ol>",
      '<iframe src="x"></iframe>',
    ]);
  });

  it("keeps both edits when they touched different paragraphs", () => {
    expect(mergeContent(base.content, p("One.", "Two.", "Three, mine."), p("One, theirs.", "Two.", "Three."))).toBe(
      p("One, theirs.", "Two.", "Three, mine."),
    );
    // A paragraph added on one side and another removed on the other.
    expect(mergeContent(base.content, p("One.", "Two.", "Three.", "Four."), p("Two.", "Three."))).toBe(
      p("Two.", "Three.", "Four."),
    );
  });

  it("gives no merge when both changed the same paragraph", () => {
    expect(mergeContent(base.content, p("One.", "Two, mine.", "Three."), p("One.", "Two, theirs.", "Three."))).toBe(
      undefined,
    );
  });
});

describe("the fields of a refused save", () => {
  it("lists only what differs, suggesting the side that changed it, and the merge for content", () => {
    const mine = {
      ...toFormValues(base),
      summary: "My new summary of it.",
      content: p("One.", "Two.", "Three, mine."),
    };
    const theirs = { ...base, title: "Their new title", content: p("One, theirs.", "Two.", "Three.") };
    const conflicts = findConflicts(base, mine, theirs);
    expect(conflicts.map((c) => [c.field, c.suggested])).toEqual([
      ["title", "theirs"],
      ["summary", "mine"],
      ["content", "merged"],
    ]);
    const values = resolvedValues(mine, conflicts, {});
    expect(values).toMatchObject({
      title: "Their new title",
      summary: "My new summary of it.",
      content: p("One, theirs.", "Two.", "Three, mine."),
      tags: "Retail",
    });
    expect(resolvedValues(mine, conflicts, { content: "mine", title: "mine" })).toMatchObject({
      title: base.title,
      content: mine.content,
    });
  });

  it("offers no merge when the content edits overlap, and suggests mine", () => {
    const mine = { ...toFormValues(base), content: p("One.", "Two, mine.", "Three.") };
    const theirs = { ...base, content: p("One.", "Two, theirs.", "Three.") };
    const [content] = findConflicts(base, mine, theirs);
    expect(content).toMatchObject({ field: "content", suggested: "mine" });
    expect(content).not.toHaveProperty("merged");
  });
});

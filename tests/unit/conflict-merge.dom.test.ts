/**
 * The merge of a refused save (docs/decisions/104-conflicts-field-by-field.md,
 * docs/decisions/200-conflicts-merged-by-block.md): the content is merged on the editor's blocks, so
 * two edits of different blocks are both kept whatever the post holds (images, captions, videos,
 * lists), while the form's side is Quill's own HTML and the saved sides are the sanitizer's.
 * The code parses with DOMParser, so these tests run in jsdom.
 */
import { describe, expect, it } from "vitest";
import { findConflicts, resolvedValues } from "~/app/components/admin/conflict-merge";
import { mergeContent, mergedContent, sameContent } from "~/app/components/admin/content-merge";
import { toFormValues } from "~/app/components/admin/post-form-values";
import { blocksHtml, contentBlocks } from "~/app/lib/content-blocks";
import { prepareContentForSave } from "~/app/lib/editor-content";
import type { CmsPost } from "~/shared/blog";
import { sanitizeContent } from "~/server/posts/content";
import { blockPost, type BlockPostOptions } from "../helpers/block-post";

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

/** A post as the editor writes it in root.innerHTML: a figure, a video, a list with Quill's markers. */
const editorPost = (options: BlockPostOptions = {}) => blockPost({ ...options, editor: true });
const item = (text: string) => `<li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>${text}</li>`;
/** The same post as stored: what the save and the server's sanitizer made of the editor's HTML. */
const stored = (options?: BlockPostOptions) => sanitizeContent(prepareContentForSave(editorPost(options)));

/** Merged content as a save stores it. */
const saved = (html: string) => sanitizeContent(prepareContentForSave(html));

describe("content blocks", () => {
  it("reads paragraphs, headings, each list item, figures and embeds as blocks", () => {
    const blocks = contentBlocks(editorPost());
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ["paragraph", "Crowds come in waves."],
      ["figure", "Gate 3 at noon"],
      ["heading", "What helps"],
      ["list-item", "Scan tickets early"],
      ["list-item", "Open more gates"],
      ["list-item", "Tell people the wait"],
      ["embed", ""],
      ["paragraph", "That is all."],
    ]);
    expect(blocks[1]).toMatchObject({ hasImage: true, hasVideo: false });
    expect(blocks[6]).toMatchObject({ hasVideo: true });
  });

  it("gives the editor's HTML and the stored HTML of one post the same blocks", () => {
    expect(stored()).not.toBe(editorPost());
    expect(contentBlocks(stored()).map((b) => b.key)).toEqual(contentBlocks(editorPost()).map((b) => b.key));
    expect(sameContent(stored(), editorPost())).toBe(true);
    expect(sameContent(stored(), editorPost({ caption: "Gate 4" }))).toBe(false);
  });

  it("writes list items back into one list, and an older <ul> list as a bullet list", () => {
    const html = `<p>a</p><ul><li>b</li><li>c</li></ul><p>d</p>`;
    expect(blocksHtml(contentBlocks(html))).toBe(html);
    expect(contentBlocks(html)[1]!.key).toBe(contentBlocks(`<ol>${item("b")}</ol>`)[0]!.key);
  });
});

describe("the three-way merge of the content", () => {
  it("keeps both edits when they touched different paragraphs", () => {
    const merge = mergeContent(base.content, p("One.", "Two.", "Three, mine."), p("One, theirs.", "Two.", "Three."));
    expect(merge.overlaps).toBe(0);
    expect(mergedContent(merge)).toBe(p("One, theirs.", "Two.", "Three, mine."));
    // A paragraph added on one side and another removed on the other.
    expect(mergedContent(mergeContent(base.content, p("One.", "Two.", "Three.", "Four."), p("Two.", "Three.")))).toBe(
      p("Two.", "Three.", "Four."),
    );
  });

  it("keeps both edits of a post with an image, a caption, a video and a list", () => {
    const mine = editorPost({ intro: "Crowds come in waves, mine." });
    const theirs = stored({ items: ["Scan tickets early", "Open more gates, theirs", "Tell people the wait"] });
    const merge = mergeContent(stored(), mine, theirs);
    expect(merge.overlaps).toBe(0);
    const merged = sanitizeContent(prepareContentForSave(mergedContent(merge)));
    expect(merged).toBe(
      stored({
        intro: "Crowds come in waves, mine.",
        items: ["Scan tickets early", "Open more gates, theirs", "Tell people the wait"],
      }),
    );
  });

  it("keeps a caption changed on one side and a list item and a paragraph beside it on the other", () => {
    const mine = editorPost({ caption: "Gate 3, mine", items: ["Scan tickets early", "Open more gates", "New, mine"] });
    const theirs = stored({ intro: "Theirs.", outro: "Theirs too." });
    const merge = mergeContent(stored(), mine, theirs);
    expect(merge.overlaps).toBe(0);
    expect(saved(mergedContent(merge))).toBe(
      stored({
        intro: "Theirs.",
        caption: "Gate 3, mine",
        items: ["Scan tickets early", "Open more gates", "New, mine"],
        outro: "Theirs too.",
      }),
    );
  });

  it("keeps changes to neighbouring blocks, and blocks both added at one place", () => {
    const items = ["Scan tickets early", "Open more gates", "Tell people the wait"];
    const mine = editorPost({ items: ["Scan tickets early, mine", ...items.slice(1)] });
    const theirs = stored({ items: [items[0]!, "Open more gates, theirs", items[2]!] });
    expect(saved(mergedContent(mergeContent(stored(), mine, theirs)))).toBe(
      stored({ items: ["Scan tickets early, mine", "Open more gates, theirs", items[2]!] }),
    );
    const both = mergeContent(p("One."), p("One.", "Mine."), p("One.", "Theirs."));
    expect([both.overlaps, mergedContent(both)]).toEqual([0, p("One.", "Theirs.", "Mine.")]);
    expect(mergedContent(mergeContent(p("One."), p("One.", "Same."), p("One.", "Same.")))).toBe(p("One.", "Same."));
  });

  it("shows an overlap where both changed the same block, and takes the side picked there", () => {
    const mine = editorPost({ caption: "Mine", intro: "Intro, mine." });
    const theirs = stored({ caption: "Theirs", outro: "Outro, theirs." });
    const merge = mergeContent(stored(), mine, theirs);
    expect(merge.overlaps).toBe(1);
    const overlap = merge.parts.find((part) => part.kind === "overlap")!;
    expect(overlap).toMatchObject({
      mine: [{ text: "Mine" }],
      theirs: [{ text: "Theirs" }],
      base: [{ text: "Gate 3 at noon" }],
    });
    expect(saved(mergedContent(merge))).toBe(
      stored({ intro: "Intro, mine.", caption: "Mine", outro: "Outro, theirs." }),
    );
    expect(saved(mergedContent(merge, ["theirs"]))).toBe(
      stored({ intro: "Intro, mine.", caption: "Theirs", outro: "Outro, theirs." }),
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

  it("does not take the editor's spelling of an unchanged post for an edit of it", () => {
    const loaded = { ...base, content: stored() };
    const mine = { ...toFormValues(loaded), title: "My title", content: editorPost() };
    const theirs = { ...loaded, content: stored({ outro: "Theirs." }) };
    const conflicts = findConflicts(loaded, mine, theirs);
    expect(conflicts.map((c) => [c.field, c.suggested])).toEqual([
      ["title", "mine"],
      ["content", "theirs"],
    ]);
    expect(resolvedValues(mine, conflicts, {}).content).toBe(theirs.content);
    // Nothing but the spelling differs: no content to choose.
    expect(findConflicts(loaded, mine, { ...loaded, title: "Theirs" }).map((c) => c.field)).toEqual(["title"]);
  });

  it("merges content that overlaps too, with the side picked for each overlapping block", () => {
    const mine = { ...toFormValues(base), content: p("One.", "Two, mine.", "Three, mine.") };
    const theirs = { ...base, content: p("One, theirs.", "Two, theirs.", "Three.") };
    const [content] = findConflicts(base, mine, theirs);
    expect(content).toMatchObject({ field: "content", suggested: "merged", merge: { overlaps: 1 } });
    expect(resolvedValues(mine, [content!], {}).content).toBe(p("One, theirs.", "Two, mine.", "Three, mine."));
    expect(resolvedValues(mine, [content!], {}, ["theirs"]).content).toBe(
      p("One, theirs.", "Two, theirs.", "Three, mine."),
    );
  });
});

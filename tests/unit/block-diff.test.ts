import { describe, expect, it } from "vitest";
import { blockChanges } from "~/shared/block-diff";

const text = (id: string, html: string) => ({ id, type: "richText", html });

describe("a page's blocks compared between two versions", () => {
  it("names each block added, removed, moved or changed, with a changed text's words", () => {
    const before = [
      text("intro", "<p>Plans for every queue.</p>"),
      text("faq", "<p>Ask us.</p>"),
      text("old", "<p>Gone</p>"),
    ];
    const after = [
      text("faq", "<p>Ask us.</p>"),
      text("intro", "<p>Plans for every big queue.</p>"),
      text("new", "<p>Hi</p>"),
    ];
    const changes = blockChanges(before, after);
    expect(changes.map(({ id, change }) => [id, change])).toEqual([
      ["faq", "moved"],
      ["intro", "changed"],
      ["new", "added"],
      ["old", "removed"],
    ]);
    expect(changes[1]!.words?.filter((w) => w.change)).toEqual([{ value: "big ", change: "added" }]);
  });

  it("finds nothing between two equal versions, and every block added to a first version", () => {
    const blocks = [text("a", "<p>A</p>")];
    expect(blockChanges(blocks, blocks)).toEqual([]);
    expect(blockChanges(undefined, blocks)).toEqual([{ id: "a", type: "richText", change: "added" }]);
  });
});

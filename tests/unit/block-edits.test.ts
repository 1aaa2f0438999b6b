import { describe, expect, it } from "vitest";
import { addBlock, duplicateBlock, newBlockId, toggleHidden } from "~/app/components/admin/pages/block-edits";
import { blockListSchema } from "~/shared/blocks";
import { pageLayout } from "~/shared/page-layouts";

/** The block editor's outline changes (src/app/components/admin/pages/block-edits.ts) keep a page valid. */
describe("block edits", () => {
  const landing = [...pageLayout("landing")!.blocks];

  it("gives a new block an id no block of the page has", () => {
    expect(newBlockId("callToAction", landing)).toBe(`call-to-action-${landing.length + 1}`);
    const added = addBlock(landing, "faq", 0);
    expect(added.at).toBe(1);
    expect(added.blocks[1]?.type).toBe("faq");
    expect(blockListSchema.safeParse(added.blocks).success).toBe(true);
  });

  it("duplicates a block right after it, without its anchor, so the page stays valid", () => {
    const index = landing.findIndex((b) => b.type === "steps");
    const made = duplicateBlock(landing, index);
    expect(made.blocks[index + 1]).toMatchObject({ type: "steps", title: "How it works" });
    expect(made.blocks[index + 1]?.anchor).toBeUndefined();
    expect(blockListSchema.safeParse(made.blocks).success).toBe(true);
  });

  it("hides a block and shows it again, leaving the rest alone", () => {
    const hidden = toggleHidden(landing, 2);
    expect(hidden[2]?.hidden).toBe(true);
    expect(hidden.filter((b) => b.hidden)).toHaveLength(1);
    expect(toggleHidden(hidden, 2)[2]).toEqual(landing[2]);
  });
});

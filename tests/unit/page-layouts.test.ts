import { describe, expect, it } from "vitest";
import { blockListSchema, BLOCK_TYPES } from "~/shared/blocks";
import { PAGE_LAYOUTS, pageLayout } from "~/shared/page-layouts";
import { pageInputSchema } from "~/shared/pages";
import { BLOCK_NAMES } from "~/shared/blocks/block-names";

/** The starting layouts of a new page (src/shared/page-layouts.ts): each valid as it stands. */
describe("page layouts", () => {
  it("offers blank, landing page, pricing, legal text and careers", () => {
    expect(PAGE_LAYOUTS.map((layout) => layout.id)).toEqual(["blank", "landing", "pricing", "legal", "careers"]);
    expect(pageLayout("pricing")?.name).toBe("Pricing");
    expect(pageLayout("nope")).toBeUndefined();
  });

  it.each(PAGE_LAYOUTS.map((layout) => [layout.id, layout] as const))(
    "%s validates against blockListSchema and makes a valid page at its suggested path",
    (_id, layout) => {
      const parsed = blockListSchema.safeParse(layout.blocks);
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
      // Parsing changes nothing: the layout is stored as written.
      expect(parsed.data).toEqual(layout.blocks);
      const page = pageInputSchema.safeParse({ title: layout.name, path: layout.path, blocks: layout.blocks });
      expect(page.success ? [] : page.error.issues).toEqual([]);
    },
  );

  it("gives every layout but the blank one words to rewrite, and the landing page a contact form at #contact", () => {
    for (const layout of PAGE_LAYOUTS.filter((l) => l.id !== "blank")) expect(layout.blocks.length).toBeGreaterThan(0);
    const landing = pageLayout("landing")!.blocks;
    expect(landing[0]?.type).toBe("hero");
    expect(landing.find((block) => block.type === "contactForm")?.anchor).toBe("contact");
  });

  it("names every block type for the palette", () => {
    expect(Object.keys(BLOCK_NAMES).sort()).toEqual([...BLOCK_TYPES].sort());
  });
});

import { z } from "zod";
import { describe, expect, it } from "vitest";
import { shapeOf, startValue, unwrap } from "~/app/components/admin/pages/schema-shape";
import { blockBase, blockSchema, BLOCK_VARIANTS } from "~/shared/blocks";
import { BLOCK_LIMITS } from "~/shared/blocks/block-messages";
import { heroBlockSchema } from "~/shared/blocks/hero";

/** The block editor's forms are drawn from the schemas (docs/decisions/270-block-forms-from-their-schemas.md). */
describe("block forms from their schemas", () => {
  it("knows the kind of every field of every block type, so no field is left out of a form", () => {
    for (const option of blockSchema.options) {
      for (const [name, field] of Object.entries(option.shape)) {
        if (name === "type") continue;
        expect(shapeOf(unwrap(field as z.ZodType).inner).kind, `${option.shape.type.value}.${name}`).not.toBe(
          "unknown",
        );
      }
    }
  });

  it("reads a text's limit for its counter, a list's bounds and a hero's visual as kinds with fields of their own", () => {
    const shape = heroBlockSchema.shape;
    expect(shapeOf(shape.headline)).toEqual({ kind: "text", max: BLOCK_LIMITS.headline, min: 1 });
    expect(shapeOf(shape.buttons)).toMatchObject({ kind: "list", min: 0, max: BLOCK_LIMITS.heroButtons });
    expect(shapeOf(shape.visual)).toMatchObject({ kind: "variants", key: "kind" });
    expect(startValue(shape.visual)).toEqual({ kind: "mock" });
  });

  it("shows an enum as a choice of its values, so a look added to the variants appears with no editor change", () => {
    expect(shapeOf(unwrap(blockBase.shape.variant).inner)).toEqual({ kind: "choice", options: [...BLOCK_VARIANTS] });
    const extended = blockBase.extend({ variant: z.enum([...BLOCK_VARIANTS, "outlined"]).optional() });
    expect(shapeOf(unwrap(extended.shape.variant).inner)).toEqual({
      kind: "choice",
      options: [...BLOCK_VARIANTS, "outlined"],
    });
  });

  it("starts a new list item with its required fields, optional ones left out", () => {
    const button = (heroBlockSchema.shape.buttons as unknown as z.ZodArray<z.ZodType>).element;
    expect(startValue(button)).toEqual({ label: "", href: "" });
  });
});

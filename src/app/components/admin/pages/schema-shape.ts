import { z } from "zod";

/**
 * What the block editor's generated forms read of a block's zod schema (schema-field.tsx): the
 * kind of field, its limits and a starting value, from the schema objects zod 4 builds. A kind
 * not known here is left out of the form, so a new kind of field never breaks the editor.
 */
export type Shape =
  | { kind: "text"; max?: number; min: number }
  | { kind: "number"; min?: number; max?: number }
  | { kind: "boolean" }
  | { kind: "choice"; options: readonly (string | number)[] }
  | { kind: "list"; item: z.ZodType; min: number; max?: number }
  | { kind: "object"; fields: Record<string, z.ZodType> }
  | { kind: "variants"; key: string; options: readonly z.ZodObject[] }
  | { kind: "unknown" };

/** The schema inside an optional one, and whether it was optional. */
export function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean } {
  if (schema instanceof z.ZodOptional) return { inner: schema.unwrap() as z.ZodType, optional: true };
  return { inner: schema, optional: false };
}

type Check = { _zod: { def: { check?: string; minimum?: number; maximum?: number } } };

function lengthBounds(schema: z.ZodType) {
  const checks = ((schema as unknown as { _zod: { def: { checks?: Check[] } } })._zod.def.checks ?? []).map(
    (c) => c._zod.def,
  );
  return {
    min: checks.find((c) => c.check === "min_length")?.minimum ?? 0,
    max: checks.find((c) => c.check === "max_length")?.maximum,
  };
}

export function shapeOf(schema: z.ZodType): Shape {
  if (schema instanceof z.ZodString) {
    return { kind: "text", max: schema.maxLength ?? undefined, min: schema.minLength ?? 0 };
  }
  if (schema instanceof z.ZodNumber) {
    return { kind: "number", min: schema.minValue ?? undefined, max: schema.maxValue ?? undefined };
  }
  if (schema instanceof z.ZodBoolean) return { kind: "boolean" };
  if (schema instanceof z.ZodEnum) return { kind: "choice", options: schema.options };
  if (schema instanceof z.ZodDiscriminatedUnion) {
    const def = (schema as unknown as { _zod: { def: { discriminator: string } } })._zod.def;
    return { kind: "variants", key: def.discriminator, options: schema.options as unknown as z.ZodObject[] };
  }
  if (schema instanceof z.ZodUnion) {
    const options = (schema.options as z.ZodType[]).map((o) => (o instanceof z.ZodLiteral ? o.value : undefined));
    if (options.every((o) => typeof o === "string" || typeof o === "number"))
      return { kind: "choice", options: options };
    return { kind: "unknown" };
  }
  if (schema instanceof z.ZodArray) return { kind: "list", item: schema.element as z.ZodType, ...lengthBounds(schema) };
  if (schema instanceof z.ZodObject) return { kind: "object", fields: schema.shape };
  return { kind: "unknown" };
}

/**
 * A value a new list item or a newly chosen variant starts with: texts empty, the first choice,
 * the shortest list, optional fields left out. The field messages then say what is missing.
 */
export function startValue(schema: z.ZodType): unknown {
  const { inner, optional } = unwrap(schema);
  if (optional) return undefined;
  if (inner instanceof z.ZodLiteral) return inner.value;
  const shape = shapeOf(inner);
  switch (shape.kind) {
    case "text":
      return "";
    case "number":
      return shape.min ?? 0;
    case "boolean":
      return false;
    case "choice":
      return shape.options[0];
    case "list":
      return Array.from({ length: shape.min }, () => startValue(shape.item));
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(shape.fields)) {
        const value = startValue(field);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case "variants":
      return startValue(shape.options[0] as z.ZodType);
    default:
      return undefined;
  }
}

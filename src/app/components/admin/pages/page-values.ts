import type { Block } from "~/shared/blocks";
import { fieldErrors } from "~/shared/field-errors";
import { pageInputSchema, type CmsPage } from "~/shared/pages";

/** What the block editor edits of a page: its writer's fields, settings as text ("" is none). */
export type PageValues = {
  title: string;
  path: string;
  blocks: Block[];
  metaTitle: string;
  metaDescription: string;
  socialImage: string;
  canonicalUrl: string;
  noindex: boolean;
};

export const PAGE_VALUE_FIELDS = [
  "title",
  "path",
  "blocks",
  "metaTitle",
  "metaDescription",
  "socialImage",
  "canonicalUrl",
  "noindex",
] as const satisfies readonly (keyof PageValues)[];

export const valuesOf = (page: CmsPage): PageValues => ({
  title: page.title,
  path: page.path,
  blocks: page.blocks,
  metaTitle: page.metaTitle ?? "",
  metaDescription: page.metaDescription ?? "",
  socialImage: page.socialImage ?? "",
  canonicalUrl: page.canonicalUrl ?? "",
  noindex: page.noindex === true,
});

/**
 * The field messages of the values, from the shared schema the server checks every save with,
 * so the form says before a save what the server's 400 would say ("blocks.2.headline": ...).
 */
export function pageErrors(values: PageValues): Record<string, string> {
  const parsed = pageInputSchema.safeParse(values);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(fieldErrors(parsed.error))) out[key] = messages[0] ?? "";
  return out;
}

/** JSON with every object's keys in order: the server answers a block's fields in its schema's order. */
const stableJson = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

/** Two values alike, as a save would send them, whatever the order of their fields. */
export const sameValue = (a: unknown, b: unknown) => stableJson(a) === stableJson(b);

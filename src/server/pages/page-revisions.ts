import { z } from "zod";
import { pageSnapshotSchema } from "~/server/collections/pages";
import type { Page } from "~/server/store/types";
import { PAGE_CLEARED_BY_EMPTY, type PageInput } from "~/shared/pages";

const SNAPSHOT_FIELDS = Object.entries(pageSnapshotSchema.shape).map(
  ([field, schema]) => [field as keyof Page, schema instanceof z.ZodOptional] as const,
);

/**
 * The fields a revision keeps of a page (its declaration's pageSnapshotSchema); an optional field
 * the page lacks, or holds empty or false, is left out, as a post's revision does.
 */
export function pageSnapshotOf(page: Page): Record<string, unknown> {
  const snapshot: Record<string, unknown> = {};
  for (const [field, optional] of SNAPSHOT_FIELDS) {
    const value = page[field];
    if (optional ? value : value !== undefined) snapshot[field] = value;
  }
  return snapshot;
}

/**
 * A revision's fields as the changes that put them back: a setting the version did not have is
 * removed; its schedule and whether it was published are not put back (publishing is its own step).
 */
export function pageInputOf(snapshot: Record<string, unknown>): Partial<PageInput> {
  const { publishAt: _schedule, published: _published, ...fields } = snapshot;
  const cleared = Object.fromEntries(PAGE_CLEARED_BY_EMPTY.map((key) => [key, ""]));
  return { ...cleared, noindex: false, ...fields };
}

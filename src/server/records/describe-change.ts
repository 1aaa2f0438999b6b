import { EVERYTHING, type Changed } from "~/server/page-cache/shown-kind";
import { SHOWN_KINDS } from "~/server/page-cache/shown-kinds";
import type { Snapshot } from "~/server/store/db-snapshot";
import type { ContentChange } from "~/server/store/types";

/**
 * What a write did to what public pages show, read off the committed snapshots rather than told
 * by each change function (docs/decisions/068-changes-described-by-the-store.md), by each kind's
 * own declaration (page-cache/shown-kinds.ts): records are frozen and shared, so a record that is
 * not the very same object under its id was added, changed or removed (changed-records.ts). The
 * same function describes this instance's writes and, with PostgreSQL, another instance's once
 * they are read back, so every instance drops the same pages. Undefined: too much to list.
 */
export function describeChange(before: Snapshot, after: Snapshot): ContentChange {
  const content: Changed = { posts: [], tags: [] };
  for (const shown of SHOWN_KINDS) {
    const change = shown.describe(before, after);
    if (change === EVERYTHING) return undefined;
    if (change !== undefined) Object.assign(content, { [shown.key]: change });
  }
  return content;
}

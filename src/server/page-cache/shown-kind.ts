import type { Snapshot } from "~/server/store/db-snapshot";
import type { ChangeKind, ContentChange } from "~/server/store/types";

/** What a write changed, by the kind of record public pages show (store/types.ts `ContentChange`). */
export type Changed = NonNullable<ContentChange>;

/** Stands for "too much to list": the change is described as everything. */
export const EVERYTHING = Symbol("everything");

/**
 * A kind of record that public pages show, declared once by its feature
 * (docs/decisions/207-what-pages-show-declared-by-each-kind.md): what a write changed of it, read
 * off the committed snapshots; the page-cache topics (src/shared/page-cache.ts) that touches; and
 * the pages the warmer renders first after it. The store describes every write through these
 * (records/describe-change.ts), and the page cache and the warmer read the descriptions
 * (change-topics.ts), so a new kind of page declares one more of these and nothing else changes.
 */
export type ShownKind<K extends keyof Changed> = {
  key: K;
  /** The kind of write that may change it (store/change.ts). */
  kind: ChangeKind;
  /** What changed of it between the two snapshots: undefined for nothing, EVERYTHING for too much to list. */
  describe(before: Snapshot, after: Snapshot): Changed[K] | undefined | typeof EVERYTHING;
  /** Adds the topics the change touches; false when it touches every page. */
  topics(change: NonNullable<Changed[K]>, topics: Set<string>): boolean;
  /** Adds the pages readers ask for first among those it dropped, and the pages it took away. */
  firstPages(change: NonNullable<Changed[K]>, pages: Set<string>, gone: Set<string>): void;
};

/** Any of them, as a list holds them: each is called only with its own key's change. */
export type AnyShownKind = {
  [K in keyof Changed]-?: Omit<ShownKind<K>, "topics" | "firstPages"> & {
    topics(change: never, topics: Set<string>): boolean;
    firstPages(change: never, pages: Set<string>, gone: Set<string>): void;
  };
}[keyof Changed];

import type { ContentContext } from "./clean-content";
import type { ImportedAuthor, ImportedState, ImportedTag } from "./import-changes";

/**
 * One item of an export, WordPress's or Ghost's, as the importer takes it (importer.ts): what it
 * is, its state here, its HTML before cleaning, and its old addresses.
 */
export type SourcePost = {
  source: string;
  title: string;
  slug: string;
  html: string;
  excerpt: string;
  /** A page comes across as a page of one rich-text block (docs/decisions/256-imported-pages-as-block-pages.md). */
  page?: boolean;
  /** A post or a page is imported; any other type is left out, reported as `skip`. */
  skip?: string;
  state: ImportedState;
  /** What the report says of it before its content is cleaned (password-protected, private). */
  notes: string[];
  createdAt: string;
  updatedAt: string;
  publishedAt?: string;
  authors: ImportedAuthor[];
  tags: ImportedTag[];
  cover?: { url: string; alt: string };
  /** Its addresses on the old site, each answering 301 here (docs/decisions/251-old-addresses-kept-as-redirects.md). */
  oldPaths: string[];
};

/** An item that could not be read: reported and left out, the rest goes on. */
export type BrokenItem = { source: string; title: string; broken: string };

export type SourceExport = {
  context: ContentContext;
  /** Read as it goes (WordPress) or from the parsed file (Ghost). */
  items: AsyncIterable<SourcePost | BrokenItem> | Iterable<SourcePost | BrokenItem>;
};

/** A date as UTC ISO 8601, or undefined for none (WordPress writes "0000-00-00 00:00:00" for a draft's). */
export function utc(value: string | undefined | null): string | undefined {
  const text = value?.trim();
  if (!text || text.startsWith("0000")) return undefined;
  // WordPress's "2024-05-03 10:00:00" (its _gmt fields are UTC); anything else as Date reads it.
  const iso = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text) ? `${text.replace(" ", "T")}Z` : text;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** A path of an address on the old site, without its origin and trailing slash; undefined for another site's. */
export function oldPathOf(link: string | undefined, origins: readonly string[]): string | undefined {
  if (!link) return undefined;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if (!origins.includes(url.origin)) return undefined;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  return path === "/" ? undefined : path;
}

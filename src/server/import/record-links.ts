import { decodeEntities } from "~/shared/embeds";
import { escapeHtml } from "~/shared/escape-html";

/**
 * A link in imported content to another post or page of the same export, by its source
 * ("wordpress:20"). Cleaning writes `href`, its best address before the import is written (a
 * post's `/blog/<slug>`, a page's old path); the batch's write makes it the record's address here,
 * known only then: a page whose slug is an address of the site, or a taken slug, gets another
 * (docs/decisions/265-links-between-imported-records.md).
 */
export type RecordLink = { source: string; href: string };

/** A link's target: the address of a record by its source, or undefined while it is not written. */
export type AddressOf = (source: string) => string | undefined;

/** Links of some HTML, of a record's, whose target was not yet written: made right by a later write. */
export type PendingLinks = { source: string; links: RecordLink[] };

/**
 * The HTML with each link to a record of the export leading to its address, in one pass (a link
 * already rewritten is never read again), the fragment kept; answers too the links whose record
 * is not known yet, left at `href`.
 */
export function relinkHtml(
  html: string,
  links: readonly RecordLink[] | undefined,
  addressOf: AddressOf,
): { html: string; pending: RecordLink[] } {
  if (!links?.length) return { html, pending: [] };
  const to = new Map<string, string>();
  const pending: RecordLink[] = [];
  for (const link of links) {
    const address = addressOf(link.source);
    if (address === undefined) pending.push(link);
    else if (address !== link.href) to.set(link.href, address);
  }
  if (to.size === 0) return { html, pending };
  const relinked = html.replace(
    /(<a\b[^>]*?\bhref=")([^"#]*)((?:#[^"]*)?")/gi,
    (whole, start: string, href: string, rest: string) => {
      const address = to.get(decodeEntities(href));
      return address === undefined ? whole : `${start}${escapeHtml(address)}${rest}`;
    },
  );
  return { html: relinked, pending };
}

/** Several records' links as one list, each target once. */
export function uniqueLinks(links: readonly RecordLink[]): RecordLink[] {
  const seen = new Set<string>();
  return links.filter((link) => {
    const key = `${link.source}\n${link.href}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

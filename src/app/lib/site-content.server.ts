import type { AppLoadContext } from "react-router";
import type { SiteContent } from "~/shared/site-content";
import { showsHeader } from "~/shared/page-cache";

/** A preview names who asks, so no browser, proxy or search engine keeps it (020-draft-preview.md). */
export const SITE_PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/**
 * The site content a page shows (src/server/site/site-service.ts): the draft for an editor's
 * `?preview`, which may then be framed by the Site tab, the published content otherwise. Answers
 * the headers the page sends: its topics for the page cache, or the preview's.
 */
export async function siteContentFor(
  request: Request,
  context: AppLoadContext,
  topics: readonly string[],
): Promise<{ content: SiteContent; preview: boolean; headers: Record<string, string> }> {
  const { content, preview } = await context.site.forRequest(request);
  if (preview) context.framing.sameOrigin = true;
  return { content, preview, headers: preview ? SITE_PREVIEW_HEADERS : showsHeader(topics) };
}

/** The industries a page's cards show, in order, with only what a card reads. */
export const industryCards = (content: SiteContent) =>
  content.industries
    .filter((i) => i.shown)
    .map(({ id, title, description, features, icon }) => ({ id, title, description, features, icon }));

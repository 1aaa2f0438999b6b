import { escapeHtml } from "~/shared/escape-html";
/**
 * The emergency HTML generator of docs/product.md sections 2 and 5: a complete, self-contained page built in
 * the browser from a title, an optional cover image and summary, and the writer's raw HTML. Pure
 * string functions, so the unit tests run them without a DOM.
 *
 * The content is the writer's own HTML and goes in as it is (that is the tool's purpose: a page
 * to host somewhere by hand when the CMS is down); everything else is escaped.
 */
export type StandalonePage = { title: string; coverImage?: string; summary?: string; content: string };

// docs/product.md section 5 "Pasting into the HTML tool wraps any iframe in a responsive video container":
// an iframe with its closing tag, or a lone opening tag when the paste has none.
const IFRAME = /<iframe\b[^>]*>(?:[\s\S]*?<\/iframe\s*>)?/gi;
const OPEN = '<div class="video-container">';

/** Wraps every iframe in `<div class="video-container">`; one already wrapped is left alone, so
 * wrapping on paste and again on Generate never nests containers. */
export function wrapIframes(html: string): string {
  return html.replace(IFRAME, (frame, at: number) =>
    html
      .slice(Math.max(0, at - OPEN.length - 20), at)
      .trimEnd()
      .endsWith(OPEN)
      ? frame
      : `${OPEN}${frame}</div>`,
  );
}

export function hasIframe(html: string): boolean {
  return /<iframe\b/i.test(html);
}

// Minimal, readable defaults; `.video-container` keeps a 16:9 frame at any width.
const STYLES = `
    body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; line-height: 1.6; color: #1e293b; background: #fff; }
    main { max-width: 760px; margin: 0 auto; padding: 2rem 1rem; }
    h1 { font-size: 2rem; line-height: 1.25; margin: 0 0 1rem; }
    .summary { font-size: 1.125rem; color: #475569; }
    .cover { display: block; width: 100%; max-height: 400px; object-fit: cover; border-radius: 8px; margin: 1rem 0; }
    img { max-width: 100%; height: auto; }
    a { color: #4338ca; }
    .video-container { position: relative; width: 100%; padding-bottom: 56.25%; height: 0; overflow: hidden; margin: 1.5rem 0; }
    .video-container iframe { position: absolute; top: 0; left: 0; width: 100%; height: 100%; border: 0; }`;

/** The whole document, doctype to `</html>`, ready to save as a .html file. */
export function buildStandaloneHtml({ title, coverImage = "", summary = "", content }: StandalonePage): string {
  const cover = coverImage.trim();
  const about = summary.trim();
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '  <meta charset="utf-8">',
    '  <meta name="viewport" content="width=device-width, initial-scale=1">',
    `  <title>${escapeHtml(title.trim())}</title>`,
    ...(about ? [`  <meta name="description" content="${escapeHtml(about)}">`] : []),
    `  <style>${STYLES}\n  </style>`,
    "</head>",
    "<body>",
    "  <main>",
    "    <article>",
    `      <h1>${escapeHtml(title.trim())}</h1>`,
    ...(about ? [`      <p class="summary">${escapeHtml(about)}</p>`] : []),
    ...(cover ? [`      <img class="cover" src="${escapeHtml(cover)}" alt="${escapeHtml(title.trim())}">`] : []),
    `      <div class="content">\n${wrapIframes(content.trim())}\n      </div>`,
    "    </article>",
    "  </main>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

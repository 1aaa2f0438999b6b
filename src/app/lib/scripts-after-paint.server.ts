/**
 * Makes a rendered page fetch its JavaScript after its first paint, not while the browser is
 * still laying it out (docs/decisions/032-javascript-after-first-paint.md).
 *
 * React Router writes a `<link rel="modulepreload">` for every chunk of the page (React hoists
 * them into the head) and a module script that imports the route modules statically, so about
 * 120 KB of JavaScript is on the wire before the first paint. None of it is needed for that
 * paint: the page is whole in its HTML. This rewrites both, in the HTML the server sends:
 *
 * - the modulepreload links leave the head;
 * - the module script first waits for the first paint (AFTER_FIRST_PAINT below), then adds the
 *   same modulepreload links, so the chunks still load in parallel and not as a chain of
 *   imports, then imports the route modules with `import()` and runs the rest of React Router's
 *   code unchanged: it sets the route modules and the manifest on `window` and imports the
 *   client entry, which hydrates.
 *
 * React does not compare an inline script's text when it hydrates, and it finds the links in the
 * head by `rel` and `href` (or adds them), so the page hydrates as before. Only scripts carrying
 * the render's nonce are rewritten: text from a post can never be taken for React Router's loader.
 * In development the page is left as it is: Vite's hot reload runtime must load first.
 */
export function scriptsAfterFirstPaint(html: Buffer, nonce: string): Buffer {
  // On the bytes React wrote, like markedScripts: only the links and the loader are decoded.
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0) return html;
  const loaderStart = Buffer.from(`<script nonce="${nonce}" type="module" async="">`);
  const start = html.indexOf(loaderStart, headEnd);
  const end = start < 0 ? -1 : html.indexOf("</script>", start);
  if (end < 0) return html;
  const code = html.subarray(start + loaderStart.length, end).toString("utf8");
  const imports = [...code.matchAll(STATIC_IMPORT)];
  if (!imports.length) return html;

  // React writes the links side by side: only that stretch of the head is read and rewritten.
  const preloads: string[] = [];
  const linksStart = html.indexOf(PRELOAD_TAG);
  const loaderBody = start + loaderStart.length;
  let head = [html.subarray(0, loaderBody)];
  if (linksStart >= 0 && linksStart < headEnd) {
    const linksEnd = html.indexOf(">", html.lastIndexOf(PRELOAD_TAG, headEnd)) + 1;
    const links = html.subarray(linksStart, linksEnd).toString("utf8");
    const rest = links.replace(MODULE_PRELOAD, (_link, href: string) => (preloads.push(href), ""));
    head = [html.subarray(0, linksStart), Buffer.from(rest), html.subarray(linksEnd, loaderBody)];
  }

  const names = imports.map(([, name]) => name ?? "").join(", ");
  const modules = imports.map(([, , url]) => `import(${url})`).join(", ");
  const deferred = [
    AFTER_FIRST_PAINT,
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `const [${names}] = await Promise.all([${modules}]);`,
    code.replace(STATIC_IMPORT, ""),
  ].join("\n");
  return Buffer.concat([...head, Buffer.from(deferred), html.subarray(end)]);
}

/**
 * Resolves once the browser reports the page's first contentful paint (Paint Timing; the entry
 * comes after the frame is on screen, where two animation frames can still be short of it), at
 * once in a hidden tab, which paints nothing until it is shown, and after two animation frames in
 * a browser without paint entries. The timer is a last resort for a page that never paints text:
 * its scripts then load a second after the loader ran, as they would have without it.
 */
const AFTER_FIRST_PAINT = `await new Promise((go) => {
  if (document.hidden) return go();
  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return requestAnimationFrame(() => requestAnimationFrame(go));
  new PerformanceObserver((list) => list.getEntriesByName("first-contentful-paint").length && go()).observe({ type: "paint", buffered: true });
  document.addEventListener("visibilitychange", go, { once: true });
  setTimeout(go, 1000);
});`;

/**
 * React Router's preload links as React renders them, with the render's nonce (`crossOrigin` and
 * `integrity` are not used here).
 */
const PRELOAD_TAG = '<link rel="modulepreload" ';
const MODULE_PRELOAD = /<link rel="modulepreload" href="(\/[^"]+)"(?: nonce="[\w-]+")?\/>/g;

/** React Router's static imports in its loader: `import "url";` or `import * as name from "url";`. */
const STATIC_IMPORT = /^import (?:\* as (\w+) from )?("[^"\n]+");/gm;

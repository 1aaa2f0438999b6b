import { Script } from "node:vm";
import { describe, expect, it } from "vitest";
import { scriptsAfterFirstPaint as rewrite } from "~/app/lib/scripts-after-paint.server";

/** The rewrite works on the bytes React wrote; the tests read and write text. */
const scriptsAfterFirstPaint = (html: string, nonce: string) => rewrite(Buffer.from(html), nonce).toString("utf8");

const NONCE = "n0nce-Value_1";

/** A page as React renders React Router's <Scripts> with the render's nonce (the shape of 7.x). */
function page({ manifestImport = false, body = "<main><p>Hello</p></main>" } = {}) {
  const links = ["/assets/entry.client-A.js", "/assets/site-B.js", "/assets/root-C.js", "/assets/home-D.js"]
    .map((href) => `<link rel="modulepreload" href="${href}" nonce="${NONCE}"/>`)
    .join("");
  const loader = [
    manifestImport ? 'import "/assets/manifest-1.js";' : ";",
    'import * as route0 from "/assets/root-C.js";',
    'import * as route1 from "/assets/home-D.js";',
    '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
    "",
    'import("/assets/entry.client-A.js");',
  ].join("\n");
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="icon" href="/favicon.svg"/>${links}` +
    `<style id="app-css">p{color:red}</style></head><body>${body}` +
    `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>` +
    `<script nonce="${NONCE}" type="module" async="">${loader}</script>` +
    `<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script></body></html>`
  );
}

const loaderOf = (html: string) => /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;

describe("scriptsAfterFirstPaint (docs/decisions/032-javascript-after-first-paint.md)", () => {
  it("takes the modulepreload links out of the head and leaves the rest of the page as it was", () => {
    const before = page();
    const after = scriptsAfterFirstPaint(before, NONCE);
    expect(after).not.toContain('rel="modulepreload"');
    expect(after).toContain('<link rel="icon" href="/favicon.svg"/><style id="app-css">p{color:red}</style></head>');
    expect(after.slice(after.indexOf("</head>"), after.indexOf("<script"))).toBe(
      before.slice(before.indexOf("</head>"), before.indexOf("<script")),
    );
    expect(after).toContain(`<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`);
    expect(after).toContain(`<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script>`);
  });

  it("waits for the first contentful paint, then preloads the same chunks and imports the route modules", () => {
    const code = loaderOf(scriptsAfterFirstPaint(page(), NONCE));
    expect(code).not.toMatch(/^import /m);
    const wait = code.slice(0, code.indexOf("\n});") + 4);
    expect(wait).toMatch(/^await new Promise/);
    expect(wait).toContain('getEntriesByName("first-contentful-paint")');
    expect(wait).toContain("document.hidden");
    const [preload, imports] = code.slice(wait.length + 1).split("\n");
    expect(preload).toContain(
      '["/assets/entry.client-A.js","/assets/site-B.js","/assets/root-C.js","/assets/home-D.js"]',
    );
    expect(imports).toBe(
      'const [route0, route1] = await Promise.all([import("/assets/root-C.js"), import("/assets/home-D.js")]);',
    );
    // React Router's own code follows unchanged: the route modules on window, then the client entry.
    expect(code).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};');
    expect(code.trimEnd().endsWith('import("/assets/entry.client-A.js");')).toBe(true);
  });

  it("keeps a bare import (the manifest, when routes are not discovered lazily) in the same order", () => {
    const code = loaderOf(scriptsAfterFirstPaint(page({ manifestImport: true }), NONCE));
    expect(code).toContain(
      'const [, route0, route1] = await Promise.all([import("/assets/manifest-1.js"), import("/assets/root-C.js"), import("/assets/home-D.js")]);',
    );
  });

  it("the loader it writes is valid JavaScript for a module", () => {
    const code = loaderOf(scriptsAfterFirstPaint(page({ manifestImport: true }), NONCE));
    // Compiled, not run: an async function body takes the statements of a module without static imports.
    expect(() => new Script(`(async () => {\n${code}\n})`)).not.toThrow();
    expect(() => new Script(`(async () => {\n${code.replace("Promise.all([", "Promise.all([[")}\n})`)).toThrow();
  });

  it("rewrites only the loader carrying the render's nonce: text from a post is never taken for it", () => {
    const posted = `<p>&lt;script type="module"&gt;</p><script type="module" async="">import * as x from "/evil.js";</script>`;
    const html = page({ body: posted }).replaceAll(NONCE, "other");
    expect(scriptsAfterFirstPaint(html, NONCE)).toBe(html);
  });

  it("leaves a page without React Router's loader (a document with no scripts) as it is", () => {
    const html = "<!DOCTYPE html><html><head><title>x</title></head><body>x</body></html>";
    expect(scriptsAfterFirstPaint(html, NONCE)).toBe(html);
  });
});

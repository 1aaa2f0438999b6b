import { expect, it } from "vitest";
import { PHONE, openPage, waitForHydration } from "../helpers/browser";
import { useSiteAndBrowser } from "../helpers/site-under-test";

// The built server with the sample posts, as `npm run lighthouse` audits it.
const site = useSiteAndBrowser();

const PAGES = ["/", "/industries", "/industries/retail", "/blog", "/blog/how-we-predict-wait-times"];

/**
 * docs/decisions/032-javascript-after-first-paint.md: the page is painted from its HTML alone, and
 * its JavaScript is requested only after that paint, then hydrates it. A phone gets the first
 * screen without waiting for 120 KB of scripts, and Lighthouse's model of the first paint
 * (which counts every script that arrived before it) sees none.
 */
it.each(PAGES)("%s paints before it requests a script, then hydrates cleanly", async (path) => {
  const { page, problems, close } = await openPage(site.browser, PHONE);
  const response = await page.goto(`${site.server.url}${path}`);
  const html = await response!.text();
  const head = html.slice(0, html.indexOf("</head>"));
  // The head starts no script download; the site's chrome asks for no image either (the logo is
  // inline), so besides the site's font (docs/decisions/277-one-self-hosted-variable-font.md) only
  // a page's own picture, such as a post's cover, may be preloaded.
  expect(head).not.toContain('rel="modulepreload"');
  const preloads = (head.match(/<link rel="preload"[^>]*>/g) ?? []).filter((link) => !link.includes('as="font"'));
  if (!path.startsWith("/blog/")) expect(preloads).toEqual([]);
  await waitForHydration(page);

  const { paint, scripts } = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => entry.startTime),
  }));
  expect(paint).toBeGreaterThan(0);
  expect(scripts.length).toBeGreaterThan(0);
  expect(Math.min(...scripts)).toBeGreaterThan(paint!);
  expect(problems).toEqual([]);
  await close();
});

it("a page opened in a hidden tab hydrates without waiting for a frame it will not paint", async () => {
  const { page, problems, close } = await openPage(site.browser, PHONE);
  await page.addInitScript(() => {
    Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
    // A hidden tab gets no animation frames: the loader must not need one.
    window.requestAnimationFrame = () => 0;
  });
  await page.goto(`${site.server.url}/blog`);
  await waitForHydration(page);
  expect(problems).toEqual([]);
  await close();
});

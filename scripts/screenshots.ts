import { mkdirSync } from "node:fs";
import path from "node:path";
import { launchBrowser, openPage } from "../tests/helpers/browser";
import { startServer } from "../tests/helpers/running-server";
import { INDUSTRY_IDS } from "~/shared/industries";

/**
 * `npm run screenshots [-- DIR] [-- --only /path]`: full-page screenshots of every public page at
 * desktop (1280x900) and phone (375x800) size, from the built server on a temporary data folder
 * with the sample posts, for checking the design by eye: the whole page and its first screen.
 * Writes PNGs to DIR (default
 * `screenshots/`, which git ignores).
 */
const VIEWPORTS = { desktop: { width: 1280, height: 900 }, phone: { width: 375, height: 800 } };

const args = process.argv.slice(2);
const onlyAt = args.indexOf("--only");
const only = onlyAt >= 0 ? args.splice(onlyAt, 2)[1] : undefined;
const outDir = path.resolve(args[0] ?? "screenshots");

const pages = [
  "/",
  "/industries",
  ...INDUSTRY_IDS.map((id) => `/industries/${id}`),
  "/blog",
  "/blog?tag=product",
  "/blog/introducing-smart-queues",
  "/blog/retail-checkout-line-better-experience",
  "/no-such-page",
].filter((page) => !only || page === only);

const server = await startServer();
const browser = await launchBrowser();
try {
  mkdirSync(outDir, { recursive: true });
  for (const page of pages) {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const tab = await openPage(browser, viewport, { reducedMotion: "reduce" });
      await tab.page.goto(server.url + page, { waitUntil: "networkidle" });
      const file = path.join(outDir, `${page.replace(/[^\w-]+/g, "_").replace(/^_|_$/g, "") || "home"}-${name}.png`);
      await tab.page.screenshot({ path: file, fullPage: true });
      await tab.page.screenshot({ path: file.replace(/\.png$/, "-first-screen.png") });
      if (tab.problems.length) console.log(`${page} (${name}): ${tab.problems.join("; ")}`);
      await tab.close();
      console.log(file);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

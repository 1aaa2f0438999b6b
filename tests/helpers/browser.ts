import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";

/** Debian's Chromium, never a downloaded one, with the network quiet. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const chromiumPath = () => process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * Chromium for a test file or a script. Under vitest's browser tier it connects to the run's one
 * Chromium (tests/helpers/chromium-server.ts), and `close()` then closes only the contexts this
 * connection made; elsewhere it starts a Chromium of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = process.env.VITEST ? (await import("vitest")).inject("chromiumEndpoint") : undefined;
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

/** The network error a page's request to an outside address ends with (a console error for a subresource). */
export const OUTSIDE_REFUSED = "net::ERR_PROXY_CONNECTION_FAILED";

/**
 * A browser context that reaches only this machine. Nothing in the tests talks to an address
 * outside it (docs/architecture.md section 7): embedded videos and any other outside request go
 * to a proxy on the discard port, which refuses the connection (OUTSIDE_REFUSED above),
 * while 127.0.0.1 and localhost bypass it. A proxy rather than Playwright's `route`: routing sends
 * every request of the page through the test process and turns off the HTTP cache, which made
 * each page load slower.
 */
export function newLocalContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    ...options,
    proxy: { server: "http://127.0.0.1:9", bypass: "127.0.0.1,localhost" },
  });
}

/**
 * A page whose uncaught errors and console errors are collected, so a test can assert the
 * page ran cleanly (hydration mismatches show up here).
 */
export async function openPage(
  browser: Browser,
  viewport = DESKTOP,
  options: Pick<BrowserContextOptions, "javaScriptEnabled" | "reducedMotion" | "userAgent" | "storageState"> = {},
) {
  const context = await newLocalContext(browser, { viewport, ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console.error: ${msg.text()}`);
  });
  return { page, problems, close: () => context.close() };
}

/** Waits until React has hydrated the page, so clicks reach React's handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
}

/**
 * Brings every animation on the page that ends to its end (the cards fade in one after another),
 * so what a test measures, such as colour contrast, is the final state. `finish()` jumps there
 * rather than waiting out the delays and durations, over a second on the pages of cards; the
 * state it leaves is the one the animation would have ended in. An animation cancelled on the way
 * (its element left the page) has nothing left to wait for.
 */
export async function waitForAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => {
          if (a.playState === "running") a.finish();
          return a.finished.then(undefined, () => undefined);
        }),
    ),
  );
}

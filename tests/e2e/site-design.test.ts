import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HERO_ILLUSTRATION_LABEL } from "~/app/components/hero-illustration";
import { INDUSTRIES } from "~/shared/industries";
import { DESKTOP, PHONE, openPage, waitForAnimations, waitForHydration } from "../helpers/browser";
import { useSiteAndBrowser } from "../helpers/site-under-test";

/** The site's look in a real browser: motion, the inline stylesheet after hydration, phone widths. */
const site = useSiteAndBrowser();

const cardAnimations = (selector: string) =>
  `Array.from(document.querySelectorAll(${JSON.stringify(selector)})).map((el) => {
    const style = getComputedStyle(el);
    return [style.animationName, style.animationDelay];
  })`;

/**
 * When each card starts to move and for how long, in seconds: the stagger is in the keyframes
 * (docs/decisions/034-stagger-in-keyframes.md), so a card's start is the offset of its last
 * transparent keyframe and its fade lasts until its first opaque one.
 */
const cardMotion = (selector: string) =>
  `Array.from(document.querySelectorAll(${JSON.stringify(selector)})).map((el) => {
    const [animation] = el.getAnimations();
    const effect = animation.effect;
    const frames = effect.getKeyframes();
    const duration = effect.getTiming().duration / 1000;
    const start = frames.filter((frame) => frame.opacity === "0").at(-1).computedOffset * duration;
    const end = frames.find((frame) => frame.opacity === "1").computedOffset * duration;
    const delay = getComputedStyle(el).animationDelay;
    return [Math.round(start * 100) / 100, Math.round((end - start) * 100) / 100, delay];
  })`;

describe("motion", () => {
  it("/industries fades its cards in one after another, 0.1 s apart", async () => {
    const { page, problems, close } = await openPage(site.browser, DESKTOP);
    await page.goto(`${site.server.url}/industries`);
    await waitForHydration(page);
    const cards = await page.evaluate<[number, number, string][]>(cardMotion("#main .fade-up"));
    // Each card fades up for 0.4 s, 0.1 s after the one before; none waits on an animation-delay,
    // which would wake the main thread every frame while the page hydrates.
    expect(cards).toEqual(INDUSTRIES.map((_, i) => [i / 10, 0.4, "0s"]));
    expect(problems).toEqual([]);
    await close();
  });

  it.each(["/industries", "/blog"])("%s holds still for a reader who asks for reduced motion", async (path) => {
    const { page, close } = await openPage(site.browser, DESKTOP, { reducedMotion: "reduce" });
    await page.goto(site.server.url + path);
    const cards = await page.evaluate<[string, string][]>(cardAnimations(".fade-up"));
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every(([name]) => name === "none")).toBe(true);
    await close();
  });
});

/** How many industry cards each row of the home page's grid holds, top to bottom, read from where their headings sit. */
const industryRows = `(() => {
  const rows = new Map();
  for (const heading of document.querySelectorAll("#industries h3")) {
    const top = Math.round(heading.getBoundingClientRect().top);
    rows.set(top, (rows.get(top) ?? 0) + 1);
  }
  return [...rows.values()];
})()`;

describe("the home page", () => {
  it.each([
    ["a wide screen", DESKTOP, 2],
    ["a phone", PHONE, 1],
  ] as const)("lays the ten industries out so no card is left alone in a row on %s", async (_, viewport, perRow) => {
    const { page, problems, close } = await openPage(site.browser, viewport);
    await page.goto(site.server.url + "/");
    await waitForAnimations(page);
    expect(await page.evaluate<number[]>(industryRows)).toEqual(Array(INDUSTRIES.length / perRow).fill(perRow));
    expect(problems).toEqual([]);
    await close();
  });
});

describe("the typeface", () => {
  it("is Inter from our own /assets, preloaded, and its arrival after the first paint moves no line", async () => {
    const { page, problems, close } = await openPage(site.browser, PHONE);
    const fontRequests: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fontRequests.push(request.url());
    });
    // The font is held back until the page has painted in the fallback, as on a slow phone.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/inter-*.woff2", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(site.server.url + "/", { waitUntil: "domcontentloaded" });
    const preload = await page.$eval('link[rel="preload"][as="font"]', (link) => [
      link.getAttribute("href"),
      link.getAttribute("crossorigin"),
    ]);
    expect(preload).toEqual([expect.stringMatching(/^\/assets\/inter-[\w-]+\.woff2$/), "anonymous"]);
    expect(await page.evaluate(() => document.fonts.check('700 1em "Inter Variable"'))).toBe(false);
    await page.evaluate(() => {
      const w = window as unknown as { shifted: number };
      w.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shifted += (entry as unknown as { value: number }).value;
      }).observe({ type: "layout-shift" });
    });
    release();
    const loaded = await page.evaluate(async () => {
      await document.fonts.load('700 1em "Inter Variable"');
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return document.fonts.check('700 1em "Inter Variable"');
    });
    expect(loaded).toBe(true);
    expect(await page.$eval("h1", (h1) => getComputedStyle(h1).fontFamily)).toMatch(
      /^"Inter Variable", "Inter Fallback"/,
    );
    // The fallback is sized to Inter's metrics: the swap may nudge a glyph, never reflow the page.
    expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBeLessThan(0.01);
    expect(fontRequests.map((url) => new URL(url).origin)).toEqual([site.server.url]);
    expect(problems).toEqual([]);
    await close();
  });
});

describe("the inline stylesheet", () => {
  it("stays in place through hydration and client-side navigation", async () => {
    const { page, problems, close } = await openPage(site.browser, DESKTOP);
    await page.goto(site.server.url + "/");
    await waitForHydration(page);
    const cssLength = () => page.locator("style#app-css").evaluate((el) => el.textContent?.length ?? 0);
    const served = await cssLength();
    expect(served).toBeGreaterThan(10_000);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
    await page.getByRole("heading", { level: 1, name: "Blog" }).waitFor();
    expect(await cssLength()).toBe(served);
    // Styled, not bare: the header is sticky only if the stylesheet applies.
    expect(
      await page
        .locator("header")
        .first()
        .evaluate((el) => getComputedStyle(el).position),
    ).toBe("sticky");
    expect(problems).toEqual([]);
    await close();
  });
});

describe("an industry page", () => {
  it("opens its contact form with its industry chosen, also after hydration", async () => {
    const { page, problems, close } = await openPage(site.browser, PHONE);
    await page.goto(`${site.server.url}/industries/logistics`);
    await waitForHydration(page);
    expect(await page.getByLabel("Industry").inputValue()).toBe("logistics");
    expect(await page.getByRole("link", { name: "Back to Home" }).count()).toBe(1);
    expect(problems).toEqual([]);
    await close();
  });
});

describe("on a phone", () => {
  const pages = [
    "/",
    "/industries",
    ...INDUSTRIES.map((i) => `/industries/${i.id}`),
    "/blog",
    "/blog/how-we-predict-wait-times",
  ];
  // One tab for the pages, each a navigation of its own: a new context per page started with an
  // empty cache and fetched and compiled the same scripts again, for a check of the page's width.
  let tab: Awaited<ReturnType<typeof openPage>>;
  beforeAll(async () => {
    tab = await openPage(site.browser, PHONE);
  });
  afterAll(() => tab.close());

  it.each(pages)("%s fits the screen's width", async (path) => {
    const { page, problems } = tab;
    problems.length = 0; // each page answers for its own
    await page.goto(site.server.url + path);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(problems).toEqual([]);
  });
});

/** A phone of today's common size, taller than PHONE: what a visitor sees before scrolling. */
const PHONE_390 = { width: 390, height: 844 };

describe("the first screen of a phone", () => {
  it("shows the home page's product mock whole, under the hero's words and buttons", async () => {
    const { page, problems, close } = await openPage(site.browser, PHONE_390);
    await page.goto(site.server.url + "/");
    await waitForHydration(page);
    const mock = (await page.getByRole("img", { name: HERO_ILLUSTRATION_LABEL }).boundingBox())!;
    const buttons = (await page.getByRole("link", { name: "Contact Us" }).first().boundingBox())!;
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(mock.y).toBeGreaterThan(buttons.y + buttons.height);
    expect(mock.y + mock.height).toBeLessThanOrEqual(PHONE_390.height);
    expect(problems).toEqual([]);
    await close();
  });

  it("has the menu fold the ten industries behind one row, which the keyboard opens", async () => {
    const { page, problems, close } = await openPage(site.browser, PHONE_390);
    await page.goto(site.server.url + "/");
    await waitForHydration(page);
    await page.locator('summary[aria-controls="mobile-menu"]').focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    const industries = menu.locator("details");
    expect(await industries.getAttribute("open")).toBeNull();
    // About, Technology, then the one row of the industries.
    for (const name of ["About", "Technology"]) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(name);
    }
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("SUMMARY");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Industries");
    // Every row of the closed menu is on the first screen, the industries' as one of them.
    const menuBox = (await menu.boundingBox())!;
    expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(PHONE_390.height);

    await page.keyboard.press("Enter");
    expect(await industries.getAttribute("open")).toBe("");
    const links = industries.getByRole("link");
    expect(await links.allTextContents()).toEqual(INDUSTRIES.map((i) => i.title));
    for (const { title } of INDUSTRIES) expect(await menu.getByRole("link", { name: title }).isVisible()).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(INDUSTRIES[0]!.title);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${site.server.url}/industries/${INDUSTRIES[0]!.id}`);
    expect(await menu.isVisible()).toBe(false);

    // Space closes it again, as a disclosure's button does. The header closes the menu once the
    // new page has rendered, which on a busy machine can come after the address changed: the menu
    // is opened again until it stays open.
    await page.getByRole("heading", { level: 1 }).waitFor();
    const menuButton = page.locator('summary[aria-controls="mobile-menu"]');
    await expect
      .poll(async () => {
        if (!(await menu.isVisible())) await menuButton.click();
        return menu.isVisible();
      })
      .toBe(true);
    await industries.locator("summary").focus();
    await page.keyboard.press("Space");
    expect(await industries.getAttribute("open")).toBeNull();
    expect(problems).toEqual([]);
    await close();
  });
});

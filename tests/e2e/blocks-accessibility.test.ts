import { Jimp } from "jimp";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { BLOCK_VARIANTS, type BlockVariant } from "~/shared/blocks";
import { violations } from "../helpers/axe";
import { BACKGROUND, EVERY_BLOCK, inVariant, renderBlocks } from "../helpers/block-page";
import { DESKTOP, OUTSIDE_REFUSED, PHONE, openPage, waitForAnimations } from "../helpers/browser";
import { useSiteAndBrowser } from "../helpers/site-under-test";

/**
 * docs/architecture.md section 8 for page blocks: a page of every block type, rendered as the
 * server renders it and styled by the built stylesheet (`npm run build`), has no axe violations
 * at desktop and phone widths, with each block in its own default band and in each variant.
 * The stylesheet is inlined in the built server's pages (docs/decisions/030-inline-stylesheet.md),
 * so it is read from one of them. The image variant's picture is a white one, the worst case for
 * its light words: axe cannot measure text over a picture, so the overlay's colour is read from
 * the screen and its contrast computed here.
 */
const site = useSiteAndBrowser();

const documentOf = (body: string, stylesheet: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"><title>Every block</title>` +
  `<style>${stylesheet}</style></head><body><main id="main">${body}</main></body></html>`;

let stylesheet: string;
let whitePicture: Buffer;
beforeAll(async () => {
  whitePicture = await new Jimp({ width: 64, height: 64, color: 0xffffffff }).getBuffer("image/jpeg");
  const home = await (await fetch(`${site.server.url}/`)).text();
  stylesheet = /<style id="app-css">([\s\S]*?)<\/style>/.exec(home)![1]!;
  expect(stylesheet.length).toBeGreaterThan(1000);
});

/** Where the test answers its page of blocks; the server has no page there. */
const PAGE = "/every-block-type";

const PAGES: [string, BlockVariant | undefined][] = [
  ["each block's default band", undefined],
  ...BLOCK_VARIANTS.map((v): [string, BlockVariant] => [`every block ${v}`, v]),
];

describe.each([
  ["desktop", DESKTOP],
  ["phone", PHONE],
])("axe on a page of every block type on the %s", (_, viewport) => {
  it.each(PAGES)("%s has no violations", async (__, variant) => {
    const { page, problems, close } = await openPage(site.browser, viewport);
    const blocks = variant ? inVariant(EVERY_BLOCK, variant) : EVERY_BLOCK;
    // Answered at the server's origin, so the blocks' /media/ addresses are asked of it: the
    // background's with a white picture, the others with the server's own 404.
    await page.route(site.server.url + PAGE, (route) =>
      route.fulfill({ contentType: "text/html", body: documentOf(renderBlocks(blocks), stylesheet) }),
    );
    await page.route(site.server.url + BACKGROUND, (route) =>
      route.fulfill({ contentType: "image/jpeg", body: whitePicture }),
    );
    await page.goto(site.server.url + PAGE);
    if (variant === "image") {
      const overlays = await overlayColours(page);
      expect(overlays).toHaveLength(EVERY_BLOCK.filter((block) => !block.hidden).length);
      for (const colour of overlays) {
        expect(contrast(colour, WHITE)).toBeGreaterThanOrEqual(7);
        expect(contrast(colour, BRAND_200)).toBeGreaterThanOrEqual(4.5);
      }
    }
    // The styles are the built ones: a dark band is really dark, so contrast is measured on it.
    expect(await page.locator("h1").evaluate((h) => getComputedStyle(h).fontWeight)).toBe("800");
    await waitForAnimations(page);
    expect(await violations(page)).toEqual([]);
    // Nothing in the markup asks for more than the page holds; outside requests are refused by openPage.
    expect(problems.filter((p) => !p.includes(OUTSIDE_REFUSED) && !p.includes("404"))).toEqual([]);
    await close();
  });
});

type Rgb = readonly [number, number, number];
const WHITE: Rgb = [255, 255, 255];
/** The image variant's faintest words (tones.ts: muted, brand-200). */
const BRAND_200: Rgb = [0xc7, 0xd2, 0xfe];

/** WCAG 2's relative luminance and contrast ratio. */
const luminance = (rgb: Rgb) => {
  const [r, g, b] = rgb.map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: Rgb, b: Rgb) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

/**
 * The colour each pictured band shows where its overlay is lightest: the overlay runs to the bottom
 * right, so its middle stop lies on the line through the top right corner, which the band's
 * padding leaves free of words. Read once the picture under it has loaded.
 */
async function overlayColours(page: Page): Promise<Rgb[]> {
  const bands = page.locator("section:has(> img[alt=''])");
  const colours: Rgb[] = [];
  for (let i = 0; i < (await bands.count()); i++) {
    const band = bands.nth(i);
    await band.evaluate((el) => el.scrollIntoView({ block: "start" }));
    await band.locator(":scope > img").evaluate((img: HTMLImageElement) =>
      img.complete && img.naturalWidth > 0
        ? undefined
        : new Promise((resolve, reject) => {
            img.addEventListener("load", resolve);
            img.addEventListener("error", reject);
          }),
    );
    const box = (await band.boundingBox())!;
    const shot = await Jimp.read(
      await page.screenshot({ clip: { x: box.x + box.width - 3, y: box.y + 2, width: 1, height: 1 } }),
    );
    const [r, g, b] = shot.bitmap.data;
    colours.push([r!, g!, b!]);
  }
  return colours;
}

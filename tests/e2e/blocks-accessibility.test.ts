import { beforeAll, describe, expect, it } from "vitest";
import { BLOCK_VARIANTS, type BlockVariant } from "~/shared/blocks";
import { violations } from "../helpers/axe";
import { EVERY_BLOCK, inVariant, renderBlocks } from "../helpers/block-page";
import { DESKTOP, PHONE, openPage, waitForAnimations } from "../helpers/browser";
import { useSiteAndBrowser } from "../helpers/site-under-test";

/**
 * docs/architecture.md section 8 for page blocks: a page of every block type, rendered as the
 * server renders it and styled by the built stylesheet (`npm run build`), has no axe violations
 * at desktop and phone widths, with each block in its own default band and in each variant.
 * The stylesheet is inlined in the built server's pages (docs/decisions/030-inline-stylesheet.md),
 * so it is read from one of them.
 */
const site = useSiteAndBrowser();

const documentOf = (body: string, stylesheet: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"><title>Every block</title>` +
  `<style>${stylesheet}</style></head><body><main id="main">${body}</main></body></html>`;

let stylesheet: string;
beforeAll(async () => {
  const home = await (await fetch(`${site.server.url}/`)).text();
  stylesheet = /<style id="app-css">([\s\S]*?)<\/style>/.exec(home)![1]!;
  expect(stylesheet.length).toBeGreaterThan(1000);
});

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
    await page.setContent(documentOf(renderBlocks(blocks), stylesheet));
    // The styles are the built ones: a dark band is really dark, so contrast is measured on it.
    expect(await page.locator("h1").evaluate((h) => getComputedStyle(h).fontWeight)).toBe("800");
    await waitForAnimations(page);
    expect(await violations(page)).toEqual([]);
    // Nothing in the markup asks for more than the page holds; outside requests are refused by openPage.
    expect(problems.filter((p) => !p.includes("ERR_BLOCKED_BY_CLIENT") && !p.includes("404"))).toEqual([]);
    await close();
  });
});

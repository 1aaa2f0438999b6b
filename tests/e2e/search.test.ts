import { describe, expect, it } from "vitest";
import { SEARCH_MESSAGES } from "~/shared/search";
import { SEARCH_LINK_LABEL } from "~/shared/search-link";
import { violations } from "../helpers/axe";
import { DESKTOP, PHONE, openPage, waitForHydration } from "../helpers/browser";
import { useSiteAndBrowser } from "../helpers/site-under-test";

/** The public search (docs/product.md section 11) from the header's link, on the sample site's posts. */
const site = useSiteAndBrowser();
/** A folder to keep screenshots in for a person to look at, when set. */
const SHOTS = process.env.SCREENSHOT_DIR;

describe("search", () => {
  it.each([
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const)(
    "on a %s, the header's link opens the search; a query shows highlighted results; axe finds nothing",
    async (name, viewport) => {
      const { page, problems, close } = await openPage(site.browser, viewport);
      await page.goto(site.server.url + "/blog");
      await waitForHydration(page);
      await page.getByRole("banner").getByRole("link", { name: SEARCH_LINK_LABEL }).click();
      await page.waitForURL(/\/search$/);
      await page.getByText(SEARCH_MESSAGES.hint).waitFor();
      expect(await violations(page)).toEqual([]);

      // One typo and a word's start: "predct" for "Predict", "wai" for "Wait".
      await page.getByLabel(SEARCH_MESSAGES.label).fill("predct wai");
      await page.getByLabel(SEARCH_MESSAGES.label).press("Enter");
      await page.waitForURL(/\/search\?q=predct\+wai$/);
      const result = page.getByRole("main").getByRole("link", { name: "How We Predict Wait Times" });
      await result.waitFor();
      expect(await page.locator("mark").count()).toBeGreaterThan(0);
      expect(await violations(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-${name}.png`, fullPage: true });

      await result.click();
      await page.waitForURL(/\/blog\/[^/]+$/);
      expect(problems).toEqual([]);
      await close();
    },
  );

  it("works without JavaScript: the form's GET renders the results on the server", async () => {
    const { page, close } = await openPage(site.browser, DESKTOP, { javaScriptEnabled: false });
    await page.goto(site.server.url + "/search");
    await page.getByLabel(SEARCH_MESSAGES.label).fill("healthcare");
    await page.getByRole("button", { name: SEARCH_MESSAGES.button }).click();
    await page.waitForURL(/\/search\?q=healthcare$/);
    // The industry, and the sample posts' tag of the same name.
    expect(await page.getByRole("main").getByRole("link", { name: "Healthcare", exact: true }).count()).toBeGreaterThan(
      0,
    );
    expect(await page.locator("mark").count()).toBeGreaterThan(0);
    await close();
  });
});

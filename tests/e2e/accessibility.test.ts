import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "../helpers/axe";
import { DESKTOP, PHONE, openPage, waitForAnimations, waitForHydration } from "../helpers/browser";
import { adminNav } from "../helpers/admin-nav";
import { signedInPages, useSiteAndBrowser } from "../helpers/site-under-test";

/** docs/architecture.md section 8: axe-core finds nothing on the public pages and /admin. */
const PAGES = ["/", "/industries", "/industries/healthcare", "/blog", "/blog?tag=product", "/admin", "/no-such-page"];

const ADMIN = { username: "axe-admin", password: "a long enough secret" };
const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
/** The desktop's and the phone's admin pages share one sign-in. */
const signedIn = signedInPages(site);
let firstPost: string;
beforeAll(async () => {
  const posts = (await (await fetch(`${site.server.url}/api/public/blog/posts`)).json()) as { slug: string }[];
  firstPost = `/blog/${posts[0]!.slug}`;
});

describe.each([
  ["desktop", DESKTOP],
  ["phone", PHONE],
])("axe on the %s", (_, viewport) => {
  // One browser context for the viewport's pages: each new context starts with an empty cache and
  // costs about a second of CPU, and axe reads each page as it is after its own navigation.
  let tab: Awaited<ReturnType<typeof openPage>>;
  beforeAll(async () => {
    tab = await openPage(site.browser, viewport);
  });
  afterAll(() => tab.close());

  it.each(PAGES.concat("POST"))("%s has no violations", async (path) => {
    const { page } = tab;
    await page.goto(site.server.url + (path === "POST" ? firstPost : path));
    await waitForHydration(page);
    // Let the cards' fade-in finish, so contrast is measured on the final colours.
    await waitForAnimations(page);
    expect(await violations(page)).toEqual([]);
  });
});

it("the mobile menu can be opened and used with the keyboard alone", async () => {
  const { page, close } = await openPage(site.browser, PHONE);
  await page.goto(site.server.url + "/");
  await waitForHydration(page);
  // Located by what it controls: its name turns from "Open menu" to "Close menu".
  const toggle = page.locator('summary[aria-controls="mobile-menu"]');
  await toggle.focus();
  await page.keyboard.press("Enter");
  expect(await page.locator("details:has(#mobile-menu)").getAttribute("open")).toBe("");
  await page.keyboard.press("Tab");
  const focused = await page.evaluate(() => document.activeElement?.textContent);
  expect(focused).toBe("About");
  await expect.poll(() => toggle.getAttribute("aria-label")).toBe("Close menu");
  await close();
});

/** The admin's screens, signed in: the navigation (a sidebar, or the phone's opened menu) and a screen's own content. */
describe.each([
  ["desktop", DESKTOP],
  ["phone", PHONE],
])("axe on the admin's screens on the %s", (name, viewport) => {
  let tab: Awaited<ReturnType<typeof openPage>>;
  beforeAll(async () => {
    tab = await signedIn(ADMIN, viewport);
  });
  afterAll(() => tab.close());

  it.each(["/admin", "/admin/posts/1", "/admin/inbox", "/admin/site", "/admin/account"])(
    "%s has no violations",
    async (path) => {
      const { page } = tab;
      await page.goto(site.server.url + path);
      await waitForHydration(page);
      await page.getByRole("heading", { level: 2 }).first().waitFor();
      if (name === "phone") await adminNav(page).getByRole("button").click();
      await waitForAnimations(page);
      expect(await violations(page)).toEqual([]);
    },
  );
});

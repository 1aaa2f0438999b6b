import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { DESKTOP, PHONE, waitForAnimations, waitForHydration } from "../helpers/browser";
import { signedInPages, useSiteAndBrowser } from "../helpers/site-under-test";
import { openScreen } from "../helpers/admin-nav";

/**
 * Every admin tab and tool page at 375 px (and 1280 px): nothing wider than the screen, every
 * button and link of the page inside it, even with a long unbroken title. SCREENSHOT_DIR, when
 * set, keeps a full-page screenshot of each for a person to look at.
 */
const ADMIN = { username: "phone-admin", password: "a long enough secret" };
const LONG_TITLE = "Queueingtheoryforairportsstadiumsandhospitalsexplainedsimply, without jargon, part two";
const SHOTS = process.env.SCREENSHOT_DIR;

const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
/** The phone and the desktop share one sign-in. */
const signedIn = signedInPages(site);

/**
 * A `tab` step opens that screen of the admin (or clicks that tab of a tool page) it is on, so tab steps follow one another without
 * reloading; every other step starts from a fresh load of its page, since it may leave a dialog
 * or an edit open.
 */
type Step = { name: string; path: string; tab?: string; then?: (page: Page) => Promise<void> };

const STEPS: Step[] = [
  { name: "admin-posts", path: "/admin", tab: "Posts", then: (p) => p.getByRole("list", { name: "Posts" }).waitFor() },
  { name: "admin-inbox", path: "/admin", tab: "Inbox" },
  { name: "admin-tags", path: "/admin", tab: "Tags" },
  { name: "admin-media", path: "/admin", tab: "Media" },
  { name: "admin-users", path: "/admin", tab: "Users" },
  { name: "admin-account", path: "/admin", tab: "Account" },
  { name: "admin-trash", path: "/admin", tab: "Trash" },
  { name: "admin-new-post", path: "/admin", tab: "New Post" },
  {
    name: "admin-delete-dialog",
    path: "/admin",
    then: async (p) => {
      const row = p.getByRole("list", { name: "Posts" }).getByRole("listitem").filter({ hasText: LONG_TITLE }).last();
      await row.getByRole("button", { name: "Delete" }).click();
      await p.getByRole("alertdialog").waitFor();
    },
  },
  {
    name: "admin-reset-link",
    path: "/admin",
    then: async (p) => {
      await openScreen(p, "Users");
      await p.getByRole("button", { name: "Send reset link" }).first().click();
      await p.getByRole("status").getByRole("button", { name: "Copy" }).waitFor();
    },
  },
  {
    name: "admin-history",
    path: "/admin",
    then: async (p) => {
      await p.getByRole("link", { name: "Edit", exact: true }).first().click();
      await p.getByRole("region", { name: "History" }).getByRole("listitem").first().getByRole("button").click();
      await p.getByRole("button", { name: "Restore this version" }).waitFor();
    },
  },
  {
    name: "admin-leave-dialog",
    path: "/admin",
    then: async (p) => {
      await openScreen(p, "New Post");
      await p.getByLabel("Title").fill("Half a title");
      await openScreen(p, "Posts");
      await p.getByRole("alertdialog").waitFor();
    },
  },
  { name: "debug-posts", path: "/admin/debug-tools" },
  { name: "debug-management", path: "/admin/debug-tools", tab: "Management" },
  {
    name: "debug-delete-dialog",
    path: "/admin/debug-tools",
    then: async (p) => {
      await p
        .getByRole("button", { name: /^Delete post / })
        .first()
        .click();
      await p.getByRole("alertdialog").waitFor();
    },
  },
  { name: "system-health", path: "/system/health" },
  { name: "create-post-direct", path: "/create-post-direct" },
  { name: "emergency-post", path: "/emergency-post" },
  { name: "delete-posts", path: "/delete-posts" },
  { name: "delete-all-posts", path: "/delete-all-posts" },
  { name: "direct-delete", path: "/direct-delete" },
  { name: "test-update", path: "/test-update" },
];

/** What sticks out of the viewport: the page's own width, then each visible control. */
async function overflow(page: Page, width: number): Promise<string[]> {
  return page.evaluate((w) => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > w) out.push(`page is ${document.documentElement.scrollWidth}px wide`);
    for (const el of document.querySelectorAll<HTMLElement>("button, a, input, textarea, select, [role=alertdialog]")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === "hidden") continue;
      if (el.closest(".sr-only, footer, header, [aria-hidden=true]")) continue; // the site chrome is tested by the marketing tests
      if (box.left < -1 || box.right > w + 1) {
        out.push(
          `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}" spans ${Math.round(box.left)}..${Math.round(box.right)}`,
        );
      }
    }
    return out;
  }, width);
}

it.each([
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const)("every admin tab, tool page and dialog fits a %s", async (name, viewport) => {
  const { page, problems, close } = await signedIn(ADMIN, viewport);
  const created = await page.request.post(`${site.server.url}/api/cms/simple-create-post`, {
    data: {
      title: `${LONG_TITLE} ${name}`,
      summary: "A long title that must wrap on a phone without pushing the buttons off the screen.",
      content: "<p>Enough words here to pass the fifty character minimum of the content rule.</p>",
      published: false,
    },
  });
  expect(created.status()).toBe(201);
  const found: string[] = [];
  let onTabsOf: string | undefined;
  for (const step of STEPS) {
    if (!step.tab || onTabsOf !== step.path) {
      await page.goto(`${site.server.url}${step.path}`);
      await waitForHydration(page);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
    }
    if (step.tab && step.path === "/admin") {
      // The admin's screens are links in its navigation (a menu on a phone).
      await openScreen(page, step.tab);
    } else if (step.tab) {
      const tab = page.getByRole("tab", { name: step.tab });
      await tab.click();
      await expect.poll(() => tab.getAttribute("aria-selected"), { message: step.name }).toBe("true");
    }
    await step.then?.(page);
    onTabsOf = step.tab || !step.then ? step.path : undefined;
    await waitForAnimations(page); // tab panels and dialogs animate in
    found.push(...(await overflow(page, viewport.width)).map((o) => `${step.name}: ${o}`));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${step.name}-${name}.png`, fullPage: true });
  }
  expect(found).toEqual([]);
  expect(problems).toEqual([]);
  await close();
});

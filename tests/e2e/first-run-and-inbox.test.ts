import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { NOT_FOUND } from "~/app/components/not-found-card";
import { ACCOUNT_LINK_MESSAGES } from "~/shared/account-links";
import { INBOX_MESSAGES } from "~/shared/inbox";
import { SETUP_MESSAGES } from "~/shared/setup";
import { TAGS_MESSAGES } from "~/shared/tags";
import { violations } from "../helpers/axe";
import { DESKTOP, PHONE, openPage, waitForHydration } from "../helpers/browser";
import { signedInPages, signInAt, submitSignIn, toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";
import { adminNav, openScreen } from "../helpers/admin-nav";

/** A fresh data folder with no user, as `npm install && npm start` gives a newcomer. */
const site = useSiteAndBrowser();
const ADMIN = { username: "first-admin", password: "a long first password" };

/** Screenshots for a person to look at (SCREENSHOTS=dir keeps them elsewhere). */
const SHOTS = process.env.SCREENSHOTS ?? path.join(tmpdir(), "queuesite-screenshots");
mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
  // Nothing may stick out sideways: on a phone that hides buttons off-screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(0);
}

const setupLink = () => /admin\/setup\?token=(\S+)/.exec(site.server.output())?.[0];

it("first run: the printed one-time link creates the first admin, then the page is gone", async () => {
  await expect.poll(() => site.server.output()).toContain(SETUP_MESSAGES.startupLine(""));
  const link = `${site.server.url}/${setupLink()!}`;

  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    const { page, problems, close } = await openPage(site.browser, viewport);
    await page.goto(`${site.server.url}/admin/setup`);
    await page.getByRole("heading", { name: SETUP_MESSAGES.needTokenTitle }).waitFor();
    await page.getByText(SETUP_MESSAGES.cliCommand).waitFor();
    await shoot(page, `setup-no-token-${size}`);
    await page.goto(link);
    await page.getByRole("heading", { name: SETUP_MESSAGES.title }).waitFor();
    await shoot(page, `setup-form-${size}`);
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  }

  const { page, problems, close } = await openPage(site.browser, DESKTOP);
  await page.goto(link);
  await waitForHydration(page);
  await page.getByLabel(ACCOUNT_LINK_MESSAGES.username).fill(ADMIN.username);
  await page.getByLabel(ACCOUNT_LINK_MESSAGES.password, { exact: true }).fill(ADMIN.password);
  await page.getByLabel(ACCOUNT_LINK_MESSAGES.confirmPassword).fill("not the same password");
  await page.getByRole("button", { name: SETUP_MESSAGES.submit }).click();
  await page.getByRole("alert").filter({ hasText: "Passwords don't match" }).waitFor();
  await page.getByLabel(ACCOUNT_LINK_MESSAGES.password, { exact: true }).fill(ADMIN.password);
  await page.getByLabel(ACCOUNT_LINK_MESSAGES.confirmPassword).fill(ADMIN.password);
  await page.getByRole("button", { name: SETUP_MESSAGES.submit }).click();

  await page.getByRole("heading", { name: SETUP_MESSAGES.signInTitle }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/admin");
  await submitSignIn(page, ADMIN);
  await toastTitled(page, ADMIN_MESSAGES.loginSuccess.title);
  await page.getByText(ADMIN_MESSAGES.loggedInAs(ADMIN.username)).waitFor();

  const again = await page.goto(link);
  expect(again?.status()).toBe(404);
  await page.getByRole("heading", { name: NOT_FOUND.title }).waitFor();
  // The browser logs the refused attempt (400) and the spent link (404) as failed loads; nothing else.
  expect(problems.filter((p) => !/status of (400|404)/.test(p))).toEqual([]);
  await close();
});

async function sendContact(page: Page, fields: Record<string, string>) {
  const res = await page.request.post(`${site.server.url}/api/contact`, { data: fields });
  expect(res.status()).toBe(201);
}

const signIn = (page: Page) => signInAt(page, `${site.server.url}/admin`, ADMIN, ADMIN_MESSAGES.loginSuccess.title);

/**
 * Opens /admin with the admin's session: the inbox test signs in through the form, the later
 * tests need only be signed in, and each sign-in costs the server a second of scrypt.
 */
const sessions = signedInPages(site);
async function openAdminSignedIn(page: Page) {
  await page.context().addCookies((await sessions.storageState(ADMIN)).cookies);
  await page.goto(`${site.server.url}/admin`);
  await waitForHydration(page);
}

it("inbox: unread count, search, mark read, archive, delete with confirm, CSV link, settings", async () => {
  const { page, problems, close } = await openPage(site.browser, DESKTOP);
  await sendContact(page, {
    name: "Grace Hopper",
    email: "grace@navy.example",
    company: "Navy Yard",
    industry: "government",
    message: "Our visitor centre has a two-hour line every morning. Can you help?",
  });
  await sendContact(page, {
    name: "Alan Turing",
    email: "alan@bletchley.example",
    industry: "education",
    message: "Exam registration queues.",
  });
  await sendContact(page, {
    name: "=cmd|' /C calc'!A0",
    email: "mallory@evil.example",
    message: "Formula in the name",
  });
  await signIn(page);

  const inboxTab = adminNav(page).getByRole("link", { name: INBOX_MESSAGES.tabWithUnread(3), exact: true });
  await inboxTab.click();
  const list = page.getByRole("list", { name: "Messages" });
  await list.getByText("Grace Hopper").waitFor();
  expect(await list.getByRole("listitem").count()).toBe(3);
  // Newest first.
  await expect.poll(() => list.getByRole("heading", { level: 3 }).first().textContent()).toContain("=cmd");
  await shoot(page, "inbox-desktop");
  expect(await violations(page)).toEqual([]);

  const grace = list.getByRole("listitem").filter({ hasText: "Grace Hopper" });
  await grace.getByRole("button", { name: INBOX_MESSAGES.markRead }).click();
  await adminNav(page)
    .getByRole("link", { name: INBOX_MESSAGES.tabWithUnread(2), exact: true })
    .waitFor();
  await grace.getByRole("button", { name: INBOX_MESSAGES.markUnread }).waitFor();

  await page.getByLabel(INBOX_MESSAGES.search).fill("navy");
  await page.getByRole("button", { name: INBOX_MESSAGES.searchButton }).click();
  await expect.poll(() => list.getByRole("listitem").count()).toBe(1);
  const csv = await page.getByRole("link", { name: INBOX_MESSAGES.exportCsv }).getAttribute("href");
  expect(csv).toBe("/api/admin/messages.csv?status=inbox&q=navy");
  const exported = await page.request.get(site.server.url + csv!);
  expect(await exported.text()).toContain("Grace Hopper");
  await page.getByLabel(INBOX_MESSAGES.search).fill("");
  await page.getByRole("button", { name: INBOX_MESSAGES.searchButton }).click();
  await expect.poll(() => list.getByRole("listitem").count()).toBe(3);

  await page.getByLabel(INBOX_MESSAGES.industry).selectOption("education");
  await expect.poll(() => list.getByRole("listitem").count()).toBe(1);
  await list.getByText("Alan Turing").waitFor();
  await page.getByLabel(INBOX_MESSAGES.industry).selectOption("");

  const alan = list.getByRole("listitem").filter({ hasText: "Alan Turing" });
  await alan.getByRole("button", { name: INBOX_MESSAGES.archive }).click();
  await expect.poll(() => list.getByRole("listitem").count()).toBe(2);
  await adminNav(page)
    .getByRole("link", { name: INBOX_MESSAGES.tabWithUnread(1), exact: true })
    .waitFor();
  await page.getByLabel(INBOX_MESSAGES.status).selectOption("archived");
  await list.getByText("Alan Turing").waitFor();
  await page.getByLabel(INBOX_MESSAGES.status).selectOption("inbox");

  const mallory = list.getByRole("listitem").filter({ hasText: "mallory@evil.example" });
  await mallory.getByRole("button", { name: INBOX_MESSAGES.delete }).click();
  const dialog = page.getByRole("alertdialog");
  await dialog.getByText(INBOX_MESSAGES.deleteConfirm.title).waitFor();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  expect(await list.getByRole("listitem").count()).toBe(2);
  await mallory.getByRole("button", { name: INBOX_MESSAGES.delete }).click();
  await dialog.getByRole("button", { name: INBOX_MESSAGES.deleteConfirm.action }).click();
  await toastTitled(page, INBOX_MESSAGES.deleted);
  await expect.poll(() => list.getByRole("listitem").count()).toBe(1);
  await adminNav(page).getByRole("link", { name: INBOX_MESSAGES.tab, exact: true }).waitFor();

  const writersSwitch = page.getByRole("switch", { name: INBOX_MESSAGES.writersSeeInbox });
  expect(await writersSwitch.getAttribute("aria-checked")).toBe("false");
  await writersSwitch.click();
  await toastTitled(page, INBOX_MESSAGES.settingsSaved);
  await expect.poll(() => writersSwitch.getAttribute("aria-checked")).toBe("true");
  const settings = await page.request.get(`${site.server.url}/api/admin/settings`);
  expect(await settings.json()).toEqual({ writersSeeInbox: true });
  expect(problems).toEqual([]);
  await close();
});

it("inbox and tags on a phone: stacked, nothing off-screen", async () => {
  const { page, problems, close } = await openPage(site.browser, PHONE);
  await sendContact(page, {
    name: "Ada Lovelace",
    email: "ada.lovelace.with.a.very.long.address@analytical-engines.example",
    company: "Analytical Engines and Difference Machines Ltd",
    message: "A long message ".repeat(20),
  });
  await openAdminSignedIn(page);
  await openScreen(page, INBOX_MESSAGES.tabWithUnread(1));
  await page.getByRole("list", { name: "Messages" }).getByText("Ada Lovelace").waitFor();
  await shoot(page, "inbox-phone");
  const del = page
    .getByRole("list", { name: "Messages" })
    .getByRole("listitem")
    .first()
    .getByRole("button", { name: INBOX_MESSAGES.delete });
  const box = await del.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  await del.click();
  await shoot(page, "inbox-delete-dialog-phone", { fullPage: false });
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();

  await openScreen(page, TAGS_MESSAGES.heading);
  await page.getByRole("list", { name: "Tags" }).getByText("Product", { exact: true }).waitFor();
  await shoot(page, "tags-phone");
  expect(await violations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await close();
});

it("tags and posts: rename a tag, the old tag URL moves; the post list filters; the tag field suggests", async () => {
  const { page, problems, close } = await openPage(site.browser, DESKTOP);
  await openAdminSignedIn(page);

  // Posts tab: the counts, search and the tag filter.
  await page.getByText(/^\d+ posts: \d+ published, 0 drafts$/).waitFor();
  const posts = page.getByRole("list", { name: "Posts" });
  const all = await posts.getByRole("listitem").count();
  await page.getByLabel("Tag", { exact: true }).selectOption("healthcare");
  await expect.poll(() => posts.getByRole("listitem").count()).toBeLessThan(all);
  await page.getByLabel("Tag", { exact: true }).selectOption("");
  await page.getByLabel("Search titles").fill("zzz no such post");
  await page.getByText("No posts match these filters.").waitFor();
  await page.getByLabel("Search titles").fill("");
  await expect.poll(() => posts.getByRole("listitem").count()).toBe(all);
  await shoot(page, "posts-desktop");

  // Tags tab: rename Healthcare to Health Care.
  await openScreen(page, TAGS_MESSAGES.heading);
  const tags = page.getByRole("list", { name: "Tags" });
  await tags.getByText("Healthcare", { exact: true }).waitFor();
  await page.getByRole("button", { name: `${TAGS_MESSAGES.rename} Healthcare` }).click();
  await page.getByLabel(TAGS_MESSAGES.name, { exact: true }).fill("Health Care");
  await page.getByRole("button", { name: TAGS_MESSAGES.save }).click();
  await toastTitled(page, TAGS_MESSAGES.renamed);
  await tags.getByText("/health-care · 1 post").waitFor();
  await shoot(page, "tags-desktop");
  expect(await violations(page)).toEqual([]);
  const moved = await page.request.get(`${site.server.url}/blog?tag=healthcare`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe("/blog?tag=health-care");

  // New Post: the tag field suggests existing tags for the name being typed.
  await openScreen(page, "New Post");
  const field = page.getByRole("combobox", { name: /^Tags/ });
  await field.fill("Museums, ");
  const options = () =>
    page.locator("#post-tag-suggestions option").evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value));
  await expect.poll(options).toContain("Museums, Health Care");
  await field.fill("Product, Ret");
  await expect.poll(options).toContain("Product, Retail");
  expect(await options()).not.toContain("Product, Product");
  expect(problems).toEqual([]);
  await close();
});

import { expect, it } from "vitest";
import { PREVIEW_LINK_MESSAGES, PREVIEW_LINK_PREFIX } from "~/shared/preview-links";
import { DESKTOP, waitForHydration } from "../helpers/browser";
import { makePostInput } from "../helpers/factories";
import { toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";

/**
 * A shared preview link in a real browser (docs/decisions/181-shared-preview-links.md): a writer
 * makes one in a draft's editor and copies it; a fresh browser with no session opens it and reads
 * the draft; once the writer revokes the links, the same address is the link's 404.
 */
const ADMIN = { username: "preview-sharer", password: "a long enough secret" };
const TITLE = "Queues at the harbour, not yet announced";
const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

it("a link made in the editor opens the draft in a signed-out browser until it is revoked", async () => {
  const url = site.server.url;
  const writer = await site.browser.newContext({
    viewport: DESKTOP,
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const page = await writer.newPage();
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  expect((await page.request.post(`${url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
  const created = await page.request.post(`${url}/api/cms/simple-create-post`, {
    data: makePostInput({ title: TITLE, published: false }),
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`${url}/admin/posts/${id}`);
  await waitForHydration(page);
  const panel = page.getByRole("region", { name: PREVIEW_LINK_MESSAGES.heading });
  await panel.getByRole("button", { name: PREVIEW_LINK_MESSAGES.create }).click();
  const field = panel.getByLabel(PREVIEW_LINK_MESSAGES.linkLabel);
  await field.waitFor();
  const link = await field.inputValue();
  // The link names PUBLIC_URL, the site's public address; the test's server listens elsewhere.
  const address = `${url}${new URL(link).pathname}`;
  expect(new URL(link).pathname.startsWith(PREVIEW_LINK_PREFIX)).toBe(true);
  expect(await panel.textContent()).toMatch(/Expires \w+ \d{2}, \d{4}/);
  await panel.getByRole("button", { name: PREVIEW_LINK_MESSAGES.copy }).click();
  await toastTitled(page, PREVIEW_LINK_MESSAGES.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // Someone with no account, in a browser of their own.
  const reader = await site.browser.newContext({ viewport: DESKTOP });
  const readerPage = await reader.newPage();
  const opened = await readerPage.goto(address);
  expect(opened?.status()).toBe(200);
  await readerPage.getByRole("heading", { level: 1, name: TITLE }).waitFor();
  expect(await readerPage.getByRole("status").filter({ hasText: "Shared preview" }).textContent()).toContain(
    "Shared preview — not public",
  );
  expect(await readerPage.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  expect(await readerPage.getByRole("link", { name: "Back to Admin" }).count()).toBe(0);

  // Revoked in the editor: the reader's address no longer opens.
  await panel.getByRole("button", { name: PREVIEW_LINK_MESSAGES.revoke }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: PREVIEW_LINK_MESSAGES.revoke }).click();
  await toastTitled(page, PREVIEW_LINK_MESSAGES.revoked);
  const again = await readerPage.goto(address);
  expect(again?.status()).toBe(404);
  await readerPage.getByRole("heading", { name: PREVIEW_LINK_MESSAGES.notFoundTitle }).waitFor();
  expect(await readerPage.content()).not.toContain(TITLE);

  expect(problems).toEqual([]);
  await reader.close();
  await writer.close();
});

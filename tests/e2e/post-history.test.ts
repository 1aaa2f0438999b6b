import type { Page } from "playwright-core";
import { request } from "playwright-core";
import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { TRASH_MESSAGES, UNDO_LABEL } from "~/app/components/admin/trash-panel";
import { HISTORY_MESSAGES as H } from "~/app/components/history/history-messages";
import type { CmsPost } from "~/shared/blog";
import { makeImage } from "../helpers/images";
import { violations } from "../helpers/axe";
import { DESKTOP, openPage, waitForHydration } from "../helpers/browser";
import { toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";
import { openScreen } from "../helpers/admin-nav";

/** The editor's History panel and the delete toast's Undo (docs/cms-guide.md, History and Trash). */
const ADMIN = { username: "history-admin", password: "a long enough secret" };
const WRITER = { username: "history-writer", password: "another long secret" };
const SHOTS = process.env.SCREENSHOT_DIR;
const PHONE_SIZE = { width: 390, height: 844 };

const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await page.getByRole("region", { name: H.title }).screenshot({ path: `${SHOTS}/${name}-panel.png` });
}

it("shows what a colleague's save removed, restores it, and undoes a delete", async () => {
  const { page, problems, close } = await openPage(site.browser, DESKTOP);
  const url = site.server.url;
  expect((await page.request.post(`${url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
  expect((await page.request.post(`${url}/api/admin/users`, { data: { ...WRITER, role: "writer" } })).status()).toBe(
    201,
  );
  const upload = await page.request.post(`${url}/api/cms/uploads`, {
    multipart: { file: { name: "kiosk.png", mimeType: "image/png", buffer: await makeImage(64, 48) } },
  });
  const image = ((await upload.json()) as { url: string }).url;
  const original =
    "<p>Visitors wait where they like and arrive just in time for their turn.</p>" +
    "<p>The kiosk at the door prints a ticket with a number.</p>" +
    `<p><img src="${image}" alt="The kiosk at the door"></p>`;
  const created = await page.request.post(`${url}/api/cms/simple-create-post`, {
    data: {
      title: "How the queue works",
      slug: "how-the-queue-works",
      summary: "A short tour of the queue.",
      content: original,
      published: true,
    },
  });
  const post = (await created.json()) as CmsPost;

  // A colleague cuts the second paragraph and the image.
  const writer = await request.newContext({ baseURL: url });
  expect((await writer.post("/api/auth/login", { data: WRITER })).status()).toBe(200);
  const cut = "<p>Visitors wait where they like and arrive just in time for their turn, nothing more.</p>";
  expect((await writer.put(`/api/cms/update-post/${post.id}`, { data: { content: cut } })).status()).toBe(200);
  await writer.dispose();

  await page.goto(`${url}/admin`);
  await waitForHydration(page);
  await page
    .getByRole("link", { name: `Edit ${post.title}` })
    .first()
    .click();
  const history = page.getByRole("region", { name: H.title });
  const versions = history.getByRole("list", { name: H.listLabel }).getByRole("button");
  // The history loads after the editor opens: more than poll's default second on a busy machine.
  await expect.poll(() => versions.count(), { timeout: 15_000 }).toBe(2);
  await versions.nth(1).click();
  // The older version: revision ids count every collection's (the home page's first is one of them).
  const kept = (await (await page.request.get(`${url}/api/cms/posts/${post.id}/revisions`)).json()) as { id: number }[];
  await history.getByRole("heading", { name: H.viewHeading(Math.min(...kept.map((r) => r.id))) }).waitFor();
  expect((await history.locator("del").allTextContents()).join(" ")).toContain("prints a ticket with a number.");
  await history.getByText(H.imagesRemoved).waitFor();
  await history.getByText("The kiosk at the door", { exact: true }).waitFor();
  await history.scrollIntoViewIfNeeded();
  await shot(page, "history-desktop");
  expect(await violations(page)).toEqual([]);
  await page.setViewportSize(PHONE_SIZE);
  await shot(page, "history-phone");
  expect(await violations(page)).toEqual([]);
  await page.setViewportSize(DESKTOP);

  await history.getByRole("button", { name: H.restore }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: H.restore }).click();
  await toastTitled(page, H.restored.title);
  await expect.poll(() => versions.count()).toBe(3);
  const page2 = await page.request.get(`${url}/blog/${post.slug}`);
  expect(await page2.text()).toContain("prints a ticket with a number");

  // Delete from the list, then Undo from the toast.
  await openScreen(page, "Posts");
  await page.getByRole("button", { name: "Delete" }).first().click();
  await page.getByRole("alertdialog").getByRole("button", { name: ADMIN_MESSAGES.deleteConfirm.action }).click();
  await toastTitled(page, ADMIN_MESSAGES.deleted.title);
  expect((await page.request.get(`${url}/blog/${post.slug}`)).status()).toBe(404);
  await page
    .getByRole("region", { name: /Notifications/ })
    .getByRole("button", { name: UNDO_LABEL })
    .click();
  await toastTitled(page, TRASH_MESSAGES.restored.title);
  expect((await page.request.get(`${url}/blog/${post.slug}`)).status()).toBe(200);
  await page
    .getByRole("link", { name: `Edit ${post.title}` })
    .first()
    .waitFor();

  // Deleted again, it waits in the Trash tab.
  await page.getByRole("button", { name: "Delete" }).first().click();
  await page.getByRole("alertdialog").getByRole("button", { name: ADMIN_MESSAGES.deleteConfirm.action }).click();
  await toastTitled(page, ADMIN_MESSAGES.deleted.title);
  await openScreen(page, TRASH_MESSAGES.tab);
  await page.getByRole("button", { name: TRASH_MESSAGES.restore }).waitFor();
  expect(await violations(page)).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/trash-desktop.png` });
  expect(problems).toEqual([]);
  await close();
});

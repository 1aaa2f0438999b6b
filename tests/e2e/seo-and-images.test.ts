import path from "node:path";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { PUBLISH_MESSAGES } from "~/app/components/admin/publish-controls";
import { COVER_FOCUS_MESSAGES, IMAGE_TEXT_MESSAGES, SEO_PANEL_MESSAGES } from "~/app/components/admin/seo-messages";
import { violations } from "../helpers/axe";
import { DESKTOP, openPage, waitForHydration } from "../helpers/browser";
import { makeImage } from "../helpers/images";
import { signInAt, toastTitled, useSiteWithCliAdmin } from "../helpers/site-under-test";
import { openScreen } from "../helpers/admin-nav";

const ADMIN = { username: "seo-editor", password: "a long enough secret" };
/** Screenshots for a person to look at, kept after the run. */
const SHOTS = "/tmp/shots-seo";
const PHONE = { width: 390, height: 844 };

const site = useSiteWithCliAdmin(ADMIN, "queuesite-seo-");

/** Pastes a file into the editor as a browser does for a copied picture. */
async function pasteFile(page: Page, bytes: Buffer, name: string) {
  await page.evaluate(
    ({ base64, name }) => {
      const raw = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([raw], name, { type: "image/png" }));
      document
        .querySelector(".ql-editor")!
        .dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { base64: bytes.toString("base64"), name },
  );
}

/** The "SEO & social" section, from the top of the page, so the sticky header stays above it. */
async function shootPanel(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.locator("details", { hasText: SEO_PANEL_MESSAGES.searchPreview }).boundingBox();
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true, clip: box! });
}

const TITLE = "Pictures from a calm waiting room";
const META_TITLE = "A calm waiting room, in pictures";
const ALT = "Patients reading in armchairs while they wait for their turn";
const CAPTION = "The waiting room at nine, with no line at the desk.";

it(
  "warns before publishing an image without alt text, keeps alt text, caption and search settings, and the post passes axe",
  { timeout: 120_000 },
  async () => {
    const { page, problems, close } = await openPage(site.browser, DESKTOP);
    await signInAt(page, `${site.server.url}/admin`, ADMIN, ADMIN_MESSAGES.loginSuccess.title);

    await openScreen(page, "New Post");
    await page.getByLabel("Title").fill(TITLE);
    await page.getByLabel("Summary").fill("What a waiting room looks like when nobody stands in line.");
    // A tall cover, which the post page shows whole.
    await page
      .locator('[data-testid="cover-file"]')
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await makeImage(900, 1200, "image/png", 7) });
    await page.waitForFunction(() =>
      /^\/media\/[0-9a-f]{64}\.png$/.test((document.getElementById("post-cover") as HTMLInputElement).value),
    );
    // Cards keep the cover's upper third.
    await page.getByLabel(COVER_FOCUS_MESSAGES.label).selectOption("50% 25%");
    await page.screenshot({ path: path.join(SHOTS, "cover-focus-desktop.png") });
    await page.locator(".ql-editor").click();
    await page.keyboard.type(
      "Nobody stands in line any more: they sit, read, and get a message when it is their turn.",
    );
    await page.keyboard.press("Enter");
    await pasteFile(page, await makeImage(800, 500, "image/png", 3), "room.png");
    await page.locator('.ql-editor img[src^="/media/"]').waitFor();

    // Publishing (after its question) warns, naming the image, and publishes when told to.
    await page.getByRole("button", { name: PUBLISH_MESSAGES.publish }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: PUBLISH_MESSAGES.publish }).click();
    const warning = page.getByRole("alert").filter({ hasText: IMAGE_TEXT_MESSAGES.warningTitle(1) });
    await warning.waitFor();
    expect(await warning.getByText(IMAGE_TEXT_MESSAGES.image(1)).count()).toBe(1);
    await warning.getByRole("button", { name: IMAGE_TEXT_MESSAGES.publishAnyway }).click();
    await toastTitled(page, ADMIN_MESSAGES.created.title);

    // Editing it: alt text and caption make the image a figure, in the editor too.
    await page.getByRole("link", { name: `Edit ${TITLE}` }).click();
    await page.getByLabel(`${IMAGE_TEXT_MESSAGES.alt} ${IMAGE_TEXT_MESSAGES.image(1)}`).fill(ALT);
    await page.getByLabel(`${IMAGE_TEXT_MESSAGES.caption} (optional) ${IMAGE_TEXT_MESSAGES.image(1)}`).fill(CAPTION);
    await page.getByRole("button", { name: `${IMAGE_TEXT_MESSAGES.apply} ${IMAGE_TEXT_MESSAGES.image(1)}` }).click();
    await page.locator(".ql-editor figure figcaption", { hasText: CAPTION }).waitFor();
    expect(await page.locator(".ql-editor figure img").getAttribute("alt")).toBe(ALT);
    // A writer's edit after it: the content saved is then the editor's own HTML of the figure.
    await page.locator(".ql-editor p").first().click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Really.");
    await page.locator("#image-text-heading").scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, "image-text-desktop.png") });

    // The search and social settings, with their previews.
    await page.getByText(SEO_PANEL_MESSAGES.heading).click();
    await page.getByLabel(SEO_PANEL_MESSAGES.metaTitle).fill(META_TITLE);
    await page.getByText(SEO_PANEL_MESSAGES.counter(META_TITLE.length, SEO_PANEL_MESSAGES.metaTitleLimit)).waitFor();
    await page
      .getByLabel(SEO_PANEL_MESSAGES.metaDescription)
      .fill("Armchairs, a book, and a message when it is your turn.");
    await page.locator('label:has(input[name="post-social-image"][value^="/media/"])').first().click();
    expect(await page.getByTestId("search-preview").textContent()).toContain(META_TITLE);
    await page.getByTestId("social-preview").locator('img[src^="/media/"]').waitFor();
    await shootPanel(page, "seo-previews-desktop.png");
    // The editor with both sections open, as a keyboard or screen reader user meets them.
    expect(await violations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await shootPanel(page, "seo-previews-phone.png");
    await page.setViewportSize(DESKTOP);

    // Now every image is described: saving asks nothing.
    await page.getByRole("button", { name: "Update Post" }).click();
    await toastTitled(page, ADMIN_MESSAGES.updated.title);
    expect(await page.getByText(IMAGE_TEXT_MESSAGES.warningTitle(1)).count()).toBe(0);
    // Opened again, the editor reads the stored figure back with its alt text and caption.
    await page.getByRole("link", { name: `Edit ${TITLE}` }).click();
    await page.locator(".ql-editor figure figcaption", { hasText: CAPTION }).waitFor();
    expect(await page.locator(".ql-editor figure img").getAttribute("alt")).toBe(ALT);

    const card = page.locator(`article:has(a[href="/blog/pictures-from-a-calm-waiting-room"]) img`);
    await page.goto(`${site.server.url}/blog`);
    expect(await card.evaluate((img) => getComputedStyle(img).objectPosition)).toBe("50% 25%");

    // The public post: the figure with its alt text and caption, the settings in its head, axe clean.
    await page.goto(`${site.server.url}/blog/pictures-from-a-calm-waiting-room`);
    await waitForHydration(page);
    const figure = page.locator(".post-content figure");
    expect(await figure.locator("img").getAttribute("alt")).toBe(ALT);
    expect(await figure.locator("figcaption").textContent()).toBe(CAPTION);
    expect(await page.locator(".post-content p").first().textContent()).toContain("Really.");
    expect(await page.title()).toBe(META_TITLE);
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(
      /\/media\/[0-9a-f]{64}\.png$/,
    );
    await figure.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>(".post-content figure img");
      return !!img && img.complete && img.naturalWidth > 0;
    });
    // The cover whole: its own proportions, not cropped.
    const cover = page.locator("article > img").first();
    expect(await cover.evaluate((img) => getComputedStyle(img).objectFit)).toBe("contain");
    expect(await violations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, "post-desktop.png"), fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: path.join(SHOTS, "post-phone.png"), fullPage: true });

    expect(problems).toEqual([]);
    await close();
  },
);

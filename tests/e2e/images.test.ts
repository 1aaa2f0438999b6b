import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { IMAGE_TEXT_MESSAGES } from "~/app/components/admin/seo-messages";
import { PUBLISH_MESSAGES } from "~/app/components/admin/publish-controls";
import { MEDIA_MESSAGES } from "~/shared/media";
import { DESKTOP, openPage, waitForHydration } from "../helpers/browser";
import { makeImage } from "../helpers/images";
import { signInAt, toastTitled, useSiteWithCliAdmin } from "../helpers/site-under-test";
import { openScreen } from "../helpers/admin-nav";

const ADMIN = { username: "picture-editor", password: "a long enough secret" };
/** Screenshots for a person to look at, kept after the run. */
const SHOTS = path.join(tmpdir(), "queuesite-e2e-images");

const site = useSiteWithCliAdmin(ADMIN, "queuesite-images-");

/** Pastes a file into the editor as a browser does for a copied picture. */
async function pasteFile(page: Page, bytes: Buffer, name: string, type: string) {
  await page.locator(".ql-editor").click();
  await page.keyboard.press("End");
  await page.evaluate(
    ({ base64, name, type }) => {
      const raw = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([raw], name, { type }));
      document
        .querySelector(".ql-editor")!
        .dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { base64: bytes.toString("base64"), name, type },
  );
}

const loaded = (page: Page, selector: string) =>
  page.waitForFunction((s) => {
    const img = document.querySelector<HTMLImageElement>(s);
    return !!img && img.complete && img.naturalWidth > 0;
  }, selector);

it(
  "uploads a cover and pastes an image into the editor, and the public post shows both",
  { timeout: 120_000 },
  async () => {
    const { page, problems, close } = await openPage(site.browser, DESKTOP);
    await signInAt(page, `${site.server.url}/admin`, ADMIN, ADMIN_MESSAGES.loginSuccess.title);

    await openScreen(page, "New Post");
    await page.getByLabel("Title").fill("Pictures from the waiting room");
    await page.getByLabel("Summary").fill("What a calm waiting room looks like, in two pictures.");

    // The cover: Upload, then the address is in the field and the preview shows it.
    await page
      .locator('[data-testid="cover-file"]')
      .setInputFiles({ name: "cover.jpg", mimeType: "image/jpeg", buffer: await makeImage(2000, 1000, "image/jpeg") });
    await page.waitForFunction(() =>
      /^\/media\/[0-9a-f]{64}\.jpg$/.test((document.getElementById("post-cover") as HTMLInputElement).value),
    );
    await loaded(page, 'img[alt="Thumbnail preview"]');

    // Content: text, then a pasted picture.
    await page.locator(".ql-editor").click();
    await page.keyboard.type(
      "Nobody stands in line any more: they sit, read, and get a message when it is their turn.",
    );
    await pasteFile(page, await makeImage(640, 400, "image/png", 4), "room.png", "image/png");
    await page.locator('.ql-editor img[src^="/media/"]').waitFor();

    // A file that only claims to be an image is refused, with the server's reason.
    await pasteFile(page, Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'></svg>"), "fake.png", "image/png");
    await toastTitled(page, `${MEDIA_MESSAGES.uploadFailed}: fake.png`);
    await page.getByText(MEDIA_MESSAGES.svgRefused).first().waitFor();
    expect(await page.locator(".ql-editor img").count()).toBe(1);
    // Described, so publishing asks nothing (seo-and-images.test.ts covers the warning).
    await page.getByLabel(`${IMAGE_TEXT_MESSAGES.alt} ${IMAGE_TEXT_MESSAGES.image(1)}`).fill("A calm waiting room");
    await page.getByRole("button", { name: `${IMAGE_TEXT_MESSAGES.apply} ${IMAGE_TEXT_MESSAGES.image(1)}` }).click();
    await page.locator('.ql-editor figure img[alt="A calm waiting room"]').waitFor();
    await page.screenshot({ path: path.join(SHOTS, "editor.png"), fullPage: true });

    // A new post is a draft until published, after the question (docs/decisions/101-drafts-until-published.md).
    await page.getByRole("button", { name: PUBLISH_MESSAGES.publish }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: PUBLISH_MESSAGES.publish }).click();
    await toastTitled(page, ADMIN_MESSAGES.created.title);

    // The admin Media tab lists both, used by the post.
    await openScreen(page, "Media");
    const images = page.getByRole("list", { name: "Images" });
    await images.waitFor();
    expect(await images.getByRole("listitem").count()).toBe(2);
    expect(await images.getByText("Pictures from the waiting room").count()).toBe(2);
    await page.screenshot({ path: path.join(SHOTS, "media-tab.png"), fullPage: true });

    // The public post: the cover with its resized copies, and the pasted picture in the content.
    await page.goto(`${site.server.url}/blog/pictures-from-the-waiting-room`);
    await waitForHydration(page);
    const cover = page.locator("article > img").first();
    expect(await cover.getAttribute("src")).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
    expect(await cover.getAttribute("srcset")).toContain("-960w.jpg 960w");
    expect(await cover.getAttribute("width")).toBe("2000");
    await loaded(page, "article > img");
    const inline = page.locator('.post-content img[src^="/media/"]');
    expect(await inline.getAttribute("width")).toBe("640");
    await inline.scrollIntoViewIfNeeded();
    await loaded(page, '.post-content img[src^="/media/"]');
    await page.screenshot({ path: path.join(SHOTS, "post.png"), fullPage: true });

    // The social card the post's page names is a PNG the server made.
    const card = await page.locator('meta[property="og:image"]').getAttribute("content");
    const res = await page.request.get(new URL(new URL(card!).pathname, site.server.url).href);
    expect(res.headers()["content-type"]).toBe("image/png");

    expect(problems.filter((p) => !p.includes("415"))).toEqual([]);
    await close();
  },
);

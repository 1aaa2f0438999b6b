import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { PAGE_MESSAGES, type CmsPage } from "~/shared/pages";
import { PAGE_EDITOR_MESSAGES as M } from "~/shared/page-editor";
import { pageLayout } from "~/shared/page-layouts";
import { violations } from "../helpers/axe";
import { DESKTOP, newLocalContext, waitForHydration } from "../helpers/browser";
import { signedInPages, toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";

/**
 * The block editor (docs/cms-guide.md "Pages"): a landing page built from its layout in the
 * browser at a desktop's and a phone's width, edited with the preview following, reordered by
 * keyboard, a block hidden, published and opened at its path; two tabs meeting a 409.
 * BLOCK_EDITOR_SHOTS=<folder> also saves screenshots of the palette, a block form and the preview.
 */
const ADMIN = { username: "page-builder", password: "a long enough secret" };
const PHONE_390 = { width: 390, height: 844 };
const SHOTS = process.env.BLOCK_EDITOR_SHOTS;
const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

const preview = (page: Page) => page.frameLocator(`iframe[title^="Preview of the page"]`);
const pageOnServer = async (page: Page, id: number) =>
  (await (await page.request.get(`${site.server.url}/api/cms/pages/${id}`)).json()) as CmsPage;

/** One sign-in serves the file's pages and tabs. */
const signedIn = signedInPages(site);

async function shot(page: Page, name: string, fullPage = false) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/** One part of the screen, such as the open block's form or the preview. */
async function partShot(page: Page, selector: string, name: string) {
  if (SHOTS) await page.locator(selector).screenshot({ path: `${SHOTS}/${name}.png` });
}

const HERO = pageLayout("landing")!.blocks[0] as Extract<CmsPage["blocks"][number], { type: "hero" }>;

it.each([
  ["desktop", DESKTOP],
  ["phone", PHONE_390],
] as const)(
  "a landing page built from its layout at %s width: the preview follows, keyboard moves, a hidden block stays off the published page",
  async (size, viewport) => {
    const { page, problems, close } = await signedIn(ADMIN, viewport);
    await page.goto(`${site.server.url}/admin/pages`);
    await waitForHydration(page);
    await page.getByRole("button", { name: M.newPage }).click();
    await page.locator("#new-page-title").fill(`Trade fair ${size}`);
    expect(await page.locator("#new-page-path").inputValue()).toBe(`/trade-fair-${size}`);
    await page.getByRole("radio", { name: "Landing page" }).check();
    await page.getByRole("button", { name: M.create }).click();
    await page.waitForURL(/\/admin\/pages\/\d+$/);
    const id = Number(page.url().split("/").pop());
    await page.getByRole("heading", { name: M.heading(`Trade fair ${size}`) }).waitFor();

    // The palette: every type with its picture, the hero left out as the page has one.
    await page.getByRole("button", { name: M.addBlock }).click();
    const palette = page.getByRole("dialog", { name: M.paletteTitle });
    await palette.waitFor();
    expect(await palette.getByRole("button", { name: /^Hero/ }).count()).toBe(0);
    expect(await palette.locator("svg").count()).toBeGreaterThan(10);
    await shot(page, `palette-${size}`);
    await palette.getByRole("button", { name: /^Subscribe/ }).click();
    await page.getByRole("button", { name: /^\d+\. Subscribe/ }).waitFor();
    // Removing it offers Undo; it goes again for good.
    await page.getByRole("button", { name: /^Remove: Subscribe/ }).click();
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByRole("button", { name: M.undo })
      .click();
    await page.getByRole("button", { name: /^Remove: Subscribe/ }).click();
    expect(await page.getByRole("button", { name: /^\d+\. Subscribe/ }).count()).toBe(0);

    // The hero's headline, typed: the preview's h1 follows before any save.
    await page.getByRole("button", { name: `1. Hero: ${HERO.headline}` }).click();
    const headline = page.getByLabel("Headline", { exact: true });
    await headline.fill("Meet us at LogiMAT, hall 4");
    expect(await page.getByText(`${"Meet us at LogiMAT, hall 4".length} / 120`).count()).toBe(1);
    await preview(page).getByRole("heading", { level: 1, name: "Meet us at LogiMAT, hall 4" }).waitFor();
    // A field message is the schema's, at once.
    await headline.fill("");
    await page.getByText("Required.").first().waitFor();
    await headline.fill("Meet us at LogiMAT, hall 4");
    await shot(page, `editor-${size}`);
    await partShot(page, '[data-block-id="hero"]', `block-form-${size}`);
    expect(await violations(page)).toEqual([]);

    // The preview at a phone's width.
    await page.getByRole("button", { name: M.phone, exact: true }).click();
    expect(await page.locator('iframe[data-device="phone"]').getAttribute("width")).toBe("390");
    await page.locator("iframe").scrollIntoViewIfNeeded();
    await partShot(page, 'section[aria-labelledby="page-preview-heading"]', `preview-phone-${size}`);

    // The testimonial, moved up twice by keyboard, each move announced.
    const testimonial = "Testimonial: Dr. Anna Berg";
    await page.getByRole("button", { name: `${M.moveUp}: ${testimonial}` }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: `3. ${testimonial}` }).waitFor();
    await page.getByText(M.moved(testimonial, 3, 8)).waitFor({ state: "attached" });

    // The FAQ, hidden: still in the draft, gone from the preview.
    await page.getByRole("button", { name: `${M.hide}: FAQ: Questions we hear` }).click();
    await page.getByRole("button", { name: `${M.show}: FAQ: Questions we hear` }).waitFor();
    expect(await preview(page).getByRole("heading", { name: "Questions we hear" }).count()).toBe(0);

    // A draft saves itself.
    await expect
      .poll(async () => (await pageOnServer(page, id)).blocks.find((b) => b.type === "faq")?.hidden, {
        timeout: 15_000,
      })
      .toBe(true);
    await page.getByText(/^All changes saved at/).waitFor();
    const draft = await pageOnServer(page, id);
    expect(draft.published).toBe(false);
    expect(draft.blocks.map((b) => b.type)).toEqual([
      "hero",
      "featureGrid",
      "testimonial",
      "steps",
      "figures",
      "faq",
      "callToAction",
      "contactForm",
    ]);
    expect(draft.blocks.find((b) => b.type === "faq")?.hidden).toBe(true);

    // Publish asks first, then the page is at its path without the hidden block.
    await page.getByRole("button", { name: M.publish, exact: true }).click();
    const question = page.getByRole("alertdialog", { name: M.publishTitle });
    await question.getByRole("button", { name: M.publish }).click();
    await toastTitled(page, M.published.title);
    await page.goto(`${site.server.url}/trade-fair-${size}`);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Meet us at LogiMAT, hall 4" }).waitFor();
    const text = (await page.locator("main").textContent()) ?? "";
    expect(text).not.toContain("Questions we hear");
    expect(text.indexOf("Dr. Anna Berg")).toBeLessThan(text.indexOf("How it works"));
    await shot(page, `landing-${size}`, true);
    expect(problems).toEqual([]);
    await close();
  },
);

it("two tabs editing one draft: the later autosave meets a 409 and saves the parts chosen; a block is dragged into place; the path says why it is refused", async () => {
  const context = await newLocalContext(site.browser, {
    viewport: DESKTOP,
    storageState: await signedIn.storageState(ADMIN),
  });
  const problems: string[] = [];
  const watch = (tab: Page) => {
    tab.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
    tab.on("console", (msg) => void (msg.type() === "error" && problems.push(msg.text())));
    return tab;
  };
  const a = watch(await context.newPage());
  const made = await a.request.post(`${site.server.url}/api/cms/pages`, {
    data: { title: "Careers", path: "/careers", blocks: pageLayout("careers")!.blocks },
  });
  const page = (await made.json()) as CmsPage;
  const b = watch(await context.newPage());
  for (const tab of [a, b]) {
    await tab.goto(`${site.server.url}/admin/pages/${page.id}`);
    await waitForHydration(tab);
    await tab.getByRole("heading", { name: M.heading("Careers") }).waitFor();
  }

  // Tab A renames the page and saves itself.
  await a.locator("#page-title").fill("Careers at QueueWise");
  await expect
    .poll(async () => (await pageOnServer(a, page.id)).title, { timeout: 15_000 })
    .toBe("Careers at QueueWise");

  // Tab B, opened before, changes the hero's headline: its save is refused and it sees both.
  await b.getByRole("button", { name: /^1\. Hero/ }).click();
  await b.getByLabel("Headline", { exact: true }).fill("Build queues people never notice");
  const conflict = b.getByRole("region", { name: M.conflictTitle });
  await conflict.waitFor();
  expect(
    await conflict
      .getByRole("group", { name: "Title" })
      .getByRole("radio", { name: /^Theirs/ })
      .isChecked(),
  ).toBe(true);
  expect(await conflict.getByRole("group", { name: "Blocks" }).getByRole("radio", { name: /^Mine/ }).isChecked()).toBe(
    true,
  );
  expect(await violations(b)).toEqual([]);
  await conflict.getByRole("button", { name: M.conflictSave }).click();
  await conflict.waitFor({ state: "detached" });
  await b.getByText(/^All changes saved at/).waitFor();
  const saved = await pageOnServer(b, page.id);
  expect(saved.title).toBe("Careers at QueueWise");
  expect(saved.blocks[0]).toMatchObject({ type: "hero", headline: "Build queues people never notice" });

  // A block dragged by its handle onto another's row takes its place.
  await a.reload();
  await waitForHydration(a);
  await a.locator('[data-block-id="hiring-steps"] [draggable="true"]').dragTo(a.locator('[data-block-id="values"]'));
  await a.getByRole("button", { name: /^2\. Steps: How we hire/ }).waitFor();

  // A rich-text block is written in the post editor's Quill, the preview following.
  await a.getByRole("button", { name: /^\d+\. Rich text/ }).click();
  await a.locator(".ql-editor h2").click();
  await a.keyboard.press("End");
  await a.keyboard.type(" this spring");
  await preview(a).getByRole("heading", { name: "Open positions this spring" }).waitFor();

  // The path's messages: a reserved one at once (the shared schema), a taken one from the server's answer.
  const path = a.locator("#page-path");
  await path.fill("/admin/jobs");
  await a.getByText(PAGE_MESSAGES.pathReserved("/admin/jobs")).waitFor();
  expect(await path.getAttribute("aria-invalid")).toBe("true");
  await a.request.post(`${site.server.url}/api/cms/pages`, { data: { title: "Jobs", path: "/jobs" } });
  await path.fill("/jobs");
  await a.getByText(PAGE_MESSAGES.pathTaken("/jobs")).first().waitFor();
  expect(await path.getAttribute("aria-invalid")).toBe("true");
  // The refused saves are the only errors the browser saw: the 409 of the stale save and of the taken path.
  expect(problems.filter((p) => !p.includes("409"))).toEqual([]);
  await context.close();
});

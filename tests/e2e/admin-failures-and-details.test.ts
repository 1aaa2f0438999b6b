import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { PUBLISH_MESSAGES } from "~/app/components/admin/publish-controls";
import { HEALTH_MESSAGES } from "~/app/components/health/health-messages";
import { UTILITY_PAGES } from "~/app/components/tools/utility-pages";
import type { CmsPost } from "~/shared/blog";
import type { HealthReport } from "~/shared/operations";
import { waitForHydration } from "../helpers/browser";
import { signedInPages, toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";
import { openScreen } from "../helpers/admin-nav";

// Details of docs/product.md sections 2, 8 and 9 that only a browser shows: the Posts list's failure
// toasts with the page kept, the editor's video height, the health page on a report with SPEC's
// fields alone, and utility pages that log nothing.
const ADMIN = { username: "details-admin", password: "a long enough secret" };
const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
const LONG_CONTENT = "<p>Enough words here to pass the fifty character minimum of the content rule.</p>";
const POSTS_LOAD = /\/admin\/data\/posts\.data/;

/** A page whose context is signed in as the admin; one sign-in serves the whole file. */
const signedInAs = signedInPages(site);
const signedIn = () => signedInAs(ADMIN);

async function createPost(page: Page, title: string, content = LONG_CONTENT): Promise<CmsPost> {
  const res = await page.request.post(`${site.server.url}/api/cms/simple-create-post`, {
    data: { title, summary: "A summary that is long enough.", content },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

async function open(page: Page, path: string) {
  await page.goto(`${site.server.url}${path}`);
  await waitForHydration(page);
}

it("a Posts list that cannot load is a toast, no answer or an error answer, and the page stays", async () => {
  const { page, problems, close } = await signedIn();
  await createPost(page, "Queues that stay on screen");
  await open(page, "/admin");
  const list = page.getByRole("list", { name: "Posts" });
  await list.getByText("Queues that stay on screen").waitFor();

  // No answer at all: the network toast; the dashboard and the list shown before stay.
  await page.route(POSTS_LOAD, (route) => route.abort("internetdisconnected"));
  await page.getByRole("searchbox", { name: /Search/ }).fill("queues");
  await toastTitled(page, ADMIN_MESSAGES.loadError.title);
  await page.getByText(ADMIN_MESSAGES.loadError.description).first().waitFor();
  expect(await page.getByText(ADMIN_MESSAGES.loggedInAs(ADMIN.username)).isVisible()).toBe(true);
  expect(await list.getByText("Queues that stay on screen").isVisible()).toBe(true);

  // An error answer: the server's toast.
  await page.unroute(POSTS_LOAD);
  await page.route(POSTS_LOAD, (route) => route.fulfill({ status: 500, body: "Internal Server Error" }));
  await page.getByRole("searchbox", { name: /Search/ }).fill("queues that");
  await toastTitled(page, ADMIN_MESSAGES.loadFailed.title);
  await page.getByText(ADMIN_MESSAGES.loadFailed.description).first().waitFor();
  expect(await page.getByRole("heading", { name: ADMIN_MESSAGES.postsCardTitle }).isVisible()).toBe(true);
  expect(await page.getByRole("heading", { name: "Something went wrong" }).count()).toBe(0);

  // Back online, the next load shows the list again.
  await page.unroute(POSTS_LOAD);
  await page.getByRole("searchbox", { name: /Search/ }).fill("stay");
  await list.getByText("Queues that stay on screen").waitFor();
  // The aborted and failed loads are the browser's own console lines; nothing else went wrong.
  expect(problems.filter((p) => !p.includes("Failed to load resource"))).toEqual([]);
  await close();
});

it("the save button says Creating... while a new post is on its way, and Updating... for a saved one", async () => {
  const { page, problems, close } = await signedIn();
  await open(page, "/admin");
  await openScreen(page, "New Post");
  await page.getByLabel("Title").fill("A post saved slowly");
  await page.getByLabel("Summary").fill("A summary that is long enough.");
  await page.locator(".ql-editor").click();
  await page.keyboard.type("Enough words here to pass the fifty character minimum of the content rule.");

  // Each save is held until the label has been read.
  let release = () => {};
  const held = (pattern: RegExp) =>
    page.route(pattern, async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.continue();
    });
  await held(/\/api\/cms\/simple-create-post/);
  await page.getByRole("button", { name: PUBLISH_MESSAGES.saveDraft }).click();
  await page.getByRole("button", { name: ADMIN_MESSAGES.creating }).waitFor();
  release();
  await toastTitled(page, ADMIN_MESSAGES.createdDraft.title);

  await held(/\/api\/cms\/update-post\//);
  await page.getByRole("link", { name: "Edit A post saved slowly" }).click();
  await page.getByLabel("Summary").fill("A summary that is long enough, changed.");
  await page.getByRole("button", { name: PUBLISH_MESSAGES.saveDraft }).click();
  await page.getByRole("button", { name: ADMIN_MESSAGES.updating }).waitFor();
  release();
  await toastTitled(page, ADMIN_MESSAGES.updated.title);
  expect(problems).toEqual([]);
  await close();
});

it("an embedded video is at least 300 px tall in the editor, whatever height its HTML asks", async () => {
  const { page, close } = await signedIn();
  const title = "A short video frame";
  await createPost(
    page,
    title,
    `${LONG_CONTENT}<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="120"></iframe>`,
  );
  await open(page, "/admin");
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  const frame = page.locator(".ql-editor iframe");
  await frame.waitFor({ state: "attached" });
  expect(await frame.getAttribute("height")).toBe("120");
  expect((await frame.boundingBox())!.height).toBeGreaterThanOrEqual(300);
  await close();
});

it("the health page shows a report with docs/product.md section 3's fields alone", async () => {
  const { page, problems, close } = await signedIn();
  const report: Partial<HealthReport> = {
    timestamp: new Date().toISOString(),
    databaseConnected: true,
    environmentComplete: false,
    missingEnvVars: ["SMTP_URL"],
    postsCount: 7,
    error: null,
  };
  await page.route(/\/api\/public\/health\/database/, (route) => route.fulfill({ json: report }));
  await open(page, "/system/health");
  await page.getByRole("button", { name: HEALTH_MESSAGES.refresh }).waitFor();
  const text = await page.locator("main").innerText();
  expect(text).toContain(HEALTH_MESSAGES.connected);
  expect(text).toContain(HEALTH_MESSAGES.envIncomplete);
  expect(text).toContain("Not set: SMTP_URL");
  expect(text).toMatch(/Blog posts\s+7/);
  expect(text).not.toContain(HEALTH_MESSAGES.errorTitle);
  expect(problems).toEqual([]);
  await close();
});

it("the six utility pages log no warning or error in the console", async () => {
  const { page, close } = await signedIn();
  const logged: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "warning" || msg.type() === "error") logged.push(`${page.url()}: ${msg.text()}`);
  });
  page.on("pageerror", (err) => logged.push(`${page.url()}: ${err.message}`));
  for (const [path, { title }] of Object.entries(UTILITY_PAGES)) {
    await open(page, `/${path}`);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
  }
  expect(logged).toEqual([]);
  await close();
});

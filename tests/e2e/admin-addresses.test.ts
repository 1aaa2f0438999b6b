import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { ADMIN_NAV_MESSAGES } from "~/app/components/admin/admin-nav-items";
import { SITE_TAB_MESSAGES } from "~/app/components/admin/site/site-messages";
import { TAGS_MESSAGES } from "~/shared/tags";
import { PHONE, waitForHydration } from "../helpers/browser";
import { adminNav, openScreen } from "../helpers/admin-nav";
import { signedInPages, submitSignIn, toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";

/** Every admin screen at its own address (docs/decisions/170-the-admin-has-addresses.md). */
const ADMIN = { username: "address-admin", password: "a long enough secret" };
const CONTRIBUTOR = { username: "address-contributor", password: "another long secret" };
const TITLE = "Queues that have an address";
const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

/** A page whose context is signed in; one sign-in per user serves the whole file. */
const signedIn = signedInPages(site);

async function createPost(page: Awaited<ReturnType<typeof signedIn>>["page"], title = TITLE): Promise<number> {
  const created = await page.request.post(`${site.server.url}/api/cms/simple-create-post`, {
    data: {
      title,
      summary: "A post whose editor has an address of its own.",
      content: "<p>Enough words here to pass the fifty character minimum of the content rule.</p>",
      published: false,
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

it("a post's editor opens at its address, directly and from the list, and Back returns to the list", async () => {
  const { page, problems, close } = await signedIn(ADMIN);
  const id = await createPost(page);

  // Directly: the document itself holds the editor with the post (server-rendered).
  const html = await (await page.request.get(`${site.server.url}/admin/posts/${id}`)).text();
  expect(html).toContain(ADMIN_MESSAGES.editHeading);
  expect(html).toContain(`value="${TITLE}"`);
  await page.goto(`${site.server.url}/admin/posts/${id}`);
  await waitForHydration(page);
  expect(await page.getByLabel("Title").inputValue()).toBe(TITLE);
  expect(await adminNav(page).getByRole("link", { name: "Posts", exact: true }).getAttribute("aria-current")).toBe(
    "page",
  );

  // From the list: Edit is a link to the same address, and Back returns to the list.
  await openScreen(page, "Posts");
  await page.waitForURL(`${site.server.url}/admin/posts`);
  await page.getByRole("list", { name: "Posts" }).getByRole("link", { name: "Edit", exact: true }).first().click();
  await page.waitForURL(`${site.server.url}/admin/posts/${id}`);
  await page.getByRole("heading", { name: ADMIN_MESSAGES.editHeading }).waitFor();
  expect(await page.getByLabel("Title").inputValue()).toBe(TITLE);
  await page.goBack();
  await page.waitForURL(`${site.server.url}/admin/posts`);
  await page.getByRole("heading", { name: ADMIN_MESSAGES.postsCardTitle }).waitFor();
  await page.goForward();
  await page.waitForURL(`${site.server.url}/admin/posts/${id}`);
  await page.getByRole("heading", { name: ADMIN_MESSAGES.editHeading }).waitFor();

  // Cancel returns to Posts.
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.waitForURL(`${site.server.url}/admin/posts`);

  // An unknown post is a 404 page inside the admin.
  expect((await page.goto(`${site.server.url}/admin/posts/999999`))?.status()).toBe(404);
  await page.getByRole("heading", { name: ADMIN_NAV_MESSAGES.notFoundTitle }).waitFor();
  expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
  await close();
});

it("a reload on the Site screen stays there, and a signed-out visitor returns there after signing in", async () => {
  const { page, problems, close } = await signedIn(ADMIN);
  await page.goto(`${site.server.url}/admin`);
  await waitForHydration(page);
  await openScreen(page, SITE_TAB_MESSAGES.tab);
  await page.waitForURL(`${site.server.url}/admin/site`);
  await page.reload();
  await waitForHydration(page);
  const siteLink = adminNav(page).getByRole("link", { name: SITE_TAB_MESSAGES.tab, exact: true });
  expect(await siteLink.getAttribute("aria-current")).toBe("page");
  await page.getByRole("tab", { name: SITE_TAB_MESSAGES.sections.industries }).waitFor();

  // Signed out, the same address shows the sign-in form, and signing in comes back to it.
  await page.context().clearCookies();
  await page.reload();
  await waitForHydration(page);
  await submitSignIn(page, ADMIN);
  await toastTitled(page, ADMIN_MESSAGES.loginSuccess.title);
  await page.getByRole("tab", { name: SITE_TAB_MESSAGES.sections.industries }).waitFor();
  expect(page.url()).toBe(`${site.server.url}/admin/site`);
  expect(problems).toEqual([]);
  await close();
});

it("a contributor opening another's post's address gets the refusal page", async () => {
  const admin = await signedIn(ADMIN);
  const id = await createPost(admin.page, `${TITLE}, not yours`);
  const made = await admin.page.request.post(`${site.server.url}/api/admin/users`, {
    data: { ...CONTRIBUTOR, role: "contributor" },
  });
  expect(made.status()).toBe(201);
  await admin.close();

  const { page, close } = await signedIn(CONTRIBUTOR);
  const answer = await page.goto(`${site.server.url}/admin/posts/${id}`);
  expect(answer?.status()).toBe(403);
  await page.getByRole("heading", { name: ADMIN_NAV_MESSAGES.refusedTitle }).waitFor();
  expect(await page.getByLabel("Title").count()).toBe(0);
  // The navigation stays, and leads back to the list.
  await page.getByRole("link", { name: ADMIN_NAV_MESSAGES.backToPosts }).click();
  await page.waitForURL(`${site.server.url}/admin/posts`);
  await close();
});

it("on a phone the navigation is a menu that opens, leads to a screen and closes", async () => {
  const { page, problems, close } = await signedIn(ADMIN, PHONE);
  await page.goto(`${site.server.url}/admin/posts`);
  await waitForHydration(page);
  const nav = adminNav(page);
  const menu = nav.getByRole("button", { name: new RegExp(`^${ADMIN_NAV_MESSAGES.menu}`) });
  const tags = nav.getByRole("link", { name: TAGS_MESSAGES.heading, exact: true });
  expect(await tags.isVisible()).toBe(false);
  expect(await menu.getAttribute("aria-expanded")).toBe("false");

  // By keyboard: Enter opens it, Escape closes it and leaves the focus on the button.
  await menu.focus();
  await page.keyboard.press("Enter");
  await tags.waitFor();
  await page.keyboard.press("Escape");
  await tags.waitFor({ state: "hidden" });
  expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe("admin-nav-list");

  await menu.click();
  expect(await menu.getAttribute("aria-expanded")).toBe("true");
  await tags.click();
  await page.waitForURL(`${site.server.url}/admin/tags`);
  await page.getByRole("heading", { name: TAGS_MESSAGES.heading, level: 2 }).waitFor();
  await tags.waitFor({ state: "hidden" });
  expect(await menu.textContent()).toContain(TAGS_MESSAGES.heading);

  // The current screen's link moves nowhere, and still closes the menu.
  await menu.click();
  await tags.click();
  await tags.waitFor({ state: "hidden" });
  expect(await menu.getAttribute("aria-expanded")).toBe("false");
  expect(problems).toEqual([]);
  await close();
});

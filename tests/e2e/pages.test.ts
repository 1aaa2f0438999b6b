import { expect, it } from "vitest";
import type { SiteAdminView } from "~/shared/site-content";
import type { CmsPage } from "~/shared/pages";
import { violations } from "../helpers/axe";
import { DESKTOP, openPage, PHONE, waitForHydration } from "../helpers/browser";
import { useSiteAndBrowser } from "../helpers/site-under-test";

/** A page of blocks made through the API, published, then read as visitors read it (docs/cms-guide.md "Pages"). */
const ADMIN = { username: "pages-admin", password: "a long enough secret" };
const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

it("a page created and published through the API is at its path and in the menu, on a desktop and a phone, axe-clean", async () => {
  const url = site.server.url;
  const setup = await openPage(site.browser, DESKTOP);
  expect((await setup.page.request.post(`${url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
  const made = await setup.page.request.post(`${url}/api/cms/pages`, {
    data: {
      title: "Pricing",
      path: "/pricing",
      blocks: [
        { id: "plans", type: "richText", html: "<h2>Plans for every queue</h2><p>Start small, grow later.</p>" },
      ],
    },
  });
  const page = (await made.json()) as CmsPage;
  expect((await setup.page.request.post(`${url}/api/cms/pages/${page.id}/publish`)).status()).toBe(200);
  const view = (await (await setup.page.request.get(`${url}/api/admin/site`)).json()) as SiteAdminView;
  const draft = {
    ...view.draft,
    links: {
      ...view.draft.links,
      header: [...view.draft.links.header, { label: "Pricing", href: "/pricing", page: page.id }],
    },
  };
  expect((await setup.page.request.put(`${url}/api/admin/site/draft`, { data: draft })).status()).toBe(200);
  expect((await setup.page.request.post(`${url}/api/admin/site/publish`)).status()).toBe(201);
  await setup.close();

  for (const size of [DESKTOP, PHONE]) {
    const { page: tab, problems, close } = await openPage(site.browser, size);
    await tab.goto(`${url}/`);
    await waitForHydration(tab);
    if (size === PHONE) await tab.locator("header details summary").first().click();
    await tab.getByRole("banner").getByRole("link", { name: "Pricing" }).first().click();
    await tab.waitForURL(`${url}/pricing`);
    await tab.getByRole("heading", { name: "Plans for every queue" }).waitFor();
    await tab.reload();
    await tab.getByRole("heading", { name: "Plans for every queue" }).waitFor();
    expect(await violations(tab)).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  }
});

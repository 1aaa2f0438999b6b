import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { PRIVACY_MESSAGES } from "~/shared/page-links";
import { SITE_CONTENT_MESSAGES, type SiteContent } from "~/shared/site-content";
import { SHOWS_HEADER, showsPage } from "~/shared/page-cache";
import { makePageInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();
let editor: { cookie: string };
beforeEach(async () => {
  editor = await signedIn(t, "editor");
});

async function publishedPage(fields: Record<string, unknown> = {}) {
  const made = await request(t.app).post("/api/cms/pages").set("Cookie", editor.cookie).send(makePageInput(fields));
  expect(made.status).toBe(201);
  return (await request(t.app).post(`/api/cms/pages/${made.body.id}/publish`).set("Cookie", editor.cookie).expect(200))
    .body;
}
const update = (id: number, fields: Record<string, unknown>) =>
  request(t.app).put(`/api/cms/pages/${id}`).set("Cookie", editor.cookie).send(fields).expect(200);

/** Saves and publishes the site's content as `change` makes it of the current draft. */
async function publishSite(change: (draft: SiteContent) => SiteContent) {
  const admin = await signedIn(t, "admin");
  const { draft } = (await request(t.app).get("/api/admin/site").set("Cookie", admin.cookie).expect(200)).body;
  await request(t.app).put("/api/admin/site/draft").set("Cookie", admin.cookie).send(change(draft)).expect(200);
  await request(t.app).post("/api/admin/site/publish").set("Cookie", admin.cookie).expect(201);
}

/** The contact form's privacy line, linking `path`. */
const privacyLine = (path: string) =>
  new RegExp(`${PRIVACY_MESSAGES.consent}(<!-- -->)? <a [^>]*href="${path}"[^>]*>${PRIVACY_MESSAGES.link}</a>`);

const ldOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));

describe("search engines and sharing", () => {
  it("lists published pages in the sitemap with their last change, leaving out noindex pages and drafts", async () => {
    const shown = await publishedPage({ path: "/pricing" });
    await publishedPage({ path: "/thank-you", noindex: true });
    await request(t.app)
      .post("/api/cms/pages")
      .set("Cookie", editor.cookie)
      .send(makePageInput({ path: "/draft" }));
    const xml = (await request(t.app).get("/sitemap.xml").expect(200)).text;
    expect(xml).toContain(`<loc>${t.config.publicUrl}/pricing</loc>\n    <lastmod>${shown.updatedAt}</lastmod>`);
    expect(xml).not.toContain("/thank-you");
    expect(xml).not.toContain("/draft");
    // A later save moves its last change, and the kept sitemap goes with it.
    const saved = (await update(shown.id, { title: "Pricing, again" })).body;
    expect((await request(t.app).get("/sitemap.xml").expect(200)).text).toContain(
      `<lastmod>${saved.updatedAt}</lastmod>`,
    );
  });

  it("describes a page as a WebPage with its canonical address, social card and robots setting", async () => {
    const page = await publishedPage({ path: "/company/about", title: "About us", metaDescription: "Who we are." });
    const html = (await request(t.app).get("/company/about").expect(200)).text;
    const ld = ldOf(html).find((x) => x["@type"] === "WebPage");
    expect(ld).toMatchObject({
      name: "About us",
      description: "Who we are.",
      url: `${t.config.publicUrl}/company/about`,
    });
    expect(html).toContain(`<link rel="canonical" href="${t.config.publicUrl}/company/about"/>`);
    expect(html).not.toContain('name="robots"');
    const card = /<meta property="og:image" content="([^"]+)"/.exec(html)![1]!;
    const png = await request(t.app).get(new URL(card).pathname).expect(200);
    expect(png.headers["content-type"]).toBe("image/png");

    await update(page.id, { noindex: true, canonicalUrl: "https://elsewhere.example/about" });
    const after = (await request(t.app).get("/company/about").expect(200)).text;
    expect(after).toContain('<meta name="robots" content="noindex"/>');
    expect(after).toContain('<link rel="canonical" href="https://elsewhere.example/about"/>');
  });

  it("says what the answer shows, so a page's publish drops only its own answers", async () => {
    await publishedPage({ path: "/pricing" });
    const answer = await request(t.app).get("/pricing").expect(200);
    expect(answer.headers[SHOWS_HEADER.toLowerCase()]).toBeUndefined(); // read by the cache, never sent on
    // A second page's publish leaves the first page's kept answer: its ETag is the same.
    await publishedPage({ path: "/careers" });
    const again = await request(t.app).get("/pricing").expect(200);
    expect(again.headers.etag).toBe(answer.headers.etag);
    expect(showsPage("/pricing")).toBe("page:%2Fpricing");
  });
});

describe("the menus and the privacy policy", () => {
  it("a header link to a page follows the page's path; the privacy line links the chosen page", async () => {
    const page = await publishedPage({ path: "/pricing", title: "Pricing" });
    const privacy = await publishedPage({ path: "/privacy", title: "Privacy policy" });
    await publishSite((draft) => ({
      ...draft,
      links: {
        ...draft.links,
        header: [...draft.links.header, { label: "Pricing", href: "/pricing", page: page.id }],
        privacyPolicyPage: privacy.id,
      },
    }));
    let home = (await request(t.app).get("/").expect(200)).text;
    expect(home).toContain('href="/pricing"');
    expect(home).toMatch(privacyLine("/privacy"));

    await update(page.id, { path: "/plans" });
    await update(privacy.id, { path: "/legal/privacy" });
    home = (await request(t.app).get("/").expect(200)).text;
    expect(home).toContain('href="/plans"');
    expect(home).not.toContain('href="/pricing"');
    expect(home).toMatch(privacyLine("/legal/privacy"));

    await request(t.app).post(`/api/cms/pages/${privacy.id}/unpublish`).set("Cookie", editor.cookie).expect(200);
    home = (await request(t.app).get("/").expect(200)).text;
    expect(home).not.toContain(PRIVACY_MESSAGES.consent);
  });

  it("shows the privacy line on every page with the contact form: home, an industry's, a page's contact-form block", async () => {
    const privacy = await publishedPage({ path: "/privacy", title: "Privacy policy" });
    const landing = await publishedPage({
      path: "/fair",
      blocks: [{ id: "form", type: "contactForm", anchor: "contact", title: "Meet us at the fair", intro: "" }],
    });
    await publishSite((draft) => ({ ...draft, links: { ...draft.links, privacyPolicyPage: privacy.id } }));
    for (const path of ["/", "/industries/healthcare", landing.path]) {
      const html = (await request(t.app).get(path).expect(200)).text;
      expect([path, privacyLine("/privacy").test(html)]).toEqual([path, true]);
    }
  });

  it("refuses a link or a privacy policy naming a page that does not exist, with a message on its field", async () => {
    const admin = await signedIn(t, "admin");
    const kept = await publishedPage({ path: "/kept" });
    const deleted = await publishedPage({ path: "/deleted" });
    await request(t.app).delete(`/api/cms/pages/${deleted.id}`).set("Cookie", admin.cookie).expect(200);
    const { draft } = (await request(t.app).get("/api/admin/site").set("Cookie", admin.cookie).expect(200)).body as {
      draft: SiteContent;
    };
    const save = (links: Partial<SiteContent["links"]>) =>
      request(t.app)
        .put("/api/admin/site/draft")
        .set("Cookie", admin.cookie)
        .send({ ...draft, links: { ...draft.links, ...links } });
    const refused = await save({
      header: [...draft.links.header, { label: "Gone", href: "/deleted", page: deleted.id }],
      footer: {
        ...draft.links.footer,
        companyLinks: [{ label: "Nowhere", href: "/nowhere", page: 9999 }],
      },
      privacyPolicyPage: 9998,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(SITE_CONTENT_MESSAGES.invalid);
    expect(refused.body.errors).toEqual({
      [`links.header.${draft.links.header.length}.page`]: [SITE_CONTENT_MESSAGES.pageMissing],
      "links.footer.companyLinks.0.page": [SITE_CONTENT_MESSAGES.pageMissing],
      "links.privacyPolicyPage": [SITE_CONTENT_MESSAGES.pageMissing],
    });
    const notANumber = await save({ privacyPolicyPage: "seven" as unknown as number });
    expect(notANumber.body.errors).toEqual({ "links.privacyPolicyPage": [SITE_CONTENT_MESSAGES.link] });
    // Nothing of it was kept; a page that exists is taken.
    const after = (await request(t.app).get("/api/admin/site").set("Cookie", admin.cookie).expect(200)).body;
    expect(after.draft.links.privacyPolicyPage).toBeUndefined();
    await save({ privacyPolicyPage: kept.id }).expect(200);
  });
});

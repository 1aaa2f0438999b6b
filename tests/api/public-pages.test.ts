import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_FOUND } from "~/app/components/not-found-card";
import { INDUSTRIES_PAGE } from "~/app/routes/industries";
import { INDUSTRIES } from "~/shared/industries";
import { HOME } from "~/shared/home-copy";
import { SITE, copyrightLine } from "~/shared/site";
import { pageTitle } from "~/shared/post-seo";
import { asHtml, headingsOf, metaDescriptionOf, titleOf } from "../helpers/html";
import { makeTestApp } from "../helpers/test-app";

let t: Awaited<ReturnType<typeof makeTestApp>>;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const get = (path: string) => request(t.app).get(path);

describe("the public pages render on the server", () => {
  it("/ has every home section, in the order of docs/product.md section 2, in the HTML itself", async () => {
    const res = await get("/")
      .expect(200)
      .expect("content-type", /text\/html/);
    const body = res.text.slice(res.text.indexOf("<main"));
    const order = [
      asHtml(HOME.hero.headline),
      'id="about"',
      asHtml(HOME.about.title),
      'id="core-tech"',
      asHtml(HOME.coreTech.title),
      'id="industries"',
      asHtml(HOME.industriesSection.title),
      asHtml(HOME.cta.headline),
      'id="contact"',
      asHtml(HOME.contact.title),
    ].map((s) => body.indexOf(s));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const label of [
      "Explore Use Cases",
      "Contact Us",
      HOME.about.productButton.label,
      HOME.industriesSection.exploreAllLabel,
    ]) {
      expect(res.text).toContain(asHtml(label));
    }
    for (const card of [...HOME.hero.cards, ...HOME.about.cards, ...HOME.coreTech.benefits.items]) {
      expect(res.text).toContain(asHtml(card.title));
    }
  });

  it("/ shows every industry card with only its first three features and a Learn more link", async () => {
    const res = await get("/").expect(200);
    for (const industry of INDUSTRIES) {
      expect(res.text).toContain(asHtml(industry.title));
      expect(res.text).toContain(`href="/industries/${industry.id}"`);
    }
    expect(res.text.match(/>Learn more</g)?.length).toBe(INDUSTRIES.length);
  });

  it("/industries lists all ten with full description and every feature", async () => {
    const res = await get("/industries").expect(200);
    expect(headingsOf(res.text, 1)).toEqual([INDUSTRIES_PAGE.title]);
    expect(headingsOf(res.text, 2)).toContain(INDUSTRIES_PAGE.contactTitle);
    for (const industry of INDUSTRIES) {
      expect(res.text).toContain(asHtml(industry.description));
      for (const feature of industry.features) expect(res.text).toContain(asHtml(feature));
    }
    expect(res.text.match(/Learn More/g)?.length).toBe(INDUSTRIES.length);
  });

  it.each(INDUSTRIES.map((i) => [i.id, i] as const))("/industries/%s shows its page", async (id, industry) => {
    const res = await get(`/industries/${id}`).expect(200);
    expect(res.text).toContain(asHtml(industry.title));
    for (const paragraph of industry.pageDescription) expect(res.text).toContain(asHtml(paragraph));
    for (const feature of industry.features) expect(res.text).toContain(asHtml(feature));
    expect(res.text).toContain("Key Features");
    expect(res.text).toContain("Back to Home");
    expect(res.text).toContain('id="contact"');
  });

  it.each(["/no-such-page", "/industries/no-such-industry", "/a/b/c"])(
    "%s answers 404 with the not-found card",
    async (path) => {
      const res = await get(path)
        .expect(404)
        .expect("content-type", /text\/html/);
      expect(res.text).toContain(NOT_FOUND.title);
      expect(res.text).toContain(NOT_FOUND.hint);
      expect(res.text).toContain("<header"); // the not-found page keeps the site chrome
      expect(titleOf(res.text)).toBe(pageTitle(NOT_FOUND.title));
      expect(metaDescriptionOf(res.text)).toBe(NOT_FOUND.hint);
    },
  );

  it("every page has its own title and meta description", async () => {
    const paths = ["/", "/industries", ...INDUSTRIES.map((i) => `/industries/${i.id}`)];
    const pages = await Promise.all(paths.map((p) => get(p)));
    const titles = pages.map((p) => titleOf(p.text));
    const descriptions = pages.map((p) => metaDescriptionOf(p.text));
    expect(new Set(titles).size).toBe(paths.length);
    expect(new Set(descriptions).size).toBe(paths.length);
    expect(titles[0]).toContain(SITE.name);
    expect(descriptions.every((d) => d && d.length > 20)).toBe(true);
  });

  it("the header and footer carry every link docs/product.md section 2 lists", async () => {
    const { text } = await get("/").expect(200);
    for (const href of ['href="/"', 'href="/#about"', 'href="/#core-tech"', 'href="/blog"', 'href="/#contact"']) {
      expect(text).toContain(href);
    }
    for (const link of [SITE.sisterSite, ...SITE.community]) {
      expect(text).toMatch(new RegExp(`<a target="_blank" rel="noopener noreferrer"[^>]*href="${link.url}"`));
    }
    expect(text).toContain(`© ${new Date().getUTCFullYear()} ${SITE.name}. All rights reserved.`);
    expect(copyrightLine(SITE.name, new Date("2031-06-01T00:00:00Z"))).toBe(
      `© 2031 ${SITE.name}. All rights reserved.`,
    );
    expect(text).toMatch(/<html lang="en"/);
  });
});

import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AnalyticsReport } from "~/shared/analytics";
import { VISIT_FIELDS } from "~/shared/contact-visit";
import type { InboxMessage } from "~/shared/inbox";
import { POST_CALL_TO_ACTION_HREF } from "~/shared/site";
import type { SiteAdminView } from "~/shared/site-content";
import { DEFAULT_SITE_CONTENT } from "~/shared/site-defaults";
import type { Post } from "~/server/store/types";
import { GOOD_CONTACT, makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp, type TestApp } from "../helpers/test-app";

/**
 * A lead is credited to the visit it ends (docs/decisions/190-leads-credited-to-the-visit.md): the
 * page the visit began on, its referrer and campaign, and the posts read before sending, told by
 * the day's salted visitor key (the client's address and user agent), with no cookie.
 */

/** Behind one trusted proxy, X-Forwarded-For names the visitor (supertest plays the proxy). */
const ENV = { TRUST_PROXY: "true" };
const READER = {
  address: "203.0.113.7",
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
};
const OTHER = { ...READER, address: "203.0.113.8" };
const CAMPAIGN = "utm_source=x&utm_campaign=nov-newsletter";

let t: TestApp;
let admin: string;
let post: Post;
beforeEach(async () => {
  t = await makeTestApp({ env: ENV });
  admin = (await signedIn(t)).cookie;
  post = await t.store.createPost(makePostInput({ title: "Stadium gate queues", published: true }));
});
afterEach(() => t.close());

const as = (who: typeof READER, req: request.Test) =>
  req.set("X-Forwarded-For", who.address).set("User-Agent", who.userAgent);
const view = (url: string, who = READER, headers: Record<string, string> = {}) =>
  as(who, request(t.app).get(url)).set(headers).expect(200);

/** The contact form on the home page, as the browser sends it after the reader clicked Contact. */
const sendFromHome = (who = READER) =>
  as(who, request(t.app).post("/?index"))
    .type("form")
    .send({ ...GOOD_CONTACT, [VISIT_FIELDS.page]: "/", [VISIT_FIELDS.referrer]: "" })
    .expect(200);

async function report(): Promise<AnalyticsReport> {
  return (await request(t.app).get("/api/admin/analytics").set("Cookie", admin).expect(200)).body as AnalyticsReport;
}
const row = (r: AnalyticsReport, table: keyof AnalyticsReport["tables"], key: string) =>
  r.tables[table].find((x) => x.key === key);

async function inbox(): Promise<InboxMessage[]> {
  return (await request(t.app).get("/api/admin/messages").set("Cookie", admin).expect(200)).body.messages;
}

describe("a lead sent from /#contact after landing on a post with a campaign", () => {
  it("is credited to the post, the landing page and the campaign, in the message and the report", async () => {
    const landing = `/blog/${post.slug}`;
    await view(`${landing}?${CAMPAIGN}`);
    // The header's Contact link, from the post to the home page.
    await view("/", READER, { Referer: `http://127.0.0.1${landing}?${CAMPAIGN}` });
    await sendFromHome();

    const [message] = await inbox();
    expect(message?.visit).toEqual({
      page: "/",
      landingPage: landing,
      utm: { utm_source: "x", utm_campaign: "nov-newsletter" },
    });

    const r = await report();
    expect(r.totals.leads).toBe(1);
    expect(row(r, "pages", "/")).toMatchObject({ leads: 1 });
    expect(row(r, "landing", landing)).toMatchObject({ leads: 1, entries: 1, label: landing });
    expect(row(r, "assisted", landing)).toMatchObject({ leads: 1, views: 1, label: post.title });
    expect(row(r, "campaigns", CAMPAIGN)).toMatchObject({ leads: 1, label: "x / – / nov-newsletter" });
    expect(row(r, "referrers", "")).toMatchObject({ leads: 1 });
    // The lead was sent from the home page, not the post.
    expect(row(r, "posts", landing)).toMatchObject({ leads: 0 });

    const csv = await request(t.app).get("/api/admin/analytics/assisted.csv").set("Cookie", admin).expect(200);
    expect(csv.text).toContain(`${landing},${post.title},1,1,1,1,100%`);
  });

  it("credits another reader's message to their own visit only", async () => {
    await view(`/blog/${post.slug}?${CAMPAIGN}`);
    await view("/industries/retail", OTHER, { Referer: "https://search.example.com/?q=queues" });
    await sendFromHome(OTHER);
    const [message] = await inbox();
    expect(message?.visit).toEqual({ page: "/", landingPage: "/industries/retail", referrer: "search.example.com" });
    const r = await report();
    expect(row(r, "landing", "/industries/retail")).toMatchObject({ leads: 1 });
    expect(row(r, "referrers", "search.example.com")).toMatchObject({ leads: 1 });
    expect(row(r, "campaigns", CAMPAIGN)).toMatchObject({ leads: 0 });
    expect(r.tables.assisted.every((x) => x.leads === 0)).toBe(true);
  });

  it("credits every post read before sending, and a later visit from another site begins a new visit", async () => {
    const second = await t.store.createPost(makePostInput({ title: "Clinic waiting rooms", published: true }));
    await view(`/blog/${post.slug}?${CAMPAIGN}`);
    await view(`/blog/${second.slug}`, READER, { Referer: `http://127.0.0.1/blog/${post.slug}` });
    await view("/", READER, { Referer: "https://social.example.net/post/1" });
    await sendFromHome();
    const [message] = await inbox();
    expect(message?.visit).toEqual({ page: "/", landingPage: "/", referrer: "social.example.net" });
    const r = await report();
    expect(row(r, "assisted", `/blog/${post.slug}`)).toMatchObject({ leads: 1 });
    expect(row(r, "assisted", `/blog/${second.slug}`)).toMatchObject({ leads: 1 });
    expect(row(r, "landing", "/")).toMatchObject({ leads: 1 });
    expect(row(r, "landing", `/blog/${post.slug}`)).toMatchObject({ leads: 0 });
  });
});

describe("the inbox says where a message came from", () => {
  it("a message stored before visits were kept lands on its own page", async () => {
    await t.store.addMessage({ ...GOOD_CONTACT, ip: "127.0.0.1", visit: { page: "/industries/retail" } });
    await t.store.addMessage({ ...GOOD_CONTACT, name: "No visit", ip: "127.0.0.1" });
    const [none, old] = await inbox();
    expect(old?.visit).toEqual({ page: "/industries/retail", landingPage: "/industries/retail" });
    expect(none).not.toHaveProperty("visit");
  });

  it("the CSV export has the landing page, referrer and UTM columns", async () => {
    await view(`/blog/${post.slug}?${CAMPAIGN}&utm_medium=email`, READER, { Referer: "https://mail.example.org/" });
    await sendFromHome();
    const res = await request(t.app).get("/api/admin/messages.csv").set("Cookie", admin).expect(200);
    const [head, line] = res.text.replace(/^\uFEFF/, "").split("\r\n");
    const columns = head!.split(",");
    expect(columns.slice(-5)).toEqual(["landing_page", "referrer", "utm_source", "utm_medium", "utm_campaign"]);
    expect(line!.split(",").slice(-5)).toEqual([
      `/blog/${post.slug}`,
      "mail.example.org",
      "x",
      "email",
      "nov-newsletter",
    ]);
  });
});

describe("the call to action at the end of every post", () => {
  const postPage = async () => (await request(t.app).get(`/blog/${post.slug}`).expect(200)).text;

  it("links the post to the contact form with the Site tab's words, the default until changed", async () => {
    const { text, button } = DEFAULT_SITE_CONTENT.links.postCallToAction!;
    const before = await postPage();
    expect(before).toContain(text);
    expect(before).toMatch(new RegExp(`<a[^>]*href="${POST_CALL_TO_ACTION_HREF}"[^>]*>${button}</a>`));

    const site = (await request(t.app).get("/api/admin/site").set("Cookie", admin).expect(200)).body as SiteAdminView;
    expect(site.draft.links.postCallToAction).toEqual({ text, button });
    const changed = { text: "Waiting lines at your stadium too?", button: "Talk to us" };
    await request(t.app)
      .put("/api/admin/site/draft")
      .set("Cookie", admin)
      .send({ ...site.draft, links: { ...site.draft.links, postCallToAction: changed } })
      .expect(200);
    await request(t.app).post("/api/admin/site/publish").set("Cookie", admin).expect(201);
    const after = await postPage();
    expect(after).toContain(changed.text);
    expect(after).toMatch(new RegExp(`<a[^>]*href="${POST_CALL_TO_ACTION_HREF}"[^>]*>${changed.button}</a>`));
  });

  it("site content saved before the call to action existed reads it as the default", async () => {
    const { postCallToAction: _none, ...links } = DEFAULT_SITE_CONTENT.links;
    await t.store.saveSiteDraft({ ...DEFAULT_SITE_CONTENT, links });
    const site = (await request(t.app).get("/api/admin/site").set("Cookie", admin).expect(200)).body as SiteAdminView;
    expect(site.draft.links.postCallToAction).toEqual(DEFAULT_SITE_CONTENT.links.postCallToAction);
    expect(site.unpublished).toBe(false);
  });
});

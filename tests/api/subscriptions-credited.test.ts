import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AnalyticsReport } from "~/shared/analytics";
import { NEWSLETTER_HONEYPOT } from "~/shared/newsletter";
import type { Post } from "~/server/store/types";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp, type TestApp } from "../helpers/test-app";

/**
 * A newsletter subscription is credited as a lead is (docs/decisions/262-subscriptions-credited-like-leads.md):
 * to the page whose form it was sent from and to the posts the reader read before, told by the
 * day's salted visitor key, with no cookie; the Analytics tab's tables and API show it.
 */
const ENV = { TRUST_PROXY: "true" };
const READER = {
  address: "203.0.113.7",
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
};
const OTHER = { ...READER, address: "203.0.113.8" };

let t: TestApp;
let admin: string;
let first: Post;
let second: Post;
beforeEach(async () => {
  t = await makeTestApp({ env: ENV });
  admin = (await signedIn(t)).cookie;
  first = await t.store.createPost(makePostInput({ title: "Stadium gate queues", published: true }));
  second = await t.store.createPost(makePostInput({ title: "Clinic waiting rooms", published: true }));
});
afterEach(() => t.close());

const as = (who: typeof READER, req: request.Test) =>
  req.set("X-Forwarded-For", who.address).set("User-Agent", who.userAgent);
const view = (url: string, who = READER) => as(who, request(t.app).get(url)).expect(200);

/** The subscribe form as the browser posts it from `page` (the blog's, a post's). */
const subscribe = (email: string, page: string, who = READER, extra: Record<string, string> = {}) =>
  as(who, request(t.app).post("/newsletter"))
    .type("form")
    .send({ email, page, ...extra })
    .expect(200);

async function report(): Promise<AnalyticsReport> {
  return (await request(t.app).get("/api/admin/analytics").set("Cookie", admin).expect(200)).body as AnalyticsReport;
}
/** The report once the subscriptions are counted: each is stored, then counted, after the form's answer. */
async function reportWith(subscriptions: number): Promise<AnalyticsReport> {
  await expect.poll(async () => (await report()).totals.subscriptions, { interval: 20 }).toBe(subscriptions);
  return report();
}
const row = (r: AnalyticsReport, table: keyof AnalyticsReport["tables"], key: string) =>
  r.tables[table].find((x) => x.key === key);

describe("subscriptions in the analytics", () => {
  it("credits a subscription to the post whose form sent it and to every post read before", async () => {
    const one = `/blog/${first.slug}`;
    const two = `/blog/${second.slug}`;
    await view(one);
    await view(two);
    await subscribe("ada@example.com", two);

    const r = await reportWith(1);
    expect(r.days.at(-1)?.subscriptions).toBe(1);
    // The page the form was on: the second post, in Top pages and Top posts.
    expect(row(r, "pages", two)).toMatchObject({ subscriptions: 1, views: 1 });
    expect(row(r, "posts", two)).toMatchObject({ subscriptions: 1, label: second.title });
    expect(row(r, "posts", one)).toMatchObject({ subscriptions: 0 });
    // The posts read before subscribing: both.
    expect(row(r, "subscribed", one)).toMatchObject({ subscriptions: 1, views: 1, label: first.title });
    expect(row(r, "subscribed", two)).toMatchObject({ subscriptions: 1, label: second.title });
    // Beside the leads, which a subscription is not.
    expect(r.totals.leads).toBe(0);
  });

  it("credits the blog list's form, and another reader's subscription only to their own reading", async () => {
    await view(`/blog/${first.slug}`);
    await view("/blog", OTHER);
    await view(`/blog/${second.slug}`, OTHER);
    await view("/blog", OTHER);
    await subscribe("grace@example.com", "/blog", OTHER);

    const r = await reportWith(1);
    expect(row(r, "pages", "/blog")).toMatchObject({ subscriptions: 1 });
    expect(row(r, "subscribed", `/blog/${second.slug}`)).toMatchObject({ subscriptions: 1 });
    expect(row(r, "subscribed", `/blog/${first.slug}`)).toMatchObject({ subscriptions: 0, views: 1 });
    // The table lists the posts that brought readers first.
    expect(r.tables.subscribed[0]?.key).toBe(`/blog/${second.slug}`);

    const csv = await request(t.app).get("/api/admin/analytics/subscribed.csv").set("Cookie", admin).expect(200);
    const [head, top] = csv.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(head).toBe("key,label,views,visitors,entries,leads,conversion,subscriptions");
    expect(top).toBe(`/blog/${second.slug},${second.title},1,1,1,0,0%,1`);
  });

  it("counts an address once while it is pending, and never a bot's filled honeypot", async () => {
    await view(`/blog/${first.slug}`);
    await subscribe("ada@example.com", `/blog/${first.slug}`);
    await reportWith(1);
    await subscribe("Ada@Example.com", `/blog/${first.slug}`);
    await subscribe("bot@example.com", `/blog/${first.slug}`, READER, {
      [NEWSLETTER_HONEYPOT]: "https://spam.example",
    });
    // A later subscription that does count, so the ones before it have been counted if ever they would be.
    await subscribe("lin@example.com", `/blog/${first.slug}`, OTHER);
    const r = await reportWith(2);
    expect(row(r, "posts", `/blog/${first.slug}`)).toMatchObject({ subscriptions: 2 });
    expect(row(r, "subscribed", `/blog/${first.slug}`)).toMatchObject({ subscriptions: 1 });
  });

  it("credits a script's call to the page it names", async () => {
    await view("/blog");
    await as(READER, request(t.app).post("/api/public/subscribe"))
      .send({ email: "api@example.com", page: "/blog" })
      .expect(200);
    const r = await reportWith(1);
    expect(row(r, "pages", "/blog")).toMatchObject({ subscriptions: 1 });
  });
});

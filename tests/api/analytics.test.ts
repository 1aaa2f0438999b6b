import { existsSync, readdirSync, readFileSync } from "node:fs";
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import path from "node:path";
import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ANALYTICS_OFF_MESSAGE } from "~/server/analytics/analytics-router";
import { ANALYTICS_FOLDER } from "~/server/analytics/analytics-storage";
import { ANALYTICS_MESSAGES, dayOf, type AnalyticsReport } from "~/shared/analytics";
import { VISIT_FIELDS } from "~/shared/contact-visit";
import { findIndustry } from "~/shared/industries";
import { GOOD_CONTACT, makePostInput } from "../helpers/factories";
import { copyBackupInto } from "../helpers/backups";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp, type TestApp } from "../helpers/test-app";

/** Behind one trusted proxy, X-Forwarded-For names the visitor (supertest plays the proxy). */
const ENV = { TRUST_PROXY: "true" };
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const TABLET =
  "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const VISITORS = [
  { address: "203.0.113.1", userAgent: DESKTOP },
  { address: "203.0.113.2", userAgent: DESKTOP },
  { address: "203.0.113.3", userAgent: PHONE },
  { address: "203.0.113.4", userAgent: TABLET },
  // The first visitor's address with another browser: a second visitor.
  { address: "203.0.113.1", userAgent: PHONE },
];
const PAGES = ["/", "/industries", "/industries/retail"];
/** Fifty requests, each through its own supertest server, on a machine shared with other work. */
const FIFTY_VIEWS_MS = 30_000;

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await makeTestApp({ env: ENV });
  admin = (await signedIn(t)).cookie;
});
afterEach(() => t.close());

const view = (url: string, visitor = VISITORS[0]!, headers: Record<string, string> = {}) =>
  request(t.app).get(url).set("X-Forwarded-For", visitor.address).set("User-Agent", visitor.userAgent).set(headers);

async function report(query = "", cookie = admin): Promise<AnalyticsReport> {
  const res = await request(t.app).get(`/api/admin/analytics${query}`).set("Cookie", cookie).expect(200);
  return res.body as AnalyticsReport;
}

const row = (r: AnalyticsReport, table: keyof AnalyticsReport["tables"], key: string) =>
  r.tables[table].find((x) => x.key === key);

/** 50 views: each visitor reads each page, then one page until they have read ten. */
async function fiftyViews() {
  for (const visitor of VISITORS) {
    for (let i = 0; i < 10; i++) await view(PAGES[i % 3]!, visitor).expect(200);
  }
}

describe("page views", () => {
  it(
    "counts 50 views of 5 visitors on three pages, cache hits and misses alike, before any flush",
    async () => {
      await fiftyViews();
      const r = await report();
      expect(r.totals).toMatchObject({ views: 50, visitors: 5, leads: 0, notFound: 0 });
      expect(r.days.find((d) => d.day === dayOf(Date.now()))).toMatchObject({ views: 50, visitors: 5 });
      expect(row(r, "pages", "/")).toMatchObject({ views: 20, visitors: 5 });
      expect(row(r, "pages", "/industries")).toMatchObject({ views: 15, visitors: 5 });
      expect(row(r, "pages", "/industries/retail")).toMatchObject({ views: 15, visitors: 5 });
      expect(row(r, "industries", "/industries/retail")).toMatchObject({
        label: findIndustry("retail")?.title,
        views: 15,
      });
      expect(r.tables.devices.map((d) => [d.key, d.visitors])).toEqual(
        expect.arrayContaining([
          ["desktop", 2],
          ["phone", 2],
          ["tablet", 1],
        ]),
      );
      // Every view came without a referrer: each is an entry, from "direct".
      expect(row(r, "referrers", "")).toMatchObject({ views: 50, visitors: 5, label: ANALYTICS_MESSAGES.direct });
      expect(r.lastThirtyMinutes).toEqual({ views: 50, visitors: 5 });
    },
    FIFTY_VIEWS_MS,
  );

  it("a report and a flush include the views answered in the same turn of the event loop", async () => {
    const analytics = t.app.analytics!;
    /** A kept page's answer as the page cache leaves it: sent before the analytics see it. */
    const answered = (url: string) => {
      const req = new IncomingMessage(new Socket());
      req.method = "GET";
      req.url = url;
      req.headers = { "user-agent": DESKTOP, "x-forwarded-for": VISITORS[0]!.address };
      const res = new ServerResponse(req);
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end();
      analytics.watch(req, res);
    };
    const today = dayOf(Date.now());
    answered("/");
    expect((await analytics.report({ from: today, to: today })).totals).toMatchObject({ views: 1, visitors: 1 });
    answered("/industries");
    await analytics.flush();
    const file = path.join(t.dataDir, ANALYTICS_FOLDER, `${today.slice(0, 7)}.json`);
    const { rows } = JSON.parse(readFileSync(file, "utf8")) as { rows: [string, string, string, number][] };
    expect(rows.find(([day, dimension]) => day === today && dimension === "total")?.[3]).toBe(2);
  });

  it("keeps the page, tag and UTM values of a query, drops the rest, and tells entries from moves within the site", async () => {
    const visitor = VISITORS[0]!;
    await view("/?utm_source=newsletter&utm_medium=email&fbclid=x", visitor, {
      Referer: "https://mail.example.com/inbox",
    }).expect(200);
    await view("/industries?ref=nav", visitor, { Referer: "http://127.0.0.1/" }).expect(200);
    // React Router's data request when the browser moves to /industries/retail.
    await view("/industries/retail.data", visitor, { Referer: "http://127.0.0.1/industries" }).expect(200);
    const r = await report();
    expect(r.tables.pages.map((p) => p.key).sort()).toEqual(["/", "/industries", "/industries/retail"]);
    expect(row(r, "entries", "/")).toMatchObject({ entries: 1 });
    expect(row(r, "entries", "/industries")).toBeUndefined();
    expect(r.tables.referrers).toEqual([expect.objectContaining({ key: "mail.example.com", views: 1 })]);
    expect(r.tables.campaigns).toEqual([
      expect.objectContaining({ key: "utm_source=newsletter&utm_medium=email", label: "newsletter / email / –" }),
    ]);
  });

  it("does not count bots, prefetches, Sec-GPC, signed-in users, HEAD, the API or files, and counts 404s in one bucket", async () => {
    const visitor = VISITORS[0]!;
    await view("/", { ...visitor, userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" }).expect(200);
    await view("/", { ...visitor, userAgent: "" }).expect(200);
    await view("/", visitor, { "Sec-Purpose": "prefetch" }).expect(200);
    await view("/", visitor, { "Sec-GPC": "1" }).expect(200);
    await view("/", visitor, { Cookie: admin }).expect(200);
    await request(t.app).head("/").set("User-Agent", DESKTOP).expect(200);
    await view("/api/public/health/database", visitor);
    await view("/rss.xml", visitor).expect(200);
    for (let i = 0; i < 40; i++) await view(`/no-such-page-${i}`, visitor).expect(404);
    for (let i = 0; i < 5; i++) await view(`/blog/no-such-post-${i}`, visitor).expect(404);
    const r = await report();
    expect(r.totals).toMatchObject({ views: 0, visitors: 0, notFound: 45 });
    expect(r.tables.pages).toEqual([]);
    expect(r.lastThirtyMinutes).toEqual({ views: 0, visitors: 0 });
  });

  it("sets no cookie on any public page", async () => {
    const [post] = await t.store.listPosts({ publishedOnly: true });
    for (const page of [...PAGES, "/blog", `/blog/${post?.slug ?? "none"}`, "/no-such-page"]) {
      const res = await view(page);
      expect(res.headers["set-cookie"], page).toBeUndefined();
    }
  });
});

describe("leads", () => {
  it("a message sent from /industries/retail on a newsletter visit is a lead of the page, the industry and the campaign", async () => {
    const visitor = VISITORS[2]!;
    const landing = "/industries/retail?utm_source=newsletter";
    await view(landing, visitor, { Referer: "https://news.example.com/issue-12" }).expect(200);
    await request(t.app)
      .post("/industries/retail")
      .type("form")
      .set("User-Agent", visitor.userAgent)
      .send({
        ...GOOD_CONTACT,
        [VISIT_FIELDS.page]: landing,
        [VISIT_FIELDS.referrer]: "https://news.example.com/issue-12",
      })
      .expect(200);
    const [message] = await t.store.listMessages();
    expect(message?.visit).toEqual({
      page: "/industries/retail",
      referrer: "news.example.com",
      utm: { utm_source: "newsletter" },
    });
    const r = await report();
    expect(r.totals).toMatchObject({ views: 1, visitors: 1, leads: 1, conversion: 1 });
    expect(row(r, "pages", "/industries/retail")).toMatchObject({ leads: 1, conversion: 1 });
    expect(row(r, "industries", "/industries/retail")).toMatchObject({
      label: findIndustry("retail")?.title,
      leads: 1,
      conversion: 1,
    });
    expect(row(r, "campaigns", "utm_source=newsletter")).toMatchObject({ views: 1, leads: 1, conversion: 1 });
    expect(row(r, "referrers", "news.example.com")).toMatchObject({ leads: 1 });
    expect(row(r, "devices", "phone")).toMatchObject({ leads: 1 });
  });

  it("a message sent with Sec-GPC: 1 is stored with its visit but not counted as a lead", async () => {
    await request(t.app)
      .post("/industries/retail")
      .type("form")
      .set("User-Agent", DESKTOP)
      .set("Sec-GPC", "1")
      .send({ ...GOOD_CONTACT, [VISIT_FIELDS.page]: "/industries/retail" })
      .expect(200);
    expect((await t.store.listMessages())[0]?.visit).toEqual({ page: "/industries/retail" });
    expect((await report()).totals.leads).toBe(0);
  });

  it("a form posted without JavaScript is a lead of the page it was posted to", async () => {
    await request(t.app)
      .post("/industries/retail")
      .type("form")
      .set("User-Agent", DESKTOP)
      .send(GOOD_CONTACT)
      .expect(200);
    const [message] = await t.store.listMessages();
    expect(message?.visit).toEqual({ page: "/industries/retail" });
    expect(row(await report(), "pages", "/industries/retail")).toMatchObject({ views: 0, leads: 1, conversion: null });
  });
});

describe("the Posts list", () => {
  it("shows each published post's views of the last 30 days to admins, not to writers", async () => {
    const post = await t.store.createPost(makePostInput({ published: true }));
    await view(`/blog/${post.slug}`).expect(200);
    await view(`/blog/${post.slug}`, VISITORS[1]).expect(200);
    const list = await request(t.app).get("/admin/data/posts").set("Cookie", admin).expect(200);
    expect(list.body.views).toEqual({ [post.slug]: 2 });
    const writer = (await signedIn(t, "writer")).cookie;
    const theirs = await request(t.app).get("/admin/data/posts").set("Cookie", writer).expect(200);
    expect(theirs.body).not.toHaveProperty("views");
    expect(row(await report(), "posts", `/blog/${post.slug}`)).toMatchObject({
      label: post.title,
      views: 2,
      visitors: 2,
    });
  });
});

describe("storage", () => {
  it(
    "keeps the counts across a restart once flushed, in the data folder's own files",
    async () => {
      await fiftyViews();
      await t.app.analytics!.flush();
      expect(readdirSync(path.join(t.dataDir, ANALYTICS_FOLDER))).toEqual([`${dayOf(Date.now()).slice(0, 7)}.json`]);
      await t.release();
      t = await makeTestApp({ env: ENV, dataDir: t.dataDir });
      const again = (await signedIn(t)).cookie;
      await view("/", VISITORS[0]).expect(200);
      const r = await report("", again);
      // The visitor of the first process counts again: the new process has a new salt.
      expect(r.totals).toMatchObject({ views: 51, visitors: 6 });
    },
    FIFTY_VIEWS_MS,
  );

  it(
    "a post backup carries the counts, and a restore adds back only the days the site has none for",
    async () => {
      await fiftyViews();
      await t.app.analytics!.flush();
      const backup = await request(t.app)
        .post("/api/debug/backup-posts")
        .set("Cookie", admin)
        .set("Sec-Fetch-Site", "same-origin")
        .expect(200);
      const file = await request(t.app).get(`/api/debug/backups/${backup.body.file}`).set("Cookie", admin).expect(200);
      await t.close();
      t = await makeTestApp({ env: ENV });
      admin = (await signedIn(t)).cookie;
      await view("/").expect(200); // today is counted here now: the backup's today is not added
      await t.app.analytics!.flush();
      // Copied into the new site's backups, then its analytics restored by name.
      const restore = () => {
        copyBackupInto(t.dataDir, backup.body.file as string, file.text);
        return request(t.app)
          .post(`/api/debug/backups/${backup.body.file}/restore`)
          .set("Cookie", admin)
          .set("Sec-Fetch-Site", "same-origin")
          .send({ kinds: ["analytics"] })
          .expect(200);
      };
      await restore();
      expect((await report()).totals).toMatchObject({ views: 1, visitors: 1 });

      await t.close();
      t = await makeTestApp({ env: ENV });
      admin = (await signedIn(t)).cookie;
      await restore();
      await restore();
      expect((await report()).totals).toMatchObject({ views: 50, visitors: 5 });
    },
    FIFTY_VIEWS_MS,
  );

  it("ANALYTICS=off counts nothing, writes nothing and answers the API with 404", async () => {
    await t.close();
    t = await makeTestApp({ env: { ...ENV, ANALYTICS: "off" } });
    const cookie = (await signedIn(t)).cookie;
    await view("/").expect(200);
    await t.release();
    expect(existsSync(path.join(t.dataDir, ANALYTICS_FOLDER))).toBe(false);
    t = await makeTestApp({ env: { ...ENV, ANALYTICS: "off" }, dataDir: t.dataDir });
    const res = await request(t.app).get("/api/admin/analytics").set("Cookie", cookie).expect(404);
    expect(res.body.message).toBe(ANALYTICS_OFF_MESSAGE);
  });
});

describe("GET /api/admin/analytics", () => {
  it("answers a day range and its days, the last 30 days when none is given", async () => {
    const r = await report("?from=2026-01-30&to=2026-02-02");
    expect(r.days.map((d) => d.day)).toEqual(["2026-01-30", "2026-01-31", "2026-02-01", "2026-02-02"]);
    expect((await report()).days).toHaveLength(30);
  });

  it.each([
    ["?from=2026-02-30&to=2026-03-01", { from: [ANALYTICS_MESSAGES.badDate] }],
    ["?from=yesterday", { from: [ANALYTICS_MESSAGES.badDate] }],
    ["?from=2026-03-02&to=2026-03-01", { from: [ANALYTICS_MESSAGES.fromAfterTo] }],
    ["?from=2020-01-01&to=2026-03-01", { from: [ANALYTICS_MESSAGES.tooLong] }],
    ["?to=2026-13-01", { to: [ANALYTICS_MESSAGES.badDate] }],
  ])("answers %s with 400 and the field's message", async (query, errors) => {
    const res = await request(t.app).get(`/api/admin/analytics${query}`).set("Cookie", admin).expect(400);
    expect(res.body).toEqual({ message: ANALYTICS_MESSAGES.invalidRange, errors });
  });

  it("is for admins only", async () => {
    await request(t.app).get("/api/admin/analytics").expect(401);
    const writer = (await signedIn(t, "writer")).cookie;
    const res = await request(t.app).get("/api/admin/analytics").set("Cookie", writer).expect(403);
    expect(res.body.message).toBe(ANALYTICS_MESSAGES.forbidden);
  });

  it("exports a table as CSV", async () => {
    await view("/industries", VISITORS[0]).expect(200);
    const res = await request(t.app)
      .get("/api/admin/analytics/pages.csv?from=2026-01-01")
      .set("Cookie", admin)
      .expect(200)
      .expect("Content-Type", /text\/csv/);
    expect(res.text).toBe(
      "\uFEFFkey,label,views,visitors,entries,leads,conversion,subscriptions\r\n/industries,/industries,1,1,1,0,0%,0\r\n",
    );
    await request(t.app).get("/api/admin/analytics/nothing.csv").set("Cookie", admin).expect(404);
  });
});

import request from "supertest";
import { describe, expect, it } from "vitest";
import type { AnalyticsReport } from "~/shared/analytics";
import type { ActivityPage } from "~/shared/activity";
import type { SubscribersPage } from "~/shared/subscribers";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import type { TestApp } from "../helpers/test-app";
import { useTwoInstances } from "../helpers/two-instances";

/**
 * The Subscribers screen and the subscriptions' analytics on PostgreSQL
 * (docs/decisions/261-subscribers-imported-with-their-consent.md, 262-subscriptions-credited-like-leads.md):
 * an import is one transaction, seen by the other instance with its consent note, a refused one
 * leaves no row, a deletion takes the ledger's rows, and the activity and counts are shared.
 */
const { instances } = useTwoInstances();

const list = async (app: TestApp, cookie: string) =>
  (await request(app.app).get("/api/admin/subscribers").set("Cookie", cookie).expect(200)).body as SubscribersPage;

describe("subscribers on PostgreSQL", () => {
  it("imports on one instance, lists and deletes on the other, the ledger's rows going with the reader", async () => {
    const {
      apps: [a, b],
      restart,
    } = await instances(2);
    const cookie = (await signedIn(a!, "admin")).cookie;
    const imported = await request(a!.app)
      .post("/api/admin/subscribers/import")
      .set("Cookie", cookie)
      .field("consent", "Sign-up sheet, 2026 trade fair")
      .attach("file", Buffer.from("email,name\nada@example.com,Ada\nbob@example.com,Bob\n"), { filename: "r.csv" })
      .expect(200);
    expect(imported.body).toMatchObject({ added: 2 });

    // A refused file writes nothing, on either instance.
    await request(b!.app)
      .post("/api/admin/subscribers/import")
      .set("Cookie", cookie)
      .field("consent", "Fair")
      .attach("file", Buffer.from("email\ncy@example.com\nnot-an-address\n"), { filename: "bad.csv" })
      .expect(400);

    await expect.poll(async () => (await list(b!, cookie)).counts.confirmed, { interval: 20 }).toBe(2);
    const [bob, ada] = (await list(b!, cookie)).subscribers;
    expect(ada).toMatchObject({ email: "ada@example.com", consentNote: "Sign-up sheet, 2026 trade fair" });

    const post = await a!.store.createPost(makePostInput({ published: true }));
    const send = await a!.store.queueNewsletterSend(post.id);
    for (const reader of [ada!, bob!]) {
      const entry = await a!.store.claimNewsletterDelivery(send, { subscriberId: reader.id });
      await a!.store.recordNewsletterDelivery(entry!.id, { state: "sent" });
    }
    await expect.poll(async () => (await b!.store.listNewsletterDeliveries(post.id)).length, { interval: 20 }).toBe(2);
    const deleted = await request(b!.app).delete(`/api/admin/subscribers/${ada!.id}`).set("Cookie", cookie).expect(200);
    expect(deleted.body.deliveries).toBe(1);

    const again = await restart(a);
    expect((await again.store.listSubscribers()).map((s) => s.email)).toEqual(["bob@example.com"]);
    expect((await again.store.listNewsletterDeliveries(post.id)).map((d) => d.subscriberId)).toEqual([bob!.id]);
    const log = (await request(again.app).get("/api/admin/activity").set("Cookie", cookie).expect(200))
      .body as ActivityPage;
    expect(log.entries.map((e) => e.kind).filter((k) => k.startsWith("subscriber"))).toEqual([
      "subscriber-delete",
      "subscriber-import",
    ]);
  });

  it("keeps the subscriptions credited to a post across a restart", async () => {
    const {
      apps: [a],
      restart,
    } = await instances(1, { TRUST_PROXY: "true" });
    const cookie = (await signedIn(a!, "admin")).cookie;
    const post = await a!.store.createPost(makePostInput({ title: "Stadium gate queues", published: true }));
    const reader = { "X-Forwarded-For": "203.0.113.7", "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0" };
    await request(a!.app).get(`/blog/${post.slug}`).set(reader).expect(200);
    await request(a!.app)
      .post("/newsletter")
      .set(reader)
      .type("form")
      .send({ email: "ada@example.com", page: `/blog/${post.slug}` })
      .expect(200);
    const report = async (app: TestApp) =>
      (await request(app.app).get("/api/admin/analytics").set("Cookie", cookie).expect(200)).body as AnalyticsReport;
    await expect.poll(async () => (await report(a!)).totals.subscriptions, { interval: 20 }).toBe(1);
    await a!.app.analytics!.flush();

    const again = await restart(a);
    const r = await report(again);
    expect(r.totals.subscriptions).toBe(1);
    expect(r.tables.subscribed.find((row) => row.key === `/blog/${post.slug}`)).toMatchObject({
      subscriptions: 1,
      label: post.title,
    });
  });
});

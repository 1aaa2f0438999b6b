import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Subscriber } from "~/server/store/types";
import type { ActivityPage } from "~/shared/activity";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import type { SubscriberStatus } from "~/shared/newsletter";
import { SUBSCRIBERS_MESSAGES as M, type SubscribersPage } from "~/shared/subscribers";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp, type TestApp } from "../helpers/test-app";

/**
 * The Subscribers screen's API (docs/decisions/261-subscribers-imported-with-their-consent.md):
 * the list with its search, status filter and counts, the CSV export, the import (all or nothing,
 * with a consent note), deletion with the reader's ledger entries, and who may.
 */
let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await makeTestApp();
  admin = (await signedIn(t, "admin")).cookie;
});
afterEach(() => t.close());

/** A reader in the state asked, as subscribing, confirming and the sender would leave it. */
async function addReader(email: string, status: SubscriberStatus, extra: Partial<Subscriber> = {}) {
  return t.store.engine.write((snap, now) => {
    const id = snap.data.meta.nextSubscriberId ?? 1;
    const reader: Subscriber = { id, email, status, createdAt: now, bounces: status === "bouncing" ? 3 : 0, ...extra };
    return {
      next: {
        ...snap.data,
        subscribers: [...(snap.data.subscribers ?? []), reader],
        meta: { ...snap.data.meta, nextSubscriberId: id + 1 },
      },
      result: reader,
      kinds: [],
    };
  });
}

async function fourReaders() {
  const ada = await addReader("ada@example.com", "confirmed", { name: "Ada Lovelace", page: "/blog" });
  const bob = await addReader("bob@example.org", "pending");
  const cy = await addReader("cy@example.org", "unsubscribed", { name: "Cy" });
  const dee = await addReader("dee@example.net", "bouncing");
  return { ada, bob, cy, dee };
}

const list = async (query = "", cookie = admin) =>
  (await request(t.app).get(`/api/admin/subscribers${query}`).set("Cookie", cookie).expect(200))
    .body as SubscribersPage;

const importCsv = (csv: string, consent?: string, cookie = admin) => {
  const req = request(t.app).post("/api/admin/subscribers/import").set("Cookie", cookie);
  if (consent !== undefined) req.field("consent", consent);
  return req.attach("file", Buffer.from(csv), { filename: "readers.csv", contentType: "text/csv" });
};

async function activity(kind: string) {
  const page = (await request(t.app).get(`/api/admin/activity?kind=${kind}`).set("Cookie", admin).expect(200))
    .body as ActivityPage;
  return page.entries;
}

describe("the list", () => {
  it("counts every status, lists newest first, and filters by status and by a search of address or name", async () => {
    await fourReaders();
    const all = await list();
    expect(all.counts).toEqual({ all: 4, pending: 1, confirmed: 1, unsubscribed: 1, bouncing: 1 });
    expect(all.total).toBe(4);
    expect(all.subscribers.map((s) => s.email)).toEqual([
      "dee@example.net",
      "cy@example.org",
      "bob@example.org",
      "ada@example.com",
    ]);
    expect(all.subscribers[3]).toMatchObject({ status: "confirmed", name: "Ada Lovelace", page: "/blog" });

    const confirmed = await list("?status=confirmed");
    expect(confirmed.subscribers.map((s) => s.email)).toEqual(["ada@example.com"]);
    // The counts are the whole list's, whatever the filter.
    expect(confirmed.counts.all).toBe(4);
    expect(confirmed.total).toBe(1);
    expect((await list("?q=LOVELACE")).subscribers.map((s) => s.email)).toEqual(["ada@example.com"]);
    expect((await list("?q=example.org&status=pending")).subscribers.map((s) => s.email)).toEqual(["bob@example.org"]);
    expect((await list("?q=nobody")).subscribers).toEqual([]);

    const bad = await request(t.app).get("/api/admin/subscribers?status=asleep").set("Cookie", admin).expect(400);
    expect(bad.body.errors.status).toEqual([M.statusInvalid]);
  });

  it("pages the list 50 at a time", async () => {
    for (let i = 0; i < 55; i++) await addReader(`r${i}@example.com`, "confirmed");
    const first = await list();
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 55 });
    expect(first.subscribers).toHaveLength(50);
    expect((await list("?page=2")).subscribers.map((s) => s.email)).toEqual([
      "r4@example.com",
      "r3@example.com",
      "r2@example.com",
      "r1@example.com",
      "r0@example.com",
    ]);
  });
});

describe("the CSV export", () => {
  it("has a column for each field, a row per reader the filter matches, and guards cells a spreadsheet would run", async () => {
    const { ada } = await fourReaders();
    await addReader("eve@example.com", "confirmed", { name: "=HYPERLINK()", consentNote: "Trade fair, 2026" });
    const res = await request(t.app)
      .get("/api/admin/subscribers.csv?status=confirmed")
      .set("Cookie", admin)
      .expect(200)
      .expect("Content-Type", /text\/csv/)
      .expect("Content-Disposition", /attachment; filename="?subscribers-\d{4}-\d{2}-\d{2}\.csv"?$/);
    const lines = res.text.split("\r\n");
    expect(lines[0]).toBe(
      "\uFEFFemail,name,status,subscribed_at,confirmed_at,unsubscribed_at,page,bounces,consent_note",
    );
    expect(lines[1]).toMatch(/^eve@example\.com,"'=HYPERLINK\(\)",confirmed,[^,]+,,,,0,"Trade fair, 2026"$/);
    expect(lines[2]).toBe(`ada@example.com,Ada Lovelace,confirmed,${ada.createdAt},,,/blog,0,`);
    expect(lines.slice(3)).toEqual([""]);

    const everyone = await request(t.app).get("/api/admin/subscribers.csv").set("Cookie", admin).expect(200);
    expect(everyone.text.trim().split("\r\n")).toHaveLength(6);
  });
});

describe("the CSV import", () => {
  it("adds new addresses confirmed with the consent note, confirms a pending one, leaves unsubscribed ones, and logs it", async () => {
    const { bob, cy } = await fourReaders();
    const csv = [
      "\uFEFFName,Email",
      '"Turing, Alan",alan@example.com',
      "Bob,BOB@example.org",
      ",cy@example.org",
      ",ada@example.com",
      '"Grace ""Amazing"" Hopper","grace@example.com"',
      ",alan@example.com",
      "",
    ].join("\r\n");
    const res = await importCsv(csv, "Sign-up sheet at the 2026 trade fair").expect(200);
    expect(res.body).toMatchObject({ added: 2, confirmed: 1, unchanged: 1, skipped: 1, duplicates: 1 });
    expect(res.body.message).toBe(M.imported(res.body));

    const readers = new Map((await t.store.listSubscribers()).map((s) => [s.email.toLowerCase(), s]));
    expect(readers.get("alan@example.com")).toMatchObject({
      name: "Turing, Alan",
      status: "confirmed",
      consentNote: "Sign-up sheet at the 2026 trade fair",
    });
    expect(readers.get("grace@example.com")).toMatchObject({ name: 'Grace "Amazing" Hopper', status: "confirmed" });
    expect(readers.get("bob@example.org")).toMatchObject({ id: bob.id, name: "Bob", status: "confirmed" });
    // An address that unsubscribed is never subscribed again by an import.
    expect(readers.get("cy@example.org")).toMatchObject({ id: cy.id, status: "unsubscribed" });
    expect(readers.size).toBe(6);

    const [entry] = await activity("subscriber-import");
    expect(entry?.what).toBe(ACTIVITY_MESSAGES.subscribersImported(2, 1, "Sign-up sheet at the 2026 trade fair"));
  });

  it("reads back its own export, skipping the readers it marks unsubscribed or bouncing", async () => {
    await fourReaders();
    const exported = (await request(t.app).get("/api/admin/subscribers.csv").set("Cookie", admin).expect(200)).text;
    await t.close();
    t = await makeTestApp();
    admin = (await signedIn(t, "admin")).cookie;
    const res = await importCsv(exported, "Moved from our old site, where each reader confirmed").expect(200);
    expect(res.body).toMatchObject({ added: 2, skipped: 2 });
    expect((await t.store.listSubscribers()).map((s) => [s.email, s.status])).toEqual([
      ["bob@example.org", "confirmed"],
      ["ada@example.com", "confirmed"],
    ]);
  });

  it("takes a text/csv body with the note in ?consent=", async () => {
    const res = await request(t.app)
      .post("/api/admin/subscribers/import?consent=Newsletter%20of%20our%20old%20CRM")
      .set("Cookie", admin)
      .set("Content-Type", "text/csv")
      .send("lin@example.com,Lin\nmo@example.com\n")
      .expect(200);
    expect(res.body).toMatchObject({ added: 2 });
    expect((await t.store.listSubscribers()).map((s) => s.name ?? "")).toEqual(["Lin", ""]);
  });

  it("refuses a file without the consent note: 400 naming the field, nothing written", async () => {
    const res = await importCsv("email\nalan@example.com\n").expect(400);
    expect(res.body.errors.consent).toEqual([M.consentRequired]);
    const blank = await importCsv("email\nalan@example.com\n", "   ").expect(400);
    expect(blank.body.errors.consent).toEqual([M.consentRequired]);
    expect(await t.store.listSubscribers()).toEqual([]);
    expect(await activity("subscriber-import")).toEqual([]);
  });

  it("refuses a file with bad lines, naming each by its number, and writes none of the good ones", async () => {
    await addReader("bob@example.org", "pending");
    const csv = [
      "email,name",
      "good@example.com,Good",
      "not-an-address,Bad",
      "bob@example.org,Bob",
      ",No address",
      '"unclosed@example.com,Oops',
      "later@example.com,Never read",
    ].join("\n");
    const res = await importCsv(csv, "Trade fair").expect(400);
    expect(res.body.message).toBe(M.importRefused(3));
    expect(res.body.errors.file).toEqual([
      M.line(3, M.emailInvalid("not-an-address")),
      M.line(5, M.emailMissing),
      M.line(6, M.unclosedQuote),
    ]);
    expect((await t.store.listSubscribers()).map((s) => [s.email, s.status])).toEqual([["bob@example.org", "pending"]]);
  });

  it("refuses a file with no email column, no rows, a bad status or a stray quote, and a body of another type", async () => {
    const noColumn = await importCsv("name,phone\nAda,123\n", "Fair").expect(400);
    expect(noColumn.body.errors.file).toEqual([M.noEmailColumn]);
    const empty = await importCsv("email\n", "Fair").expect(400);
    expect(empty.body.errors.file).toEqual([M.noAddresses]);
    const status = await importCsv('email,status\na@example.com,asleep\nb@exa"mple.com,\n', "Fair").expect(400);
    expect(status.body.errors.file).toEqual([M.line(2, M.statusUnknown("asleep")), M.line(3, M.strayQuote)]);
    const missing = await request(t.app)
      .post("/api/admin/subscribers/import")
      .set("Cookie", admin)
      .field("consent", "Fair")
      .expect(400);
    expect(missing.body.errors.file).toEqual([M.fileRequired]);
    const json = await request(t.app)
      .post("/api/admin/subscribers/import")
      .set("Cookie", admin)
      .send({ file: "email\na@example.com" })
      .expect(415);
    expect(json.body.message).toBe(M.contentType);
    expect(await t.store.listSubscribers()).toEqual([]);
  });
});

describe("deleting a subscriber", () => {
  it("erases the address and its ledger entries, keeps the others', and logs it without the address", async () => {
    const { ada, bob } = await fourReaders();
    const first = await t.store.createPost(makePostInput({ published: true }));
    const second = await t.store.createPost(makePostInput({ published: true }));
    for (const post of [first, second]) {
      const send = await t.store.queueNewsletterSend(post.id);
      for (const reader of [ada, bob]) {
        const entry = await t.store.claimNewsletterDelivery(send, { subscriberId: reader.id });
        await t.store.recordNewsletterDelivery(entry!.id, { state: "sent" });
      }
    }
    const res = await request(t.app).delete(`/api/admin/subscribers/${ada.id}`).set("Cookie", admin).expect(200);
    expect(res.body).toMatchObject({ deleted: { id: ada.id, email: ada.email }, deliveries: 2 });

    expect((await t.store.listSubscribers()).some((s) => s.id === ada.id)).toBe(false);
    for (const post of [first, second]) {
      const ledger = await t.store.listNewsletterDeliveries(post.id);
      expect(ledger.map((d) => d.subscriberId)).toEqual([bob.id]);
    }
    const [entry] = await activity("subscriber-delete");
    expect(entry?.what).toBe(ACTIVITY_MESSAGES.subscriberDeleted(ada.id, ada.email, 2));
    expect(entry?.what).not.toContain("ada@");

    const again = await request(t.app).delete(`/api/admin/subscribers/${ada.id}`).set("Cookie", admin).expect(404);
    expect(again.body.message).toBe(M.notFound(ada.id));
    await request(t.app).delete("/api/admin/subscribers/abc").set("Cookie", admin).expect(400);
  });
});

describe("who may", () => {
  it("admins manage subscribers; editors, writers and contributors get 403 on every call", async () => {
    const { ada } = await fourReaders();
    for (const role of ["editor", "writer", "contributor"] as const) {
      const cookie = (await signedIn(t, role)).cookie;
      await request(t.app).get("/api/admin/subscribers").set("Cookie", cookie).expect(403);
      await request(t.app).get("/api/admin/subscribers.csv").set("Cookie", cookie).expect(403);
      await importCsv("email\nx@example.com\n", "Fair", cookie).expect(403);
      await request(t.app).delete(`/api/admin/subscribers/${ada.id}`).set("Cookie", cookie).expect(403);
      await request(t.app).get("/admin/subscribers").set("Cookie", cookie).expect(403);
    }
    await request(t.app).get("/api/admin/subscribers").expect(401);
    expect((await t.store.listSubscribers()).length).toBe(4);
    const screen = await request(t.app).get("/admin/subscribers").set("Cookie", admin).expect(200);
    expect(screen.text).toContain("Subscribers");
  });

  it("an admin's API token reaches the subscribers with the subscribers:manage scope only", async () => {
    await fourReaders();
    const token = async (scopes: string[]) =>
      (
        await request(t.app)
          .post("/api/account/tokens")
          .set("Cookie", admin)
          .send({ name: `t-${scopes.join()}`, scopes })
          .expect(201)
      ).body.token as string;
    const reader = await token(["content:read"]);
    await request(t.app).get("/api/admin/subscribers").set("Authorization", `Bearer ${reader}`).expect(403);
    const manager = await token(["subscribers:manage"]);
    const res = await request(t.app)
      .get("/api/admin/subscribers")
      .set("Authorization", `Bearer ${manager}`)
      .expect(200);
    expect(res.body.counts.all).toBe(4);
  });
});

describe("a post's send in the Posts list", () => {
  it("says to how many readers each sent post went and how many failed, to those who may send", async () => {
    const { ada, bob } = await fourReaders();
    const post = await t.store.createPost(makePostInput({ published: true }));
    const quiet = await t.store.createPost(makePostInput({ published: true }));
    const send = await t.store.queueNewsletterSend(post.id);
    const sent = await t.store.claimNewsletterDelivery(send, { subscriberId: ada.id });
    await t.store.recordNewsletterDelivery(sent!.id, { state: "sent" });
    const failed = await t.store.claimNewsletterDelivery(send, { subscriberId: bob.id });
    await t.store.recordNewsletterDelivery(failed!.id, { state: "failed", error: "550 no such user", permanent: true });

    const editor = (await signedIn(t, "editor")).cookie;
    const shown = await request(t.app).get("/admin/data/posts").set("Cookie", editor).expect(200);
    expect(shown.body.emailSends).toEqual({ [post.id]: { sent: 1, failed: 1 } });
    expect(shown.body.emailSends).not.toHaveProperty(String(quiet.id));
    const writer = (await signedIn(t, "writer")).cookie;
    const theirs = await request(t.app).get("/admin/data/posts").set("Cookie", writer).expect(200);
    expect(theirs.body).not.toHaveProperty("emailSends");
  });
});

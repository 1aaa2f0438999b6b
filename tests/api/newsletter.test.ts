import http from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import { NEWSLETTER_MESSAGES as M } from "~/shared/newsletter";
import { makePostInput } from "../helpers/factories";
import { addConfirmedReaders, countsByAddress, linkIn, plainRaw } from "../helpers/newsletter";
import { signedIn } from "../helpers/sign-in";
import { startSmtpServer, type Refusal, type ReceivedMail } from "../helpers/smtp-server";
import { makeTestApp, type TestApp } from "../helpers/test-app";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp({
  reply,
  env = {},
}: { reply?: (mail: ReceivedMail, index: number) => Refusal | undefined; env?: Record<string, string> } = {}) {
  const smtp = await startSmtpServer({ reply });
  cleanups.push(smtp.close);
  const t = await makeTestApp({
    env: {
      SMTP_URL: smtp.url,
      CONTACT_NOTIFY_TO: "sales@queuewise.example",
      CONTACT_NOTIFY_FROM: "news@queuewise.example",
      SMTP_RETRY_DELAYS_MS: "20,20,20,20,20,20,20,20",
      NEWSLETTER_RATE: "600000",
      PUBLIC_URL: "https://queuewise.example",
      ...env,
    },
  });
  cleanups.push(t.close);
  return { smtp, t };
}

/** Polls the send's progress until it is done. */
async function sendDone(t: TestApp, cookie: string, postId: number) {
  for (;;) {
    const { body } = await request(t.app).get(`/api/cms/posts/${postId}/email`).set("Cookie", cookie).expect(200);
    if (body.state === "done") return body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The path and query of a link in an email, as supertest asks for it. */
const pathOf = (url: URL) => url.pathname + url.search;

describe("subscribing", () => {
  it("double opt-in: the confirmation email's link confirms the reader, and only then do posts reach them", async () => {
    const { smtp, t } = await setUp();
    const answer = await request(t.app)
      .post("/api/public/subscribe")
      .send({ email: "ada@example.com", name: "Ada" })
      .expect(200);
    expect(answer.body).toEqual({ message: M.checkInbox });
    await smtp.waitFor(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(["ada@example.com"]);
    expect(plainRaw(mail!)).toContain(`Subject: ${M.confirmSubject("QueueWise")}`);
    const [pending] = await t.store.listSubscribers();
    expect(pending).toMatchObject({ email: "ada@example.com", name: "Ada", status: "pending" });

    const link = linkIn(mail!, "/newsletter/confirm");
    expect(link.origin).toBe("https://queuewise.example");
    const page = await request(t.app).get(pathOf(link)).expect(200);
    expect(page.text).toContain(M.confirmedTitle);
    expect((await t.store.listSubscribers())[0]).toMatchObject({ status: "confirmed" });

    // A tampered or unknown token confirms no one.
    const bad = await request(t.app)
      .get(`/newsletter/confirm?token=${link.searchParams.get("token")}x`)
      .expect(400);
    expect(bad.text).toContain(M.confirmFailedTitle);
  });

  it("answers the same for a new, a pending and a confirmed address, and a filled honeypot stores nothing", async () => {
    const { smtp, t } = await setUp();
    const ask = (body: object) => request(t.app).post("/api/public/subscribe").send(body).expect(200);
    const first = await ask({ email: "grace@example.com" });
    await smtp.waitFor(1);
    const again = await ask({ email: "Grace@Example.com" });
    await request(t.app)
      .get(pathOf(linkIn(smtp.received[0]!, "/newsletter/confirm")))
      .expect(200);
    const confirmed = await ask({ email: "grace@example.com" });
    expect(new Set([first.text, again.text, confirmed.text]).size).toBe(1);
    // One confirmation email: a pending address is not mailed again within the gap, a confirmed one never.
    expect(smtp.received).toHaveLength(1);

    const bot = await ask({ email: "bot@example.com", website: "https://spam.example" });
    expect(bot.text).toBe(first.text);
    expect((await t.store.listSubscribers()).map((s) => s.email)).toEqual(["grace@example.com"]);
  });

  it("refuses a bad address with its field message, and limits one IP's requests", async () => {
    const { t } = await setUp();
    const bad = await request(t.app).post("/api/public/subscribe").send({ email: "not-an-address" }).expect(400);
    expect(bad.body.errors.email).toEqual([M.emailInvalid]);
    for (let i = 0; i < 10; i++) {
      await request(t.app)
        .post("/api/public/subscribe")
        .send({ email: `r${i}@example.com` })
        .expect(200);
    }
    const limited = await request(t.app).post("/api/public/subscribe").send({ email: "r10@example.com" }).expect(429);
    expect(limited.body.message).toBe(M.rateLimited);
  });

  it("works as a plain form post without JavaScript, answering a page that says what happened", async () => {
    const { smtp, t } = await setUp();
    const page = await request(t.app)
      .post("/newsletter")
      .type("form")
      .send({ email: "lin@example.com", name: "", page: "/blog" })
      .expect(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.text).toContain(M.checkInbox);
    expect(page.headers["set-cookie"]).toBeUndefined();
    await smtp.waitFor(1);
    expect((await t.store.listSubscribers())[0]).toMatchObject({ email: "lin@example.com", page: "/blog" });
  });

  it("shows the form with its consent line on the blog list and at the end of a post", async () => {
    const { t } = await setUp();
    const post = await t.store.createPost(makePostInput());
    for (const path of ["/blog", `/blog/${post.slug}`]) {
      const page = await request(t.app).get(path).expect(200);
      expect(page.text).toContain('action="/newsletter"');
      expect(page.text).toContain(M.consent);
    }
  });
});

describe("the subscriber.confirmed webhook event", () => {
  it("is delivered once when a reader confirms, with the address and the page", async () => {
    const bodies: string[] = [];
    const receiver = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        bodies.push(body);
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
    const { t } = await setUp({ env: { WEBHOOK_ALLOW_PRIVATE: "true" } });
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    await t.store.addWebhook({ url, events: ["subscriber.confirmed"], secret: "a-secret-of-twenty-chars" });
    const { subscriber } = await t.store.subscribe({ email: "ada@example.com", page: "/blog" }, 0);
    await t.store.confirmSubscriber(subscriber.id);
    await t.store.confirmSubscriber(subscriber.id);
    await expect.poll(() => bodies.length, { interval: 20 }).toBe(1);
    expect(JSON.parse(bodies[0]!)).toMatchObject({
      event: "subscriber.confirmed",
      subscriber: { id: subscriber.id, email: "ada@example.com", page: "/blog" },
    });
  });
});

describe("unsubscribing", () => {
  it("by the footer link's page and button, and by a mail client's one-click POST, with the headers present", async () => {
    const { smtp, t } = await setUp();
    await addConfirmedReaders(t.store, 2);
    const { cookie } = await signedIn(t, "editor");
    const post = await t.store.createPost(makePostInput());
    await request(t.app).post(`/api/cms/posts/${post.id}/email`).set("Cookie", cookie).send({}).expect(202);
    await smtp.waitFor(2);

    const [first, second] = [...smtp.received].sort((a, b) => a.to[0]!.localeCompare(b.to[0]!));
    const raw = plainRaw(first!);
    const header = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(raw)?.[1];
    expect(header).toMatch(/^https:\/\/queuewise\.example\/newsletter\/unsubscribe\?token=/);
    expect(raw).toMatch(/^List-Unsubscribe-Post:\s*List-Unsubscribe=One-Click\r$/m);
    // The footer's link is the header's.
    expect(linkIn(first!, "/newsletter/unsubscribe").href).toBe(header);

    // The link's page asks; a scanner that follows it unsubscribes no one.
    const asked = await request(t.app)
      .get(pathOf(new URL(header!)))
      .expect(200);
    expect(asked.text).toContain(M.unsubscribeAsk);
    expect((await t.store.listSubscribers()).every((s) => s.status === "confirmed")).toBe(true);
    // The page's button: a browser's form post, sent back to the page that says so.
    const button = await request(t.app)
      .post(pathOf(new URL(header!)))
      .set("Accept", "text/html")
      .type("form")
      .send({})
      .expect(303);
    const done = await request(t.app).get(button.headers.location!).expect(200);
    expect(done.text).toContain(M.unsubscribedTitle);

    // RFC 8058: the mail provider's POST, from another origin, no cookie.
    const other = linkIn(second!, "/newsletter/unsubscribe");
    await request(t.app)
      .post(pathOf(other))
      .set("Origin", "https://mail.provider.example")
      .type("form")
      .send("List-Unsubscribe=One-Click")
      .expect(200);
    expect((await t.store.listSubscribers()).map((s) => s.status)).toEqual(["unsubscribed", "unsubscribed"]);

    // A forged token unsubscribes no one.
    await request(t.app)
      .post("/newsletter/unsubscribe?token=u.1.AAAA")
      .type("form")
      .send("List-Unsubscribe=One-Click")
      .expect(400);
  });
});

describe("sending a post", () => {
  it("a post sent to 500 confirmed readers arrives once each, with a read-on-the-site link and a plain-text part", async () => {
    const { smtp, t } = await setUp();
    await addConfirmedReaders(t.store, 500);
    const { cookie } = await signedIn(t, "editor");
    const post = await t.store.createPost(
      makePostInput({
        content:
          '<p>Queues <a href="/industries">everywhere</a>.</p><p><img src="/media/abc.png" alt="A queue"></p>' +
          '<iframe class="ql-video" src="https://www.youtube.com/embed/dQw4w9WgXcQ" frameborder="0" allowfullscreen="true"></iframe>',
      }),
    );
    const queued = await request(t.app)
      .post(`/api/cms/posts/${post.id}/email`)
      .set("Cookie", cookie)
      .send({})
      .expect(202);
    expect(queued.body).toMatchObject({ state: "queued" });
    const progress = await sendDone(t, cookie, post.id);
    expect(progress).toMatchObject({ state: "done", sent: 500, failed: 0, queued: 0 });

    const counts = countsByAddress(smtp.received);
    expect(counts.size).toBe(500);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const raw = plainRaw(smtp.received[0]!);
    expect(raw).toMatch(/^From: news@queuewise\.example\r$/m);
    expect(raw).toContain("Content-Type: text/plain");
    expect(raw).toContain("Content-Type: text/html");
    expect(raw).toContain(`https://queuewise.example/blog/${post.slug}`);
    expect(raw).toContain(M.readOnSite);
    expect(raw).toContain('href="https://queuewise.example/industries"');
    expect(raw).toContain('src="https://queuewise.example/media/abc.png"');
    expect(raw).toContain("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(raw).not.toContain("<iframe");

    // Sent again, it reaches only readers who have not had it: none.
    await request(t.app).post(`/api/cms/posts/${post.id}/email`).set("Cookie", cookie).send({}).expect(202);
    await sendDone(t, cookie, post.id);
    expect(smtp.received).toHaveLength(500);
  });

  it("retries a server that refuses 20% of deliveries with a temporary error until every reader has the post once", async () => {
    const { smtp, t } = await setUp({
      reply: (_mail, index) => (index % 5 === 2 ? { code: 451, message: "4.3.0 Try again later" } : undefined),
    });
    await addConfirmedReaders(t.store, 200);
    const { cookie } = await signedIn(t, "admin");
    const post = await t.store.createPost(makePostInput());
    await request(t.app).post(`/api/cms/posts/${post.id}/email`).set("Cookie", cookie).send({}).expect(202);
    const progress = await sendDone(t, cookie, post.id);
    expect(progress).toMatchObject({ sent: 200, failed: 0 });
    const counts = countsByAddress(smtp.received);
    expect(counts.size).toBe(200);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it("records a permanent failure per address with its reason, and marks an address bouncing after three", async () => {
    const { t } = await setUp({
      reply: (mail) =>
        mail.to[0] === "reader-1@readers.example" ? { code: 550, message: "5.1.1 No such user" } : undefined,
    });
    await addConfirmedReaders(t.store, 3);
    const { cookie } = await signedIn(t, "admin");
    for (let i = 0; i < 3; i++) {
      const post = await t.store.createPost(makePostInput());
      await request(t.app).post(`/api/cms/posts/${post.id}/email`).set("Cookie", cookie).send({}).expect(202);
      const progress = await sendDone(t, cookie, post.id);
      expect(progress).toMatchObject({ sent: 2, failed: 1 });
      expect(progress.failures[0]).toMatchObject({ email: "reader-1@readers.example" });
      expect(progress.failures[0].reason).toContain("No such user");
    }
    const [bouncing] = await t.store.listSubscribers();
    expect(bouncing).toMatchObject({ status: "bouncing", bounces: 3 });
    // A bouncing address gets no more posts.
    const post = await t.store.createPost(makePostInput());
    await request(t.app).post(`/api/cms/posts/${post.id}/email`).set("Cookie", cookie).send({}).expect(202);
    expect(await sendDone(t, cookie, post.id)).toMatchObject({ sent: 2, failed: 0 });
  });

  it("queues the send once when a post with 'Also send by email' is published, and only editors and admins may ask", async () => {
    const { smtp, t } = await setUp();
    await addConfirmedReaders(t.store, 3);
    const editor = (await signedIn(t, "editor")).cookie;
    const writer = (await signedIn(t, "writer")).cookie;
    const draft = await t.store.createPost(makePostInput({ published: false }));

    const refused = await request(t.app)
      .put(`/api/cms/update-post/${draft.id}`)
      .set("Cookie", writer)
      .send({ published: true, emailOnPublish: true })
      .expect(403);
    expect(refused.body.message).toBe(M.sendNotAllowed);
    await request(t.app).post(`/api/cms/posts/${draft.id}/email`).set("Cookie", writer).send({}).expect(403);

    await request(t.app)
      .put(`/api/cms/update-post/${draft.id}`)
      .set("Cookie", editor)
      .send({ published: true, emailOnPublish: true })
      .expect(200);
    await sendDone(t, editor, draft.id);
    expect(smtp.received).toHaveLength(3);
    // Unpublished and published again: the send is not queued a second time.
    await request(t.app)
      .put(`/api/cms/update-post/${draft.id}`)
      .set("Cookie", editor)
      .send({ published: false })
      .expect(200);
    await request(t.app)
      .put(`/api/cms/update-post/${draft.id}`)
      .set("Cookie", editor)
      .send({ published: true })
      .expect(200);
    expect(await t.store.listNewsletterSends()).toHaveLength(1);
    expect(smtp.received).toHaveLength(3);
  });

  it("a test send goes to the signed-in user's own address only", async () => {
    const { smtp, t } = await setUp();
    await addConfirmedReaders(t.store, 3);
    const { cookie, user } = await signedIn(t, "editor");
    await t.store.updateUser(user.id, { email: "editor@queuewise.example" });
    const post = await t.store.createPost(makePostInput({ published: false }));
    const sent = await request(t.app)
      .post(`/api/cms/posts/${post.id}/email`)
      .set("Cookie", cookie)
      .send({ test: true })
      .expect(200);
    expect(sent.body.message).toBe(M.testSent("editor@queuewise.example"));
    expect(smtp.received.map((m) => m.to)).toEqual([["editor@queuewise.example"]]);
    expect(plainRaw(smtp.received[0]!)).toContain(`Subject: ${M.testSubject(post.title)}`);
    expect(await t.store.listNewsletterSends()).toEqual([]);
  });

  it("a publish with 'Also send by email' succeeds whatever the mail server does", async () => {
    const { t } = await setUp({ env: { SMTP_URL: "smtp://site:mail-secret@127.0.0.1:1" } });
    await addConfirmedReaders(t.store, 2);
    const editor = (await signedIn(t, "editor")).cookie;
    const draft = await t.store.createPost(makePostInput({ published: false }));
    await request(t.app)
      .put(`/api/cms/update-post/${draft.id}`)
      .set("Cookie", editor)
      .send({ published: true, emailOnPublish: true })
      .expect(200);
    const { body } = await request(t.app).get(`/api/cms/posts/${draft.id}/email`).set("Cookie", editor).expect(200);
    expect(body).toMatchObject({ state: "queued", queued: 2, sent: 0 });
  });
});

import request from "supertest";
import { createApp } from "~/server/app";
import { loadConfig } from "~/server/config";
import { openSite } from "~/server/operations/open-site";
import { afterEach, describe, expect, it } from "vitest";
import { INBOX_MESSAGES } from "~/shared/inbox";
import { signedIn } from "../helpers/sign-in";
import { closedPort, startSmtpServer } from "../helpers/smtp-server";
import { GOOD_CONTACT as GOOD } from "../helpers/factories";
import { makeTestApp } from "../helpers/test-app";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function appWithSmtp(smtpUrl: string, delays = "30,30") {
  const t = await makeTestApp({
    env: {
      SMTP_URL: smtpUrl,
      CONTACT_NOTIFY_TO: "sales@queuewise.example, ops@queuewise.example",
      SMTP_RETRY_DELAYS_MS: delays,
    },
  });
  cleanups.push(async () => {
    await t.app.stop();
    await t.close();
  });
  return t;
}

/** Polls the store until the message's notification has settled (sent or failed). */
async function settled(t: Awaited<ReturnType<typeof makeTestApp>>, id: number) {
  for (;;) {
    const state = (await t.store.getMessage(id))?.notification?.state;
    if (state === "sent" || state === "failed") return (await t.store.getMessage(id))!;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("contact notifications by SMTP", () => {
  it("emails each stored message to CONTACT_NOTIFY_TO with Reply-To set to the sender", async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const t = await appWithSmtp(smtp.url);
    await request(t.app).post("/api/contact").send(GOOD).expect(201);
    await smtp.waitFor(1);

    const [mail] = smtp.received;
    expect(mail!.to).toEqual(["sales@queuewise.example", "ops@queuewise.example"]);
    expect(mail!.from).toBe("no-reply@localhost");
    expect(mail!.raw).toMatch(/^Reply-To: Ada Lovelace <ada@example\.com>\r$/m);
    expect(mail!.raw).toMatch(/^Subject: New contact message from Ada Lovelace \(Analytical\)\r$/m);
    expect(mail!.raw).toContain("We queue at our clinics.");
    expect(mail!.raw).toContain("Industry: Healthcare");

    const [stored] = await t.store.listMessages();
    expect((await settled(t, stored!.id)).notification).toMatchObject({ state: "sent", attempts: 1 });
  });

  it("keeps the message when the mail server is down, retries, and shows why in the inbox", async () => {
    const port = await closedPort();
    const t = await appWithSmtp(`smtp://site:mail-secret@127.0.0.1:${port}`, "20,20");
    await request(t.app).post("/api/contact").send(GOOD).expect(201);

    const [stored] = await t.store.listMessages();
    const done = await settled(t, stored!.id);
    expect(done).toMatchObject({ name: GOOD.name, message: GOOD.message });
    expect(done.notification).toMatchObject({ state: "failed", attempts: 3 });
    expect(done.notification!.error).toMatch(/ECONNREFUSED|connect/i);

    const { cookie } = await signedIn(t, "admin");
    const inbox = await request(t.app).get("/api/admin/messages").set("Cookie", cookie).expect(200);
    expect(inbox.body.messages[0].notification).toMatchObject({ state: "failed", error: done.notification!.error });
    const csv = await request(t.app).get("/api/admin/messages.csv").set("Cookie", cookie).expect(200);
    expect(csv.text).toContain(INBOX_MESSAGES.notEmailed(done.notification!.error!));
  });

  it("sends on a later attempt once the mail server is back", async () => {
    const port = await closedPort();
    const t = await appWithSmtp(`smtp://site:mail-secret@127.0.0.1:${port}`, "300,300,300");
    await request(t.app).post("/api/contact").send(GOOD).expect(201);
    const [stored] = await t.store.listMessages();
    // The first attempt fails and leaves the reason while a retry waits.
    for (;;) {
      const n = (await t.store.getMessage(stored!.id))?.notification;
      if (n?.error) {
        expect(n.state).toBe("pending");
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const smtp = await startSmtpServer({ port });
    cleanups.push(smtp.close);
    await smtp.waitFor(1);
    expect((await settled(t, stored!.id)).notification).toMatchObject({ state: "sent" });
  });

  it("reports a refused sign-in to the mail server as the reason", async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const t = await appWithSmtp(`smtp://site:wrong@127.0.0.1:${smtp.port}`, "20");
    await request(t.app).post("/api/contact").send(GOOD).expect(201);
    const [stored] = await t.store.listMessages();
    const done = await settled(t, stored!.id);
    expect(done.notification).toMatchObject({ state: "failed", attempts: 2 });
    expect(done.notification!.error).toMatch(/535|Invalid username or password/);
    expect(smtp.received).toHaveLength(0);
  });
});

it("resumes a notification still pending when the server stopped", async () => {
  const smtp = await startSmtpServer();
  cleanups.push(smtp.close);
  const first = await makeTestApp();
  const stored = await first.store.addMessage({
    name: "Bo",
    email: "bo@example.com",
    message: "Call me",
    ip: "127.0.0.1",
  });
  await first.store.updateMessage(stored.id, {
    notification: { state: "pending", attempts: 1, error: "timeout", updatedAt: new Date().toISOString() },
  });
  await first.store.close();

  // The same folder, started again with the mail server up.
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: first.dataDir,
    SMTP_URL: smtp.url,
    CONTACT_NOTIFY_TO: "sales@example.com",
  });
  const { store, sessionSecret, sessionRecords, activity } = await openSite(config, { seed: false });
  const app = createApp({
    config,
    store,
    sessionSecret,
    sessionRecords,
    activity,
    build: () => Promise.reject(new Error("this test renders no page")),
  });
  cleanups.push(async () => {
    await app.stop();
    await activity.close();
    await store.close();
    await first.close();
  });
  await smtp.waitFor(1);
  expect(smtp.received[0]!.raw).toMatch(/^Reply-To: Bo <bo@example\.com>\r$/m);
  for (;;) {
    const n = (await store.getMessage(stored.id))?.notification;
    if (n?.state === "sent") break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
});

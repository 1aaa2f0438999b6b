import pg from "pg";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { CONTACT_EMAIL_TOPIC } from "~/server/contact/mail-notifier";
import { GOOD_CONTACT } from "../helpers/factories";
import { closedPort, startSmtpServer } from "../helpers/smtp-server";
import { useTwoInstances } from "../helpers/two-instances";

/** The outbox's claims across instances (docs/decisions/165-one-outbox-with-claims.md). */
const { instances } = useTwoInstances();

const LEASE_MS = 1000;

describe("a contact email claimed by an instance that stops", () => {
  it("is taken over and sent once by another instance within the lease", async () => {
    const port = await closedPort();
    const { apps } = await instances(2, {
      SMTP_URL: `smtp://site:mail-secret@127.0.0.1:${port}`,
      CONTACT_NOTIFY_TO: "sales@queuewise.example",
      SMTP_RETRY_DELAYS_MS: Array.from({ length: 100 }, () => "100").join(","),
      OUTBOX_LEASE_MS: String(LEASE_MS),
    });
    const [a, b] = [apps[0]!, apps[1]!];
    await request(a.app).post("/api/contact").send(GOOD_CONTACT).expect(201);
    const [message] = await a.store.listMessages();

    // A claimed it and tried; the mail server is down.
    await expect
      .poll(async () => (await a.store.getMessage(message!.id))?.notification?.attempts ?? 0)
      .toBeGreaterThan(0);
    const db = new pg.Client({ connectionString: a.config.databaseUrl });
    await db.connect();
    const claim = () =>
      db
        .query<{ claimed_by: string; done: boolean }>(
          "SELECT claimed_by, claimed_until = 'infinity' AS done FROM outbox_claims WHERE topic = $1 AND key = $2",
          [CONTACT_EMAIL_TOPIC, String(message!.id)],
        )
        .then((r) => r.rows[0]);
    try {
      const held = await claim();
      expect(held?.done).toBe(false);

      // A stops answering without having sent it: no more sweeps, no heartbeat, its mail transport closed.
      await a.app.stop();
      const smtp = await startSmtpServer({ port });
      try {
        // B takes it over once A's lease runs out, and sends it.
        const sentOnB = async () => (await b.store.getMessage(message!.id))?.notification?.state;
        await expect.poll(sentOnB, { timeout: 10 * LEASE_MS, interval: 50 }).toBe("sent");
        expect(smtp.received).toHaveLength(1);
        expect(smtp.received[0]!.raw).toMatch(/^Subject: New contact message from Ada Lovelace/m);
        // The claim is marked done just after the message is marked sent, in a query of its own.
        await expect.poll(async () => (await claim())?.done, { timeout: 10 * LEASE_MS }).toBe(true);
        const finished = await claim();
        expect(finished!.claimed_by).not.toBe(held!.claimed_by);
      } finally {
        await smtp.close();
      }
    } finally {
      await db.end();
    }
  }, 120_000);
});

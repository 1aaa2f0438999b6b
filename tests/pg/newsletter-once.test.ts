import request from "supertest";
import { describe, expect, it } from "vitest";
import { makePostInput } from "../helpers/factories";
import { addConfirmedReaders, countsByAddress } from "../helpers/newsletter";
import { signedIn } from "../helpers/sign-in";
import { startSmtpServer } from "../helpers/smtp-server";
import { useTwoInstances } from "../helpers/two-instances";

/** The send ledger across instances (docs/decisions/246-newsletter-send-ledger.md). */
const { instances } = useTwoInstances();

const READERS = 300;

describe("a newsletter send with two instances on one database", () => {
  it("delivers the post to every reader exactly once, both asked to send it and one stopping mid-send", async () => {
    const smtp = await startSmtpServer();
    try {
      const { apps } = await instances(2, {
        SMTP_URL: smtp.url,
        CONTACT_NOTIFY_TO: "sales@queuewise.example",
        SMTP_RETRY_DELAYS_MS: "20,20,20",
        NEWSLETTER_RATE: "12000",
        OUTBOX_LEASE_MS: "600",
      });
      const [a, b] = apps as [(typeof apps)[number], (typeof apps)[number]];
      await addConfirmedReaders(a.store, READERS);
      const post = await a.store.createPost(makePostInput());
      const cookieA = (await signedIn(a, "editor")).cookie;
      const cookieB = await signedIn(b, "admin").then((s) => s.cookie);
      await Promise.all([
        request(a.app).post(`/api/cms/posts/${post.id}/email`).set("Cookie", cookieA).send({}).expect(202),
        request(b.app).post(`/api/cms/posts/${post.id}/email`).set("Cookie", cookieB).send({}).expect(202),
      ]);
      await expect.poll(() => smtp.received.length, { timeout: 60_000 }).toBeGreaterThan(READERS / 3);
      // Whichever instance holds the send stops; the other takes it over once the claim runs out.
      await a.app.stop();
      const done = async () =>
        (await request(b.app).get(`/api/cms/posts/${post.id}/email`).set("Cookie", cookieB)).body.state;
      await expect.poll(done, { timeout: 90_000 }).toBe("done");

      const counts = countsByAddress(smtp.received);
      expect(counts.size).toBe(READERS);
      expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
      const progress = await request(b.app).get(`/api/cms/posts/${post.id}/email`).set("Cookie", cookieB);
      expect(progress.body).toMatchObject({ state: "done", sent: READERS, failed: 0 });
    } finally {
      await smtp.close();
    }
  }, 150_000);
});

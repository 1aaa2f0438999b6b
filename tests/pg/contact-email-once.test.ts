import request from "supertest";
import { describe, expect, it } from "vitest";
import { GOOD_CONTACT } from "../helpers/factories";
import { closedPort, startSmtpServer } from "../helpers/smtp-server";
import type { TestApp } from "../helpers/test-app";
import { useTwoInstances } from "../helpers/two-instances";

/** Contact notifications claimed before they are sent (docs/decisions/091-contact-emails-claimed-once.md). */
const { instances } = useTwoInstances();

describe("contact emails with several instances on one database", () => {
  it("sends each pending message once, though SMTP failed and two more instances started meanwhile", async () => {
    const port = await closedPort();
    const { apps, restart } = await instances(1, {
      SMTP_URL: `smtp://site:mail-secret@127.0.0.1:${port}`,
      CONTACT_NOTIFY_TO: "sales@queuewise.example",
      // Retries for 20 s in all: two instances starting on a loaded machine must not outlast them.
      SMTP_RETRY_DELAYS_MS: Array.from({ length: 100 }, () => "200").join(","),
    });
    const running: TestApp[] = [apps[0]!];
    const leads = ["Ada", "Grace", "Edsger"];
    try {
      for (const name of leads)
        await request(running[0]!.app)
          .post("/api/contact")
          .send({ ...GOOD_CONTACT, name });
      const attempted = async () =>
        (await running[0]!.store.listMessages()).every((m) => (m.notification?.attempts ?? 0) > 0);
      await expect.poll(attempted).toBe(true);

      // Two more instances start and resume the pending messages, while the first keeps retrying.
      running.push(await restart(), await restart());
      const smtp = await startSmtpServer({ port });
      try {
        const sent = async () =>
          (await running[0]!.store.listMessages()).filter((m) => m.notification?.state === "sent").length;
        await expect.poll(sent, { timeout: 20_000 }).toBe(leads.length);
        const subjects = smtp.received.map((mail) => /^Subject: New contact message from (\w+)/m.exec(mail.raw)?.[1]);
        expect(subjects.sort()).toEqual([...leads].sort());
      } finally {
        await smtp.close();
      }
    } finally {
      running.forEach((app) => app.app.stop());
    }
  });
});

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { useTwoInstances } from "../helpers/two-instances";

/**
 * Webhooks on two instances of one database (docs/decisions/225-signed-webhooks-through-the-outbox.md):
 * both sweep the outbox for pending deliveries, and each delivery is sent by the one instance
 * that claims it, once.
 */
const { instances } = useTwoInstances();

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A receiver on 127.0.0.1 that counts each delivery id it is sent. */
async function receiver() {
  const seen: number[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      seen.push((JSON.parse(body) as { id: number }).id);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, seen };
}

describe("webhooks across instances", () => {
  it("each delivery reaches the endpoint once, whichever instance fired it, with both sweeping", async () => {
    const hook = await receiver();
    // A short lease: each instance sweeps every 100 ms, so both reach for every delivery.
    const {
      apps: [a, b],
    } = await instances(2, { WEBHOOK_ALLOW_PRIVATE: "true", OUTBOX_LEASE_MS: "300" });
    const admin = await signedIn(a!, "admin");
    const made = await request(a!.app)
      .post("/api/admin/webhooks")
      .set("Cookie", admin.cookie)
      .send({ url: hook.url, events: ["post.published"] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // B knows the endpoint once A's write reaches it.
    await expect.poll(async () => (await b!.store.listWebhooks()).length, { interval: 20 }).toBe(1);

    const count = 6;
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        request((i % 2 ? b! : a!).app)
          .post("/api/cms/simple-create-post")
          .set("Cookie", admin.cookie)
          .send(makePostInput())
          .expect(201),
      ),
    );
    await expect
      .poll(
        async () => (await a!.store.listWebhookDeliveries(made.body.id)).filter((d) => d.state === "delivered").length,
        {
          interval: 20,
          timeout: 5000,
        },
      )
      .toBe(count);
    // A few more sweeps of each instance: nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(hook.seen).toHaveLength(count);
    expect(new Set(hook.seen).size).toBe(count);
    const log = await a!.store.listWebhookDeliveries(made.body.id);
    expect(log.every((d) => d.attempts === 1)).toBe(true);
  });
});

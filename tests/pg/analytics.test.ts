import request from "supertest";
import { describe, expect, it } from "vitest";
import type { AnalyticsReport } from "~/shared/analytics";
import { VISIT_FIELDS } from "~/shared/contact-visit";
import { GOOD_CONTACT } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import type { TestApp } from "../helpers/test-app";
import { useTwoInstances } from "../helpers/two-instances";

/** Two instances behind one trusted proxy, as behind a load balancer. */
const { instances } = useTwoInstances();
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

const views = async (app: TestApp, page: string, count: number, address: string) => {
  for (let i = 0; i < count; i++) {
    await request(app.app).get(page).set("X-Forwarded-For", address).set("User-Agent", DESKTOP).expect(200);
  }
};

async function report(app: TestApp, cookie: string): Promise<AnalyticsReport> {
  return (await request(app.app).get("/api/admin/analytics").set("Cookie", cookie).expect(200)).body as AnalyticsReport;
}

describe("analytics on PostgreSQL", () => {
  it("adds up the counts of two instances flushing at once, and keeps them across a restart", async () => {
    const { apps, restart } = await instances(2, { TRUST_PROXY: "true" });
    const [a, b] = apps as [TestApp, TestApp];
    const { cookie } = await signedIn(a);
    await views(a, "/industries", 3, "198.51.100.1");
    await views(b, "/industries", 4, "198.51.100.2");
    await request(b.app)
      .post("/industries/retail")
      .type("form")
      .set("User-Agent", DESKTOP)
      .send({ ...GOOD_CONTACT, [VISIT_FIELDS.page]: "/industries/retail?utm_source=newsletter" })
      .expect(200);
    await Promise.all([a.app.analytics!.flush(), b.app.analytics!.flush()]);
    await views(a, "/industries", 1, "198.51.100.1");
    await Promise.all([a.app.analytics!.flush(), b.app.analytics!.flush()]);

    const summed = await report(a, cookie);
    expect(summed.totals).toMatchObject({ views: 8, visitors: 2, leads: 1 });
    expect(summed.tables.campaigns).toEqual([expect.objectContaining({ key: "utm_source=newsletter", leads: 1 })]);
    // The message's visit has a column of its own, read back as it was stored.
    const [message] = await a.store.listMessages();
    expect(message?.visit).toEqual({ page: "/industries/retail", utm: { utm_source: "newsletter" } });

    const again = await restart(a);
    expect((await report(again, cookie)).totals).toMatchObject({ views: 8, visitors: 2, leads: 1 });
  });
});

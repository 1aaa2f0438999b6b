import request from "supertest";
import { describe, expect, it } from "vitest";
import type { AnalyticsReport } from "~/shared/analytics";
import { VISIT_FIELDS } from "~/shared/contact-visit";
import { GOOD_CONTACT, makePageInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { useTestApp } from "../helpers/test-app";

/** Behind one trusted proxy, X-Forwarded-For names the visitor (supertest plays the proxy). */
const t = useTestApp({ env: { TRUST_PROXY: "true" } });
const READER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const visit = (url: string, address: string) =>
  request(t.app).get(url).set("X-Forwarded-For", address).set("User-Agent", READER).expect(200);

describe("analytics per page", () => {
  it("lists each page with its views, the leads its contact form sent, and leads per 100 views", async () => {
    const editor = await signedIn(t, "editor");
    const made = await request(t.app)
      .post("/api/cms/pages")
      .set("Cookie", editor.cookie)
      .send(makePageInput({ path: "/trade-fair", title: "Meet us at the trade fair" }))
      .expect(201);
    await request(t.app).post(`/api/cms/pages/${made.body.id}/publish`).set("Cookie", editor.cookie).expect(200);
    for (const address of ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4"])
      await visit("/trade-fair", address);
    await visit("/", "203.0.113.9");
    // The page's contact form posts to the page, naming it as the message's page.
    await request(t.app)
      .post("/trade-fair")
      .set("X-Forwarded-For", "203.0.113.1")
      .set("User-Agent", READER)
      .type("form")
      .send({ ...GOOD_CONTACT, [VISIT_FIELDS.page]: "/trade-fair", [VISIT_FIELDS.referrer]: "" })
      .expect(200);

    const admin = await signedIn(t, "admin");
    const report = (await request(t.app).get("/api/admin/analytics").set("Cookie", admin.cookie).expect(200))
      .body as AnalyticsReport;
    expect(report.tables.sitePages).toEqual([
      {
        key: "/trade-fair",
        label: "Meet us at the trade fair",
        views: 4,
        visitors: 4,
        entries: 4,
        leads: 1,
        conversion: 0.25,
        subscriptions: 0,
      },
    ]);
  });
});

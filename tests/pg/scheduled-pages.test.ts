import request from "supertest";
import { describe, expect, it, vi } from "vitest";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { PAGE_SUBJECT } from "~/shared/pages";
import { makePageInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { useTwoInstances } from "../helpers/two-instances";

const { instances } = useTwoInstances();

describe("scheduled pages on two instances of one database", () => {
  it("publishes a scheduled page exactly once: one revision, one activity entry, live on both", async () => {
    const {
      apps: [a, b],
    } = await instances(2, { SCHEDULER_TICK_MS: "50" });
    const { cookie, user } = await signedIn(a!, "admin");
    const input = makePageInput({ title: "Trade fair", path: "/trade-fair" });
    const { body: page } = await request(a!.app).post("/api/cms/pages").set("Cookie", cookie).send(input).expect(201);
    await request(a!.app)
      .post(`/api/cms/pages/${page.id}/publish`)
      .set("Cookie", cookie)
      .send({ publishAt: new Date(Date.now() + 1500).toISOString() })
      .expect(200);
    await request(b!.app).get("/trade-fair").expect(404);

    const waitForPublic = async (app: typeof a) =>
      vi.waitFor(async () => expect((await request(app!.app).get("/trade-fair")).status).toBe(200), {
        timeout: 20_000,
        interval: 100,
      });
    await Promise.all([waitForPublic(a), waitForPublic(b)]);
    for (const app of [a!, b!]) {
      await app.app.scheduler.tick();
      await app.app.scheduler.tick();
    }

    const publishes = (await b!.activity.entries()).filter((e) => e.kind === "publish");
    expect(publishes).toMatchObject([
      { userId: user.id, what: ACTIVITY_MESSAGES.publishedOnSchedule(ACTIVITY_MESSAGES.page(page.id, "Trade fair")) },
    ]);
    const revisions = await b!.store.listRevisions(PAGE_SUBJECT, page.id);
    expect(revisions.filter((r) => r.snapshot.published)).toHaveLength(1);
    expect(a!.app.scheduler.failures()).toEqual([]);
    expect(b!.app.scheduler.failures()).toEqual([]);
  });
});

import request from "supertest";
import { describe, expect, it, vi } from "vitest";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { useTwoInstances } from "../helpers/two-instances";

const { instances } = useTwoInstances();

describe("scheduled publishing on two instances of one database", () => {
  it("publishes a scheduled post exactly once: one revision, one activity entry", async () => {
    // Both tick often, so both find the post due at nearly the same moment.
    const {
      apps: [a, b],
    } = await instances(2, { SCHEDULER_TICK_MS: "50" });
    const { cookie, user } = await signedIn(a!, "admin");
    const input = makePostInput({ title: "Once on two instances", published: false });
    const { body: post } = await request(a!.app)
      .post("/api/cms/simple-create-post")
      .set("Cookie", cookie)
      .send({ ...input, publishAt: new Date(Date.now() + 1500).toISOString() })
      .expect(201);

    const waitForPublic = async (app: typeof a) =>
      vi.waitFor(async () => expect((await request(app!.app).get(`/blog/${input.slug}`)).status).toBe(200), {
        timeout: 20_000,
        interval: 100,
      });
    await Promise.all([waitForPublic(a), waitForPublic(b)]);
    // Every attempt either instance had started has ended, and a whole tick after it too.
    for (const app of [a!, b!]) {
      await app.app.scheduler.tick();
      await app.app.scheduler.tick();
    }

    const publishes = (await b!.activity.entries()).filter((e) => e.kind === "publish");
    expect(publishes).toMatchObject([
      {
        userId: user.id,
        what: ACTIVITY_MESSAGES.publishedOnSchedule(ACTIVITY_MESSAGES.post(post.id, "Once on two instances")),
      },
    ]);
    const revisions = await b!.store.listRevisions("post", post.id);
    expect(revisions.filter((r) => r.snapshot.published)).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ by: { id: user.id }, snapshot: { published: true } });
    expect(a!.app.scheduler.failures()).toEqual([]);
    expect(b!.app.scheduler.failures()).toEqual([]);
  });
});

import { monitorEventLoopDelay } from "node:perf_hooks";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_NESTING } from "~/server/posts/content-nesting";
import { POST_MESSAGES } from "~/shared/schemas";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp } from "../helpers/test-app";

/**
 * Content that nests too deeply for sanitize-html's parser, sent by every way a post comes in,
 * must be refused without holding the event loop: each request below is answered while the loop
 * never waits more than STALL_MS (the bound the hardening review set). The shape is the one that
 * walked around the old guard: stray closing tags that the parser ignores.
 */
const STALL_MS = 50;
const walkAround = (bytes: number) => {
  const round = "<b>".repeat(MAX_NESTING - 1) + "</i>".repeat(MAX_NESTING - 1);
  return round.repeat(Math.ceil(bytes / round.length));
};
/** As much as a write's body takes (MAX_JSON_BODY), and as much as a restore's post may hold. */
const WRITTEN = walkAround(30_000);
const RESTORED = walkAround(480_000);

let t: Awaited<ReturnType<typeof makeTestApp>>;
let admin: string;
let editor: string;
let contributor: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = (await signedIn(t, "admin")).cookie;
  editor = (await signedIn(t, "editor")).cookie;
  contributor = (await signedIn(t, "contributor")).cookie;
});
afterAll(() => t.close());

/**
 * The longest the event loop waited while `work` ran, after one unmeasured run to warm it up: the
 * least of five runs, since a stall the input causes comes back in every run while a pause of the
 * machine (other processes, a garbage collection) does not.
 */
async function longestStall(work: () => Promise<void>): Promise<number> {
  await work();
  const stalls: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    await work();
    // Anything the answer left running (a cache warm-up, a render) runs in the next turns.
    await new Promise((resolve) => setTimeout(resolve, 100));
    delay.disable();
    stalls.push(delay.max / 1e6);
  }
  return Math.min(...stalls);
}

describe("content nested past the parser's limit", () => {
  it("is refused on create and update without stalling the event loop", async () => {
    const stall = await longestStall(async () => {
      const created = await request(t.app)
        .post("/api/cms/simple-create-post")
        .set("Cookie", contributor)
        .send(makePostInput({ content: WRITTEN, published: false }));
      expect(created.status).toBe(400);
      expect(created.body.errors).toEqual({ content: [POST_MESSAGES.contentNesting] });
    });
    const post = await t.store.createPost(makePostInput());
    const updateStall = await longestStall(async () => {
      const updated = await request(t.app)
        .put(`/api/cms/update-post/${post.id}`)
        .set("Cookie", editor)
        .send({ content: WRITTEN, updatedAt: post.updatedAt });
      expect(updated.status).toBe(400);
      expect(updated.body.errors).toEqual({ content: [POST_MESSAGES.contentNesting] });
    });
    expect({ stall: stall < STALL_MS, updateStall: updateStall < STALL_MS }).toEqual({
      stall: true,
      updateStall: true,
    });
  }, 120_000);

  it("is refused on restore, naming the post and the field, without stalling the event loop", async () => {
    const base = { ...makePostInput(), createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() };
    const restore = (posts: object[]) =>
      request(t.app).post("/api/debug/restore-posts").set("Cookie", admin).send({ posts });
    const stall = await longestStall(async () => {
      const restored = await restore([{ ...base, id: 900_001, slug: "too-deep-restored", content: RESTORED }]);
      expect(restored.status).toBe(200);
      expect(restored.body).toMatchObject({
        restored: 0,
        refused: [{ id: 900_001, field: "content", message: POST_MESSAGES.contentNesting }],
      });
    });
    expect(stall).toBeLessThan(STALL_MS);
    // Past the write's content limit, which a restore used to let through.
    const long = await restore([{ ...base, id: 900_002, slug: "too-long-restored", content: "x".repeat(500_001) }]);
    expect(long.body).toMatchObject({
      restored: 0,
      refused: [{ id: 900_002, field: "content", message: POST_MESSAGES.tooLong }],
    });
    // A revision is one click from being the post again, so it is bounded as the post is.
    const kept = { ...base, id: 900_003, slug: "kept-restored-post" };
    const snapshot = { ...makePostInput(), coverImage: "", tags: [], content: RESTORED };
    const revision = { subject: "post", subjectId: kept.id, createdAt: base.createdAt, savedAt: base.createdAt };
    const withHistory = await request(t.app)
      .post("/api/debug/restore-posts")
      .set("Cookie", admin)
      .send({ posts: [kept], revisions: [{ ...revision, id: 77, changed: ["content"], snapshot }] });
    expect(withHistory.body).toMatchObject({
      restored: 1,
      refused: [{ id: kept.id, field: "revisions.77.content", message: POST_MESSAGES.contentNesting }],
    });
    expect((await t.store.listRevisions("post", kept.id)).map((r) => r.snapshot.content === RESTORED)).not.toContain(
      true,
    );
    const slugs = (await t.store.listPosts()).map((p) => p.slug);
    expect(slugs.filter((slug) => slug.startsWith("too-"))).toEqual([]);
  }, 120_000);
});

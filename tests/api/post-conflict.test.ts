import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { STALE_UPDATE_MESSAGE, UPDATED_AT_MESSAGE } from "~/shared/post-conflict";
import { BLOCK_POST_VIDEO, blockPost } from "../helpers/block-post";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { useTestApp } from "../helpers/test-app";

/** Updates carry the updatedAt they were opened at (docs/decisions/021-no-lost-work.md). */
const t = useTestApp({ perFile: true });
let writer: string;
let colleague: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  writer = (await signedIn(t, "writer")).cookie;
  colleague = await signedIn(t, "writer");
});

const update = (id: number, body: object) =>
  request(t.app).put(`/api/cms/update-post/${id}`).set("Cookie", writer).send(body);

function formOf(post: { title: string; slug: string; summary: string; content: string; published: boolean }) {
  const { title, slug, summary, content, published } = post;
  return { title, slug, summary, content, published };
}

describe("PUT /api/cms/update-post/{id} with updatedAt", () => {
  it("saves when the post is unchanged since, and answers the new update time", async () => {
    const post = await t.store.createPost(makePostInput());
    const res = await update(post.id, {
      ...formOf(post),
      title: "A fresh look at queues",
      updatedAt: post.updatedAt,
    }).expect(200);
    expect(res.body.title).toBe("A fresh look at queues");
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(post.updatedAt));
    // The answer's time is the next conditional update's base.
    await update(post.id, { ...formOf(post), title: "A third look at queues", updatedAt: res.body.updatedAt }).expect(
      200,
    );
  });

  it("answers 409 with both update times and their version, naming who saved it, and changes nothing", async () => {
    const post = await t.store.createPost(makePostInput());
    const saved = await request(t.app)
      .put(`/api/cms/update-post/${post.id}`)
      .set("Cookie", colleague.cookie)
      .send({ title: "Their version of it" })
      .expect(200);
    const res = await update(post.id, { ...formOf(post), title: "My version of it", updatedAt: post.updatedAt }).expect(
      409,
    );
    expect(res.body).toEqual({
      message: STALE_UPDATE_MESSAGE,
      serverUpdatedAt: saved.body.updatedAt,
      yourUpdatedAt: post.updatedAt,
      theirs: { ...saved.body, updatedBy: colleague.user.id, updatedByName: colleague.user.username },
    });
    expect(res.body.theirs.content).toBe(post.content);
    expect((await t.store.getPostById(post.id))?.title).toBe("Their version of it");
  });

  it("two saves within one millisecond still get different update times", async () => {
    const post = await t.store.createPost(makePostInput());
    const [a, b] = await Promise.all([
      t.store.updatePost(post.id, { title: "First quick save" }),
      t.store.updatePost(post.id, { title: "Second quick save" }),
    ]);
    expect(a.updatedAt).not.toBe(b.updatedAt);
    const stale = await update(post.id, { ...formOf(post), updatedAt: a.updatedAt });
    expect(stale.status).toBe(409);
  });

  it("compares instants, not spellings", async () => {
    const post = await t.store.createPost(makePostInput());
    const respelled = new Date(post.updatedAt).toISOString().replace("Z", "+00:00");
    await update(post.id, { ...formOf(post), summary: "Another summary of the post.", updatedAt: respelled }).expect(
      200,
    );
  });

  it.each([["yesterday"], [12345], [true], ["x".repeat(100)]])("refuses updatedAt %j with a 400", async (bad) => {
    const post = await t.store.createPost(makePostInput());
    const res = await update(post.id, { ...formOf(post), updatedAt: bad }).expect(400);
    expect(res.body.errors).toEqual({ updatedAt: [UPDATED_AT_MESSAGE] });
    expect(await t.store.getPostById(post.id)).toEqual(post);
  });

  it("without updatedAt saves as before (the tools send none)", async () => {
    const post = await t.store.createPost(makePostInput());
    await t.store.updatePost(post.id, { title: "Someone else's title" });
    await update(post.id, { ...formOf(post), title: "Last writer wins here" }).expect(200);
  });

  it("a 404 for a missing post comes before the conflict check", async () => {
    await update(999999, { ...formOf(makePostInput()), updatedAt: new Date().toISOString() }).expect(404);
  });
});

describe("two edits of a post with an image, a caption, a video and a list", () => {
  it("answers their version whole, and keeps every block of a save that merged both edits", async () => {
    const post = await t.store.createPost(makePostInput({ content: blockPost() }));
    const theirs = await request(t.app)
      .put(`/api/cms/update-post/${post.id}`)
      .set("Cookie", colleague.cookie)
      .send({
        ...formOf(post),
        content: blockPost({ intro: "Crowds come in waves, theirs." }),
        updatedAt: post.updatedAt,
      })
      .expect(200);
    const items = ["Scan tickets early", "Open more gates, mine", "Tell people the wait"];
    const refused = await update(post.id, {
      ...formOf(post),
      content: blockPost({ items }),
      updatedAt: post.updatedAt,
    }).expect(409);
    // Their version carries every block the conflict view merges on.
    const content = refused.body.theirs.content as string;
    expect(content).toContain("Crowds come in waves, theirs.");
    expect(content).toContain("<figcaption>Gate 3 at noon</figcaption>");
    expect(content).toContain(`src="${BLOCK_POST_VIDEO}"`);
    expect(content.match(/<li /g)).toHaveLength(3);

    // The conflict view's merge (tests/unit/conflict-merge.dom.test.ts), saved on their version.
    const merged = blockPost({ intro: "Crowds come in waves, theirs.", items });
    const saved = await update(post.id, { ...formOf(post), content: merged, updatedAt: theirs.body.updatedAt }).expect(
      200,
    );
    for (const text of ["Crowds come in waves, theirs.", "Open more gates, mine", "Gate 3 at noon", "That is all."])
      expect(saved.body.content).toContain(text);
    expect(saved.body.content).toContain(`src="${BLOCK_POST_VIDEO}"`);
    expect(saved.body.content).toMatch(/<ol>(<li data-list="bullet">[^<]+<\/li>){3}<\/ol>/);
    expect((await t.store.getPostById(post.id))?.content).toBe(saved.body.content);
  });
});

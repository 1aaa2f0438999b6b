import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { videosNoticePath } from "~/shared/embeds";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { useTestApp } from "../helpers/test-app";

/**
 * The editor's "Embedded videos found" notice is shown once per post (docs/product.md section 8):
 * the post remembers it was shown, without a save (no new updatedAt, no revision).
 */
const t = useTestApp({ perFile: true });
let writer: string;
let contributor: string;
beforeAll(async () => {
  writer = (await signedIn(t, "writer")).cookie;
  contributor = (await signedIn(t, "contributor")).cookie;
});

const VIDEO = '<iframe class="ql-video" src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>';

describe("POST /api/cms/posts/{id}/videos-notice", () => {
  it("remembers the notice on the post without saving it, and the editor's post says so", async () => {
    const post = await t.store.createPost(makePostInput({ content: `<p>Watch this.</p>${VIDEO}` }));
    const before = await request(t.app).get("/api/cms/posts").set("Cookie", writer).expect(200);
    expect(before.body.find((p: { id: number }) => p.id === post.id).videosNoticed).toBeUndefined();

    await request(t.app).post(videosNoticePath(post.id)).set("Cookie", writer).expect(204);
    const after = await t.store.getPostById(post.id);
    expect(after).toMatchObject({ videosNoticed: true, updatedAt: post.updatedAt });
    const listed = await request(t.app).get("/api/cms/posts").set("Cookie", writer).expect(200);
    expect(listed.body.find((p: { id: number }) => p.id === post.id)).toMatchObject({
      videosNoticed: true,
      updatedAt: post.updatedAt,
    });
    // Again: nothing changes, still no save.
    await request(t.app).post(videosNoticePath(post.id)).set("Cookie", writer).expect(204);
    expect((await t.store.getPostById(post.id))?.updatedAt).toBe(post.updatedAt);
  });

  it("refuses whoever may not open the post's editor, a missing post and a signed-out call", async () => {
    const post = await t.store.createPost(makePostInput({ content: `<p>Watch this.</p>${VIDEO}` }));
    await request(t.app).post(videosNoticePath(post.id)).set("Cookie", contributor).expect(403);
    await request(t.app).post(videosNoticePath(999_999)).set("Cookie", writer).expect(404);
    await request(t.app).post(videosNoticePath(post.id)).expect(401);
    expect((await t.store.getPostById(post.id))?.videosNoticed).toBeUndefined();
  });
});

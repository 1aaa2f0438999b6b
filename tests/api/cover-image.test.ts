import request from "supertest";
import { afterAll, beforeAll, expect, it } from "vitest";
import { isCoverImageUrl } from "~/shared/schemas";
import { makePostInput } from "../helpers/factories";
import { makeTestApp } from "../helpers/test-app";

const PUBLIC_URL = "https://queuewise.example";
let t: Awaited<ReturnType<typeof makeTestApp>>;
beforeAll(async () => {
  t = await makeTestApp({ env: { PUBLIC_URL } });
});
afterAll(() => t.close());

it.each([
  ["/images/cover.png", true],
  ["https://images.example/c.png", true],
  ["/\\evil.example/x.png", false],
  ["//evil.example/x.png", false],
  ["/", false],
  ["images/cover.png", false],
])("isCoverImageUrl(%j) is %s", (value, ok) => {
  expect(isCoverImageUrl(value)).toBe(ok);
});

it("a site path is shown as the post's cover", async () => {
  const post = await t.store.createPost(makePostInput({ coverImage: "/images/cover.png" }));
  const res = await request(t.app).get(`/blog/${post.slug}`).expect(200);
  expect(res.text).toContain('src="/images/cover.png"');
});

it("a stored cover the rule refuses (a restored backup) is shown as none, never as another host", async () => {
  const base = await t.store.createPost(makePostInput());
  await t.store.restorePosts([
    { ...base, id: 77, slug: "restored-with-bad-cover", coverImage: "/\\evil.example/x.png" },
  ]);
  const res = await request(t.app).get("/blog/restored-with-bad-cover").expect(200);
  expect(res.text).not.toContain("evil.example");
  const api = await request(t.app).get("/api/public/blog/posts/restored-with-bad-cover").expect(200);
  expect(api.body.coverImage).toBeUndefined();
  const list = await request(t.app).get("/blog").expect(200);
  expect(list.text).not.toContain("evil.example");
});

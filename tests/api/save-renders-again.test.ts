import http from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { afterEach, beforeEach, expect, it } from "vitest";
import { loopbackGet } from "~/server/page-cache/loopback-get";
import type { Post } from "~/server/store/types";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp } from "../helpers/test-app";

/**
 * docs/decisions/142-a-save-answers-once-its-page-is-rendered.md: a save of a published post in
 * place is answered once its kept page has been rendered again through the server, so the reader
 * who asks right after the answer gets the new page from the cache, and nobody waits for a render.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let server: http.Server;
let post: Post;

beforeEach(async () => {
  t = await makeTestApp();
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.app.htmlCache.renderAgainThrough(
    loopbackGet(server, {
      userAgent: "render-again-test",
      acceptEncoding: "br, gzip",
      timeoutMs: 30_000,
      headers: t.app.htmlCache.renderAgainHeaders,
    }),
  );
  post = await t.store.createPost(makePostInput({ title: "Saved in place", tags: ["Speed"] }));
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

function get(path: string, headers: Record<string, string> = {}): Promise<{ cache: string | undefined; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers }, (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ cache: res.headers["x-cache"] as string | undefined, body }));
      })
      .on("error", reject);
  });
}

const save = async (cookie: string, changes: Record<string, unknown>) =>
  request(t.app).put(`/api/cms/update-post/${post.id}`).set("Cookie", cookie).send(changes).expect(200);

it("a reader asking for the saved post's page right after the save's answer gets the new page from the cache", async () => {
  const { cookie } = await signedIn(t);
  await get(`/blog/${post.slug}`);
  expect((await get(`/blog/${post.slug}`)).cache).toBe("HIT");
  const renders = t.app.htmlCache.stats().renders;

  await save(cookie, { content: "<p>Rendered before the save was answered, so no reader waits for this page.</p>" });
  const page = await get(`/blog/${post.slug}`);
  expect(page.cache).toBe("HIT");
  expect(page.body).toContain("Rendered before the save was answered, so no reader waits");
  expect(t.app.htmlCache.stats().renders).toBe(renders + 1); // the save's render, none for the reader
});

it("renders nothing for the save of a post whose page nobody asked for, or of a post that moved", async () => {
  const { cookie } = await signedIn(t);
  const renders = t.app.htmlCache.stats().renders;
  await save(cookie, { content: "<p>Nobody has read this post yet, so there is no page of it to render again.</p>" });
  expect(t.app.htmlCache.stats().renders).toBe(renders);

  await get(`/blog/${post.slug}`);
  await save(cookie, { slug: "saved-and-moved" });
  expect((await get(`/blog/${post.slug}`)).cache).toBe("MISS"); // the old address: dropped, not held
});

it("a request from outside cannot make the cache render a kept page again", async () => {
  await get(`/blog/${post.slug}`);
  const renders = t.app.htmlCache.stats().renders;
  expect((await get(`/blog/${post.slug}`, { "X-Render-Again": "guessed" })).cache).toBe("HIT");
  expect(t.app.htmlCache.stats().renders).toBe(renders);
});

it("drops the page it holds at once when another write changes the post before the save is answered", async () => {
  const { cookie } = await signedIn(t);
  await get(`/blog/${post.slug}`);
  const seen: { cache: string | undefined; body: string }[] = [];
  const through = loopbackGet(server, {
    userAgent: "render-again-test",
    acceptEncoding: "br, gzip",
    timeoutMs: 30_000,
    headers: t.app.htmlCache.renderAgainHeaders,
  });
  // Between the save's commit and its render: a second write, acknowledged, then a reader.
  t.app.htmlCache.renderAgainThrough(async (path) => {
    await t.store.updatePost(post.id, { title: "Renamed while the save rendered" });
    seen.push(await get(path));
    await through(path);
  });
  await save(cookie, { content: "<p>Saved while someone else renamed the post, so its page went at once.</p>" });
  expect(seen[0]!.cache).toBe("MISS");
  expect(seen[0]!.body).toContain("Renamed while the save rendered");
});

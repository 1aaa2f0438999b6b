import { imageSize } from "image-size";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import path from "node:path";
import { MEDIA_CACHE_FOLDER } from "~/server/media/media-library";
import { cardsDrawn } from "~/server/media/social-cards";
import { socialCardPaths } from "~/shared/media";
import { makePostInput } from "../helpers/factories";
import { makeImage } from "../helpers/images";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp } from "../helpers/test-app";

let t: Awaited<ReturnType<typeof makeTestApp>>;

beforeAll(async () => {
  t = await makeTestApp({ env: { PUBLIC_URL: "https://queue.example" } });
});
afterAll(() => t.close());

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

async function fetchPng(url: string) {
  const res = await request(t.app).get(url.replace("https://queue.example", "")).buffer(true);
  expect(res.status, url).toBe(200);
  expect(res.headers["content-type"]).toBe("image/png");
  return res;
}

describe("social cards", () => {
  it(
    "gives the home, industry and blog pages full OpenGraph and Twitter tags with a 1200x630 PNG",
    { timeout: 30_000 },
    async () => {
      for (const page of ["/", "/industries", "/industries/healthcare", "/blog"]) {
        const html = (await request(t.app).get(page)).text;
        for (const key of [
          "og:type",
          "og:title",
          "og:description",
          "og:url",
          "og:site_name",
          "twitter:card",
          "twitter:title",
          "twitter:description",
        ]) {
          expect(metaContent(html, key), `${page} ${key}`).toBeTruthy();
        }
        const image = metaContent(html, "og:image")!;
        expect(image, page).toMatch(/^https:\/\/queue\.example\/social\/.+\.png$/);
        expect(metaContent(html, "twitter:image")).toBe(image);
        const png = await fetchPng(image);
        expect(imageSize(png.body as Buffer)).toMatchObject({ type: "png", width: 1200, height: 630 });
      }
    },
  );

  it("makes a post's card once, keeps it, and makes a new one when the post changes", async () => {
    const post = await t.store.createPost(makePostInput({ title: "Why lines feel longer than they are" }));
    const html = (await request(t.app).get(`/blog/${post.slug}`)).text;
    const image = metaContent(html, "og:image")!;
    expect(image).toBe(`https://queue.example${socialCardPaths.post(post)}`);
    const first = await fetchPng(image);
    expect(imageSize(first.body as Buffer)).toMatchObject({ width: 1200, height: 630 });
    const again = await fetchPng(image);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(
      (await request(t.app).get(image.replace("https://queue.example", "")).set("If-None-Match", first.headers.etag!))
        .status,
    ).toBe(304);

    const changed = await t.store.updatePost(post.id, { title: "A new title for the same post" });
    const newImage = `https://queue.example${socialCardPaths.post(changed)}`;
    const remade = await fetchPng(newImage);
    expect(remade.headers.etag).not.toBe(first.headers.etag);
  });

  it("draws an uploaded cover into the post's card", { timeout: 20_000 }, async () => {
    const { cookie } = await signedIn(t, "writer");
    const up = await request(t.app)
      .post("/api/cms/uploads")
      .set("Cookie", cookie)
      .attach("file", await makeImage(800, 600, "image/jpeg"), "c.jpg");
    const plain = await t.store.createPost(makePostInput({ title: "Same title" }));
    const covered = await t.store.createPost(makePostInput({ title: "Same title", coverImage: up.body.url as string }));
    const a = await fetchPng(socialCardPaths.post(plain));
    const b = await fetchPng(socialCardPaths.post(covered));
    expect(imageSize(b.body as Buffer)).toMatchObject({ width: 1200, height: 630 });
    expect((b.body as Buffer).length).toBeGreaterThan((a.body as Buffer).length);
  });

  it("answers 404 for a card of nothing: an unknown post, a draft, an unknown industry", async () => {
    const draft = await t.store.createPost(makePostInput({ published: false }));
    for (const url of [
      socialCardPaths.post(draft),
      "/social/posts/999999-abc.png",
      "/social/industries/nowhere.png",
      "/social/x.png",
    ]) {
      expect((await request(t.app).get(url)).status, url).toBe(404);
    }
  });
});

describe("kept social cards", () => {
  it("draws each post's card once, also for a fresh app on the same data folder, and again when it changes", async () => {
    const first = await makeTestApp();
    const post = await first.store.createPost(makePostInput({ title: "Cards that survive a restart" }));
    const drawnBefore = cardsDrawn();
    const drawn = await request(first.app).get(socialCardPaths.post(post)).buffer(true);
    expect(drawn.status).toBe(200);
    expect(cardsDrawn()).toBe(drawnBefore + 1);
    await first.release();

    const second = await makeTestApp({ dataDir: first.dataDir });
    try {
      const kept = await request(second.app).get(socialCardPaths.post(post)).buffer(true);
      expect(kept.status).toBe(200);
      expect(kept.body).toEqual(drawn.body);
      expect(kept.headers.etag).toBe(drawn.headers.etag);
      expect(cardsDrawn()).toBe(drawnBefore + 1);

      const changed = await second.store.updatePost(post.id, { title: "A title the card must show" });
      expect((await request(second.app).get(socialCardPaths.post(changed))).status).toBe(200);
      expect(cardsDrawn()).toBe(drawnBefore + 2);
      const cards = readdirSync(path.join(second.dataDir, MEDIA_CACHE_FOLDER, "social-cards"));
      expect(cards.filter((name) => name.startsWith(`posts-${post.id}-`))).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

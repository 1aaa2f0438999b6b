import fs from "node:fs";
import path from "node:path";
import request from "supertest";
import { makePostInput } from "../helpers/factories";
import { beforeAll, describe, expect, it } from "vitest";
import { imageSize } from "image-size";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import { MEDIA_CACHE_CONTROL } from "~/server/media/media-router";
import { MAX_UPLOAD_BYTES, MEDIA_MESSAGES } from "~/shared/media";
import {
  EXIF_MAKE,
  TRAILER,
  XMP_AUTHOR,
  extendedWebp,
  icon,
  makeImage,
  pngWithMetadata,
  withExifGps,
} from "../helpers/images";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp, useTestApp } from "../helpers/test-app";

// One writer uploads every image of this file: past the per-user rate (tests/api/upload-limits.test.ts tests it).
const t = useTestApp({ perFile: true, env: { UPLOAD_RATE: "1000" } });
let writer: string;
beforeAll(async () => {
  writer = (await signedIn(t, "writer")).cookie;
});

const upload = (bytes: Buffer, filename: string, cookie: string | null = writer, contentType?: string) => {
  const req = request(t.app).post("/api/cms/uploads");
  if (cookie) req.set("Cookie", cookie);
  return req.attach("file", bytes, { filename, ...(contentType && { contentType }) });
};

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
);

describe("POST /api/cms/uploads", () => {
  it("recognises a PNG by its bytes, whatever its name, and answers its size", async () => {
    const png = await makeImage(40, 30);
    const res = await upload(png, "notes.txt", writer, "text/plain");
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.png$/),
      type: "image/png",
      width: 40,
      height: 30,
      bytes: png.length,
    });
  });

  it("refuses an SVG even when it is named .png, with 415 and the reason", async () => {
    const res = await upload(SVG, "logo.png", writer, "image/png");
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(MEDIA_MESSAGES.svgRefused);
  });

  it("refuses text and other files with 415", async () => {
    const res = await upload(Buffer.from("just some words"), "words.png");
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(MEDIA_MESSAGES.unsupported);
  });

  it("refuses a polyglot: a real GIF that is also an HTML page", async () => {
    const gif = await makeImage(8, 8, "image/gif");
    // A comment extension holding a page, placed before the trailer: still a valid GIF.
    const payload = Buffer.from("<html><script>alert(document.cookie)</script></html>", "latin1");
    const comment = Buffer.concat([Buffer.from([0x21, 0xfe, payload.length]), payload, Buffer.from([0])]);
    const polyglot = Buffer.concat([gif.subarray(0, gif.length - 1), comment, gif.subarray(gif.length - 1)]);
    const res = await upload(polyglot, "cat.gif");
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(MEDIA_MESSAGES.polyglot);
  });

  it("refuses a truncated image", async () => {
    const png = await makeImage(40, 30);
    const res = await upload(png.subarray(0, png.length - 20), "cut.png");
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(MEDIA_MESSAGES.damaged);
  });

  it("refuses a file over 10 MB with 413 and the reason", async () => {
    const big = Buffer.concat([await makeImage(10, 10), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const res = await upload(big, "big.png");
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(MEDIA_MESSAGES.tooLarge);
  });

  it("asks for the file when none is sent", async () => {
    const res = await request(t.app).post("/api/cms/uploads").set("Cookie", writer).field("other", "x");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MEDIA_MESSAGES.noFile);
  });

  it("stores the same file once", async () => {
    const png = await makeImage(20, 20, "image/png", 7);
    const first = await upload(png, "a.png");
    const second = await upload(png, "b.png");
    expect(second.body.url).toBe(first.body.url);
    const list = await request(t.app)
      .get("/api/cms/media")
      .set("Cookie", (await signedIn(t, "admin")).cookie);
    expect(list.body.media.filter((m: { url: string }) => m.url === first.body.url)).toHaveLength(1);
  });

  it("strips EXIF, GPS included, from what is served, keeping the orientation", async () => {
    const jpeg = withExifGps(await makeImage(60, 40, "image/jpeg"), 6);
    expect(jpeg.includes(Buffer.from(EXIF_MAKE))).toBe(true);
    const res = await upload(jpeg, "holiday.jpg");
    expect(res.status).toBe(201);
    // Orientation 6 turns the picture a quarter: it shows 40 wide and 60 high.
    expect(res.body).toMatchObject({ type: "image/jpeg", width: 40, height: 60 });
    const served = (await request(t.app).get(res.body.url).buffer(true)).body as Buffer;
    expect(served.includes(Buffer.from(EXIF_MAKE))).toBe(false);
    expect(served.includes(Buffer.from([0x88, 0x25]))).toBe(false); // the GPS IFD pointer tag
    expect(imageSize(served)).toMatchObject({ width: 60, height: 40, orientation: 6 });
  });

  /** Each type's picture with what a camera, an editor or a glued-on file left in it, and the picture alone. */
  const WITH_METADATA: [string, () => Promise<{ uploaded: Buffer; picture: Buffer }>][] = [
    [
      "a PNG's EXIF, XMP and text chunks",
      async () => {
        const png = await makeImage(30, 20, "image/png", 11);
        return { uploaded: pngWithMetadata(png), picture: png };
      },
    ],
    [
      "a WebP's EXIF and XMP chunks",
      () => Promise.resolve({ uploaded: extendedWebp({ metadata: true }), picture: extendedWebp({ metadata: false }) }),
    ],
    [
      "what follows a BMP's end",
      async () => {
        const bmp = await makeImage(30, 20, "image/bmp", 12);
        return { uploaded: Buffer.concat([bmp, TRAILER]), picture: bmp };
      },
    ],
    [
      "what follows an icon's last picture",
      async () => {
        const ico = icon(await makeImage(16, 16, "image/png", 13), 16);
        return { uploaded: Buffer.concat([ico, TRAILER]), picture: ico };
      },
    ],
  ];

  it.each(WITH_METADATA)("strips %s, serving the picture bit for bit", async (_, make) => {
    const { uploaded, picture } = await make();
    const secrets = [EXIF_MAKE, XMP_AUTHOR, TRAILER].map((s) => Buffer.from(s)).filter((s) => uploaded.includes(s));
    expect(secrets.length).toBeGreaterThan(0);
    const res = await upload(uploaded, "picture.img");
    expect(res.status).toBe(201);
    expect(res.body.bytes).toBe(picture.length);
    const served = (await request(t.app).get(res.body.url).buffer(true)).body as Buffer;
    for (const secret of secrets) expect(served.includes(secret)).toBe(false);
    expect(Buffer.compare(served, picture)).toBe(0);
  });

  it("needs a signed-in user and a same-origin request", async () => {
    const png = await makeImage(10, 10);
    expect((await upload(png, "a.png", null)).status).toBe(401);
    const cross = await upload(png, "a.png").set("Origin", "https://evil.example");
    expect(cross.status).toBe(403);
    expect(cross.body.message).toBe(AUTH_MESSAGES.crossOrigin);
  });
});

describe("GET /media/...", () => {
  it("serves the bytes immutable, with nosniff, a strong ETag, 304 and Range", async () => {
    const png = await makeImage(30, 30, "image/png", 3);
    const { url } = (await upload(png, "x.png")).body as { url: string };
    const res = await request(t.app).get(url).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe(MEDIA_CACHE_CONTROL);
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(Buffer.compare(res.body as Buffer, png)).toBe(0);

    const again = await request(t.app).get(url).set("If-None-Match", res.headers.etag!);
    expect(again.status).toBe(304);

    const part = await request(t.app).get(url).set("Range", "bytes=0-7").buffer(true);
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-7/${png.length}`);
    expect(Buffer.compare(part.body as Buffer, png.subarray(0, 8))).toBe(0);
  });

  it("answers 404 for anything that is not an uploaded image", async () => {
    for (const path of [
      "/media/",
      "/media/../db.json",
      "/media/..%2fdb.json",
      `/media/${"a".repeat(64)}.png`,
      "/media/index.json",
      "/media/x.svg",
    ]) {
      expect((await request(t.app).get(path)).status, path).toBe(404);
    }
  });

  it("makes resized copies for srcset", { timeout: 30_000 }, async () => {
    const jpeg = await makeImage(1000, 500, "image/jpeg");
    const { url } = (await upload(jpeg, "wide.jpg")).body as { url: string };
    const copy = url.replace(".jpg", "-480w.jpg");
    const res = await request(t.app).get(copy).buffer(true);
    expect(res.status).toBe(200);
    expect(imageSize(res.body as Buffer)).toMatchObject({ width: 480, height: 240 });
    expect((await request(t.app).get(url.replace(".jpg", "-1600w.jpg"))).status).toBe(404); // never wider than the original
  });

  it("a stopping server first finishes the copies of an image uploaded just before", { timeout: 30_000 }, async () => {
    const site = await makeTestApp();
    try {
      const { cookie } = await signedIn(site, "writer");
      const res = await request(site.app)
        .post("/api/cms/uploads")
        .set("Cookie", cookie)
        .attach("file", await makeImage(1000, 500, "image/jpeg"), { filename: "late.jpg" })
        .expect(201);
      const { url } = res.body as { url: string };
      await site.release(); // at once: the copies are made after the answer
      const copy = path.basename(url).replace(".jpg", "-480w.jpg");
      const found = fs.readdirSync(site.dataDir, { recursive: true, encoding: "utf8" });
      expect(found.some((file) => path.basename(file) === copy)).toBe(true);
    } finally {
      fs.rmSync(site.dataDir, { recursive: true, force: true });
    }
  });
});

describe("the admin Media panel's calls", () => {
  const list = async (cookie: string) =>
    (await request(t.app).get("/api/cms/media").set("Cookie", cookie)).body.media as {
      name: string;
      url: string;
      bytes: number;
      usedBy: { id: number }[];
      inBackups: number;
    }[];
  const remove = (name: string, cookie: string) =>
    request(t.app).delete(`/api/cms/media/${name}`).set("Cookie", cookie);

  it("lists uploads with size and where they are used, and deletes an unused one", async () => {
    const { cookie } = await signedIn(t, "admin");
    const png = await makeImage(12, 12, "image/png", 11);
    const { url } = (await upload(png, "a.png")).body as { url: string };
    const post = await t.store.createPost({
      title: "Shows it",
      slug: `shows-it-${Date.now()}`,
      summary: "s",
      content: `<p>x</p><img src="${url}">`,
      published: true,
    });
    const row = (await list(cookie)).find((m) => m.url === url)!;
    expect(row).toMatchObject({ bytes: png.length, usedBy: [{ id: post.id, title: "Shows it" }], inBackups: 0 });

    const refused = await remove(row.name, cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MEDIA_MESSAGES.inUse('"Shows it"'));

    // In the Trash, then only in the history of another post, the image is still held.
    await t.store.deletePost(post.id);
    expect((await remove(row.name, cookie)).body.message).toBe(
      MEDIA_MESSAGES.inUse(MEDIA_MESSAGES.inTrash("Shows it")),
    );
    const other = await t.store.createPost(makePostInput({ content: `<p>y</p><img src="${url}">` }));
    await t.store.updatePost(other.id, { content: "<p>Without the image now, and long enough to be a post.</p>" });
    await t.store.deleteForGood(post.id);
    expect((await remove(row.name, cookie)).body.message).toBe(MEDIA_MESSAGES.inUse(MEDIA_MESSAGES.inHistory(1)));
    await t.store.deletePost(other.id);
    await t.store.deleteForGood(other.id);
    const deleted = await remove(row.name, cookie);
    expect(deleted.status).toBe(200);
    expect((await request(t.app).get(url)).status).toBe(404);
    expect((await list(cookie)).some((m) => m.url === url)).toBe(false);
  });

  it("never deletes an image a kept backup still holds: purge, then delete refused", async () => {
    const { cookie } = await signedIn(t, "admin");
    const { url } = (await upload(await makeImage(14, 14, "image/png", 12), "b.png")).body as { url: string };
    await t.store.createPost({
      title: "Purged soon",
      slug: `purged-${Date.now()}`,
      summary: "s",
      content: "<p>x</p>",
      coverImage: url,
      published: true,
    });
    const purge = await request(t.app).post("/api/debug/purge-all-posts").set("Cookie", cookie);
    expect(purge.status).toBe(200);
    expect((await request(t.app).get(url)).status).toBe(200); // purging posts never removes their images
    const row = (await list(cookie)).find((m) => m.url === url)!;
    expect(row.usedBy).toEqual([]);
    expect(row.inBackups).toBeGreaterThan(0);
    expect((await remove(row.name, cookie)).status).toBe(409);
  });

  it("lets only admins list and delete", async () => {
    expect((await request(t.app).get("/api/cms/media").set("Cookie", writer)).status).toBe(403);
    expect((await remove(`${"b".repeat(64)}.png`, writer)).status).toBe(403);
    const { cookie } = await signedIn(t, "admin");
    expect((await remove(`${"b".repeat(64)}.png`, cookie)).status).toBe(404);
    expect((await remove("..%2Fdb.json", cookie)).status).toBe(404);
  });
});

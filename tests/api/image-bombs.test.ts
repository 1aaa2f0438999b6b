import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { MEDIA_FOLDER } from "~/server/media/media-library";
import { MEDIA_MESSAGES } from "~/shared/media";
import { blankPng } from "../helpers/images";
import { signedIn } from "../helpers/sign-in";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp({ perFile: true });
let writer: string;
beforeAll(async () => {
  writer = (await signedIn(t, "writer")).cookie;
});

const upload = (bytes: Buffer, filename: string) =>
  request(t.app).post("/api/cms/uploads").set("Cookie", writer).attach("file", bytes, { filename });

/** A JPEG header that promises 50000x50000 pixels and holds no picture at all. */
const LYING_JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0xc3, 0x50, 0xc3, 0x50, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03,
  0x11, 0x01, 0xff, 0xd9,
]);

const stored = () => {
  const dir = path.join(t.dataDir, MEDIA_FOLDER);
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe("image bombs", () => {
  it("refuses a valid PNG of 20000x20000 (400 megapixels) with 413 and the reason, storing nothing", async () => {
    const bomb = blankPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload(bomb, "bomb.png");
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(MEDIA_MESSAGES.tooManyPixels(24));
    expect(stored()).toEqual([]);
  });

  it("refuses a JPEG header claiming 50000x50000 with no picture data with 415 and the reason", async () => {
    const res = await upload(LYING_JPEG, "huge.jpg");
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(MEDIA_MESSAGES.damaged);
    expect(stored()).toEqual([]);
  });

  it("still stores a PNG within the limit", async () => {
    const res = await upload(blankPng(2_000, 1_000), "fine.png");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ width: 2_000, height: 1_000 });
  });
});

describe("MAX_IMAGE_PIXELS", () => {
  const small = useTestApp({ perFile: true, env: { MAX_IMAGE_PIXELS: "1000000" } });

  it("sets the limit", async () => {
    const cookie = (await signedIn(small, "writer")).cookie;
    const res = await request(small.app)
      .post("/api/cms/uploads")
      .set("Cookie", cookie)
      .attach("file", blankPng(2_000, 1_000), { filename: "two.png" });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(MEDIA_MESSAGES.tooManyPixels(1));
  });
});

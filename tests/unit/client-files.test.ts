import fs from "node:fs";
import path from "node:path";
import express from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFilesHandler, listClientFiles, readClientFolder } from "~/server/http/client-files";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

/** The browser's files from memory, as `npm start` and the single executable serve them. */
let app: express.Express;
beforeAll(() => {
  const dir = makeTempDir("client-files-");
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "assets", "entry-Ab12.js"), "console.log(1);");
  fs.writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
  fs.writeFileSync(path.join(dir, "with space.txt"), "spaced");
  app = express();
  app.use(clientFilesHandler(readClientFolder(dir)));
  app.use((_req, res) => void res.status(404).send("the app"));
});
afterAll(removeTempDirs);

describe("client files", () => {
  it("lists every file below the folder as URL paths", () => {
    const dir = makeTempDir("client-files-list-");
    fs.mkdirSync(path.join(dir, "assets", "deep"), { recursive: true });
    fs.writeFileSync(path.join(dir, "assets", "deep", "a.css"), "");
    fs.writeFileSync(path.join(dir, "b.txt"), "");
    expect(listClientFiles(dir)).toEqual(["/assets/deep/a.css", "/b.txt"]);
  });

  it("serves a hashed asset for a year, immutable, with its type and an ETag", async () => {
    const res = await request(app).get("/assets/entry-Ab12.js").expect(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.text).toBe("console.log(1);");
    await request(app).get("/assets/entry-Ab12.js").set("If-None-Match", res.headers.etag!).expect(304);
  });

  it("serves other files for an hour; HEAD gets the headers without the body", async () => {
    const res = await request(app).head("/favicon.svg").expect(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    expect(res.headers["content-type"]).toBe("image/svg+xml");
    expect(res.headers["content-length"]).toBe("6");
    expect(res.text).toBeUndefined();
    await request(app).get("/with%20space.txt").expect(200, "spaced");
  });

  it("leaves folders, escapes, other methods and unknown files to the app", async () => {
    for (const url of [
      "/assets",
      "/assets/",
      "/assets/../favicon.svg",
      "/%2e%2e/package.json",
      "/%E0%A4%A",
      "/nope.js",
    ]) {
      await request(app).get(url).expect(404, "the app");
    }
    await request(app).post("/favicon.svg").expect(404, "the app");
  });
});

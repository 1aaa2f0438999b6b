import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { imageSize } from "image-size";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { name, version } from "../../package.json";
import runtime from "../../scripts/binary-runtime.json";
import { CLI_MESSAGES } from "~/server/operations/cli-messages";
import { LOCK_FILE } from "~/server/store/data-lock";
import { DB_FILE } from "~/server/store/json-store";
import { collect, root } from "../helpers/cli";
import { sanitizeContent } from "~/server/posts/content";
import { makePostInput } from "../helpers/factories";
import { longArticle } from "../helpers/long-content";
import { makeImage } from "../helpers/images";
import { LONG_TEXT, wxr } from "../helpers/import-exports";
import { launchServer } from "../helpers/running-server";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

/**
 * The smoke test of the single executable (docs/architecture.md section 7): built by
 * `npm run build:binary`, copied alone into an empty folder and run there, with only PATH in its
 * environment, as an operator would. Nothing may appear on stderr. The tests run in order, on one
 * data folder: create a user, serve, stop, serve again.
 */
const BINARY = `${name}-linux-${process.arch}`;
const ENV = { PATH: process.env.PATH };
const ADMIN = { username: "boss", password: "a long enough password" };

let folder: string;
let binary: string;

beforeAll(async () => {
  const out = path.join(makeTempDir("binary-build-"), BINARY);
  const build = await collect(
    spawn("npm", ["run", "--silent", "build:binary", "--", out], { cwd: root, stdio: "pipe" }),
  );
  expect(build.code, build.stdout + build.stderr).toBe(0);
  folder = makeTempDir("binary-run-");
  binary = path.join(folder, BINARY);
  fs.copyFileSync(out, binary);
  fs.chmodSync(binary, 0o755);
}, 300_000);
afterAll(removeTempDirs);

function run(args: string[], input = "") {
  const child = spawn(binary, args, { cwd: folder, env: ENV, stdio: "pipe" });
  child.stdin.end(input);
  return collect(child);
}

/** The default command with the port and address as flags; the data folder is the default ./data. */
const serve = () => launchServer(binary, ["--port", "0", "--host", "127.0.0.1"], { cwd: folder, env: ENV });

const dataDir = () => path.join(folder, "data");
type Post = { slug: string; title: string; published: boolean };
const readDb = () => JSON.parse(fs.readFileSync(path.join(dataDir(), DB_FILE), "utf8")) as { posts: Post[] };
const publishedSlugs = (posts: Post[]) =>
  posts
    .filter((p) => p.published)
    .map((p) => p.slug)
    .sort();

describe("the single executable", () => {
  it("answers --version and --help, and exits 2 for an unknown command or flag", async () => {
    // The pinned runtime, whatever Node ran the build and the tests.
    expect(await run(["--version"])).toEqual({
      code: 0,
      stdout: `${name} ${version} (Node.js v${runtime.version})\n`,
      stderr: "",
    });
    const help = await run(["--help"]);
    expect(help).toMatchObject({ code: 0, stderr: "" });
    expect(help.stdout).toContain("users create --username NAME");
    const unknown = await run(["frobnicate"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(new RegExp(`^${CLI_MESSAGES.unknownCommand(["frobnicate"])}\\nUsage: serve `));
    expect(await run(["--bogus"])).toMatchObject({ code: 2, stdout: "" });
    expect(fs.readdirSync(folder)).toEqual([BINARY]);
  });

  it("creates an admin, making the data folder beside itself", async () => {
    const created = await run(
      ["users", "create", "--username", ADMIN.username, "--role", "admin", "--password-stdin"],
      `${ADMIN.password}\n`,
    );
    expect(created).toEqual({
      code: 0,
      stdout: `${CLI_MESSAGES.created({ id: 1, username: "boss", role: "admin" })}\n`,
      stderr: "",
    });
    expect(fs.readdirSync(folder).sort()).toEqual(["data", BINARY]);
  }, 30_000);

  let kept: string;

  it("serves every kind of page and its hashed assets; the admin signs in and writes a post; SIGTERM stops it cleanly", async () => {
    const server = await serve();
    const get = (url: string) => fetch(server.url + url);
    try {
      const home = await get("/");
      expect(home.status).toBe(200);
      expect(home.headers.get("content-type")).toMatch(/^text\/html/);
      const script = /\/assets\/[\w.-]+\.js/.exec(await home.text())?.[0];
      expect(script).toBeDefined();
      const asset = await get(script!);
      expect(asset.status).toBe(200);
      expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(asset.headers.get("content-type")).toMatch(/^text\/javascript/);

      const posts = (await (await get("/api/public/blog/posts")).json()) as Post[];
      expect((await get("/blog")).status).toBe(200);
      const post = await get(`/blog/${posts[0]!.slug}`);
      expect(post.status).toBe(200);
      expect(await post.text()).toContain(posts[0]!.title);
      expect((await get("/admin")).status).toBe(200);

      const write = { origin: new URL(server.url).origin, "content-type": "application/json" };
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: write,
        body: JSON.stringify(ADMIN),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
      const input = makePostInput({ title: "Kept across restarts" });
      const created = await fetch(`${server.url}/api/cms/simple-create-post`, {
        method: "POST",
        headers: { ...write, cookie },
        body: JSON.stringify(input),
      });
      expect(created.status).toBe(201);
      kept = input.slug!;
      // Long content is sanitized in a worker, from the script the executable carries
      // (src/server/posts/sanitize-worker.ts); a failing worker would write to stderr.
      const content = longArticle(20_000);
      const long = await fetch(`${server.url}/api/cms/simple-create-post`, {
        method: "POST",
        headers: { ...write, cookie },
        body: JSON.stringify(makePostInput({ content, published: false })),
      });
      expect(((await long.json()) as { content: string }).content).toBe(sanitizeContent(content));

      // An uploaded image is served, with a resized copy (Jimp) and the post's social card
      // (satori and resvg's WebAssembly, read from the executable's own assets).
      const jpeg = await makeImage(1200, 800, "image/jpeg");
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "photo.jpg");
      const uploaded = await fetch(`${server.url}/api/cms/uploads`, {
        method: "POST",
        headers: { origin: write.origin, cookie },
        body: form,
      });
      expect(uploaded.status).toBe(201);
      const { url } = (await uploaded.json()) as { url: string };
      const image = await get(url);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/jpeg");
      expect(Buffer.from(await image.arrayBuffer()).equals(jpeg)).toBe(true);
      const copy = await get(url.replace(".jpg", "-480w.jpg"));
      expect(imageSize(Buffer.from(await copy.arrayBuffer()))).toMatchObject({ width: 480, height: 320 });
      const page = await (await get(`/blog/${kept}`)).text();
      const card = new URL(/<meta property="og:image" content="([^"]+)"/.exec(page)![1]!).pathname;
      const png = await get(card);
      expect(png.headers.get("content-type")).toBe("image/png");
      expect(imageSize(Buffer.from(await png.arrayBuffer()))).toMatchObject({ type: "png", width: 1200, height: 630 });
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(server.errors()).toBe("");
    expect(readDb().posts.map((p) => p.slug)).toContain(kept);
    expect(fs.existsSync(path.join(dataDir(), LOCK_FILE))).toBe(false);
  }, 60_000);

  it("starts again on the same folder with every post, and stops on SIGINT too", async () => {
    const before = readDb().posts;
    const server = await serve();
    try {
      const posts = (await (await fetch(`${server.url}/api/public/blog/posts`)).json()) as Post[];
      expect(publishedSlugs(posts)).toEqual(publishedSlugs(before));
      const res = await fetch(`${server.url}/blog/${kept}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Kept across restarts");
    } finally {
      expect(await server.stop("SIGINT")).toBe(0);
    }
    expect(server.errors()).toBe("");
    expect(readDb().posts).toEqual(before);
    expect(fs.existsSync(path.join(dataDir(), LOCK_FILE))).toBe(false);
  }, 60_000);

  it("imports a WordPress export with its import command, the post's old address answering 301", async () => {
    const file = path.join(makeTempDir("binary-import-"), "old-blog.xml");
    fs.writeFileSync(
      file,
      wxr({ items: [{ id: 7, title: "Moved in", slug: "moved-in", content: `<p>${LONG_TEXT}</p>` }] }),
    );
    const imported = await run(["import", "wordpress", file]);
    // Progress goes to stderr, one line a batch; nothing else may.
    expect(imported.stderr.replace(/^Batch .*\n/gm, "")).toBe("");
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain("Created 1 post, updated 0, left 0 as they were, skipped 0.");
    const server = await serve();
    try {
      const moved = await fetch(`${server.url}/?p=7`, { redirect: "manual" });
      expect([moved.status, moved.headers.get("location")]).toEqual([301, "/blog/moved-in"]);
      expect((await fetch(`${server.url}/blog/moved-in`)).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(server.errors()).toBe("");
  }, 60_000);
});

import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHUNKS_DIR } from "../../scripts/build-server.mjs";
import { sanitizeContent } from "~/server/posts/content";
import { makePostInput } from "../helpers/factories";
import { longArticle } from "../helpers/long-content";
import { startServer } from "../helpers/running-server";

/**
 * `npm run build` splits build/server.js into chunks that load when their command runs
 * (docs/decisions/143-commands-loaded-when-they-run.md): they sit in a folder of their own beside
 * it, and `npm start` (`node build/server.js`) still serves the site from them.
 */
describe("build/server.js and its chunks", () => {
  it("keeps its chunks in a folder of their own", () => {
    const chunks = readdirSync(path.resolve("build", CHUNKS_DIR)).filter((f) => f.endsWith(".js"));
    expect(chunks.some((f) => f.startsWith("serve-command-"))).toBe(true);
  });

  it("serves the site as npm start runs it", async () => {
    const server = await startServer();
    try {
      const home = await fetch(`${server.url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("<html");
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(server.errors()).toBe("");
  }, 60_000);

  it("sanitizes long content in its worker, from the script the build carries", async () => {
    const admin = { username: "chunks-admin", password: "a long enough password" };
    const server = await startServer({ env: { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password } });
    try {
      const write = { origin: new URL(server.url).origin, "content-type": "application/json" };
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: write,
        body: JSON.stringify(admin),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
      const content = longArticle(20_000);
      const created = await fetch(`${server.url}/api/cms/simple-create-post`, {
        method: "POST",
        headers: { ...write, cookie },
        body: JSON.stringify(makePostInput({ content })),
      });
      expect(created.status).toBe(201);
      expect(((await created.json()) as { content: string }).content).toBe(sanitizeContent(content));
    } finally {
      expect(await server.stop()).toBe(0);
    }
    // A worker that failed would have said so here, and sanitized on the server's thread.
    expect(server.errors()).toBe("");
  }, 60_000);
});

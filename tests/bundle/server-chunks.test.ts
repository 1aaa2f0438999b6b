import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHUNKS_DIR } from "../../scripts/build-server.mjs";
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
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * DESIGN.md section 6: the editor, admin and tool code never loads on public pages. Reads React
 * Router's client manifest from the production build and follows every file a public route
 * loads up front, so a stray import of the editor fails here, not in a reader's browser.
 */
const CLIENT = path.resolve("build/client");
const PUBLIC_ROUTES = ["root", "routes/site-layout", "routes/home", "routes/industries", "routes/industries.$industry", "routes/blog", "routes/blog.$slug", "routes/not-found"];

let build: ServerBuild;
beforeAll(async () => {
  // @ts-expect-error: the build has no type declarations.
  build = (await import("../../build/server/index.js")) as ServerBuild;
});

/** Every client file a route loads when a page of it opens: its module, chunks and styles. */
function filesOf(routeId: string): string[] {
  const route = build.assets.routes[routeId] as unknown as Record<string, string | string[] | undefined>;
  expect(route, `route ${routeId} is in the manifest`).toBeDefined();
  return Object.values(route)
    .flatMap((v) => (Array.isArray(v) ? v : typeof v === "string" && v.startsWith("/assets/") ? [v] : []))
    .concat(build.assets.entry.module, build.assets.entry.imports);
}

const read = (file: string) => readFileSync(path.join(CLIENT, file), "utf8");

/** Chunks that hold Quill: its editor class name appears in no other library we ship. */
function editorChunks(): Set<string> {
  const assets = readdirSync(path.join(CLIENT, "assets")).filter((f) => f.endsWith(".js"));
  return new Set(assets.filter((f) => read(`assets/${f}`).includes("ql-editor")).map((f) => `/assets/${f}`));
}

describe("route-level code splitting", () => {
  it("the build holds the editor somewhere (so the check below can fail)", () => {
    expect(editorChunks().size).toBeGreaterThan(0);
  });

  it.each(PUBLIC_ROUTES)("%s loads no editor code", (routeId) => {
    const editor = editorChunks();
    const loaded = filesOf(routeId);
    expect(loaded.filter((f) => editor.has(f))).toEqual([]);
    for (const file of loaded.filter((f) => f.endsWith(".js"))) expect(read(file)).not.toContain("react-quill");
  });
});

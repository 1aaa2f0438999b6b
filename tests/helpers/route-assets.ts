import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";

/**
 * What the browser loads for a page, read from React Router's manifest in the production build:
 * the client entry, then the module and chunks of every route from the root down to the page's
 * own (a page under the site layout loads root, the layout and itself). Used by the bundle
 * tests and by `npm run bench` (docs/decisions/002-small-public-javascript.md).
 */
export const CLIENT_DIR = path.resolve("build/client");

/** The public routes of docs/product.md section 2 whose pages a reader opens. */
export const PUBLIC_PAGE_ROUTES = {
  "/": "routes/home",
  "/industries": "routes/industries",
  "/industries/:industry": "routes/industries.$industry",
  "/blog": "routes/blog",
  "/blog/:slug": "routes/blog.$slug",
  "/blog/author/:username": "routes/blog.author.$username",
  "/search": "routes/search",
  "(404)": "routes/not-found",
} as const;

export function loadServerBuild(): Promise<ServerBuild> {
  return import(path.resolve("build/server/index.js")) as Promise<ServerBuild>;
}

/** Every client file, `/assets/...`, a page of this route loads before it runs: scripts and styles. */
export function filesLoadedBy(build: ServerBuild, routeId: string): string[] {
  const files = new Set<string>([build.assets.entry.module, ...build.assets.entry.imports]);
  for (let id: string | undefined = routeId; id; id = build.assets.routes[id]?.parentId) {
    const route = build.assets.routes[id] as unknown as Record<string, unknown> | undefined;
    if (!route) throw new Error(`route ${id} is not in the build manifest`);
    for (const value of Object.values(route)) {
      for (const file of Array.isArray(value) ? value : [value]) {
        if (typeof file === "string" && file.startsWith("/assets/")) files.add(file);
      }
    }
  }
  return [...files];
}

export const readClientFile = (file: string) => readFileSync(path.join(CLIENT_DIR, file));

/** The JavaScript of those files as the browser receives it, gzip-compressed one file at a time. */
export function gzipJsBytes(files: string[]): number {
  return files.filter((f) => f.endsWith(".js")).reduce((sum, f) => sum + gzipSync(readClientFile(f)).length, 0);
}

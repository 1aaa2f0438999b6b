import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import { BLOCK_TYPES, type BlockType } from "~/shared/blocks";
import { BLOCKS_WITH_BROWSER_CODE } from "~/shared/blocks/browser-code";
import { homePageBlocks } from "~/shared/home-page";
import { pageLayout } from "~/shared/page-layouts";
import { DEFAULT_SITE_CONTENT } from "~/shared/site-defaults";

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

/**
 * The files a block type's code loads when a public page shows it
 * (docs/decisions/281-blocks-load-only-their-own-code.md): the chunk PublicBlocks imports for it
 * and the chunks that one imports, read from the import PublicBlocks' chunk makes for the type
 * (`hero:()=>preload(()=>import("./hero-block-x.js"),__vite__mapDeps([...]))`). A type built into
 * the chunk that holds PublicBlocks loads that chunk alone.
 */
export function blockTypeFiles(routeFiles: string[], type: string): string[] {
  for (const file of routeFiles.filter((f) => f.endsWith(".js"))) {
    const code = readClientFile(file).toString("utf8");
    const found = new RegExp(
      `[{,]${type}:\\(\\)=>\\w+\\(\\(\\)=>(?:import\\([\`"']\\./([^\`"']+)[\`"']\\)|Promise\\.resolve\\(\\))[^,]*,(?:__vite__mapDeps\\(\\[([\\d,]*)\\]\\)|void 0)\\)`,
    ).exec(code);
    if (!found) continue;
    const [, own, deps] = found;
    if (!own) return [file];
    const list = /__vite__mapDeps=.*?m\.f=(\[[^\]]*\])/.exec(code)?.[1];
    const depFiles = deps && list ? deps.split(",").map((i) => `/${(JSON.parse(list) as string[])[Number(i)]}`) : [];
    return [`/assets/${own}`, ...depFiles];
  }
  throw new Error(`no chunk loaded by the route imports the code of block type ${type}`);
}

/**
 * Pages of blocks, by route and the block types they show: the home page as made on a new site,
 * a page made from the editor's landing page layout (hero, benefits, steps, figures, a
 * customer's words, FAQ, call to action, contact form), the typical page a marketing team adds,
 * and a page with a block of every type, the most any page of blocks can load.
 */
export const PAGES_OF_BLOCKS: Record<string, { routeId: string; types: BlockType[] }> = {
  "/": { routeId: "routes/home", types: homePageBlocks(DEFAULT_SITE_CONTENT.home).map((block) => block.type) },
  "/landing (of blocks)": {
    routeId: "routes/page",
    types: pageLayout("landing")!.blocks.map((block) => block.type),
  },
  "a page with every block type": { routeId: "routes/page", types: [...BLOCK_TYPES] },
};

/**
 * What a page of blocks loads before it is live (docs/decisions/281-blocks-load-only-their-own-code.md):
 * its routes' files and the code of the block types it shows that run in the browser.
 */
export function pageOfBlocksFiles(build: ServerBuild, routeId: string, types: readonly BlockType[]): string[] {
  const files = filesLoadedBy(build, routeId);
  const live = types.filter((type) => BLOCKS_WITH_BROWSER_CODE.has(type));
  return [...new Set([...files, ...live.flatMap((type) => blockTypeFiles(files, type))])];
}

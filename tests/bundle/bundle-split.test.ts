import { readdirSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { BLOCK_TYPES } from "~/shared/blocks";
import { BLOCKS_WITH_BROWSER_CODE } from "~/shared/blocks/browser-code";
import { industryPageDescription } from "~/shared/industry-pages";
import {
  CLIENT_DIR,
  PAGES_OF_BLOCKS,
  PUBLIC_PAGE_ROUTES,
  blockTypeFiles,
  filesLoadedBy,
  pageOfBlocksFiles,
  gzipJsBytes,
  loadServerBuild,
  readClientFile,
} from "../helpers/route-assets";

/**
 * docs/architecture.md section 6: the editor, admin and tool code never loads on public pages, and public
 * JavaScript stays small. Reads React Router's client manifest from the production build and
 * follows every file a public page loads up front, so a stray import of the editor or of a form
 * library fails here, not in a reader's browser.
 */
const PUBLIC_ROUTES = ["root", "routes/site-layout", ...Object.values(PUBLIC_PAGE_ROUTES)];
/** docs/decisions/002-small-public-javascript.md: React and React Router alone take about 109 KB; a public page may add 16 KB to that. */
const PUBLIC_JS_BUDGET = 125 * 1024;

let build: ServerBuild;
beforeAll(async () => {
  build = await loadServerBuild();
});

const read = (file: string) => readClientFile(file).toString("utf8");

/** Chunks that hold Quill: its editor class name appears in no other library we ship. */
function editorChunks(): Set<string> {
  const assets = readdirSync(path.join(CLIENT_DIR, "assets")).filter((f) => f.endsWith(".js"));
  return new Set(assets.filter((f) => read(`assets/${f}`).includes("ql-editor")).map((f) => `/assets/${f}`));
}

describe("route-level code splitting", () => {
  it("the build holds the editor somewhere (so the check below can fail)", () => {
    expect(editorChunks().size).toBeGreaterThan(0);
  });

  it.each(PUBLIC_ROUTES)("%s loads no editor code", (routeId) => {
    const editor = editorChunks();
    const loaded = filesLoadedBy(build, routeId);
    expect(loaded.filter((f) => editor.has(f))).toEqual([]);
    for (const file of loaded.filter((f) => f.endsWith(".js"))) expect(read(file)).not.toContain("react-quill");
  });

  it.each(Object.entries(PUBLIC_PAGE_ROUTES))("%s loads at most 125 KB of JavaScript (gzip)", (_page, routeId) => {
    expect(gzipJsBytes(filesLoadedBy(build, routeId))).toBeLessThanOrEqual(PUBLIC_JS_BUDGET);
  });

  it.each(Object.entries(PAGES_OF_BLOCKS))(
    "%s loads at most 125 KB of JavaScript (gzip) with its blocks' code",
    (_page, { routeId, types }) => {
      expect(gzipJsBytes(pageOfBlocksFiles(build, routeId, types))).toBeLessThanOrEqual(PUBLIC_JS_BUDGET);
    },
  );
});

/**
 * docs/decisions/281-blocks-load-only-their-own-code.md: a page of blocks loads the code of the
 * block types that run in the browser (the forms) and of no other; the rest is HTML as served.
 */
describe("pages of blocks", () => {
  it.each(Object.entries(PAGES_OF_BLOCKS))(
    "%s loads no code of a block type that is HTML alone",
    (_page, { routeId, types }) => {
      const files = new Set(pageOfBlocksFiles(build, routeId, types));
      for (const type of BLOCK_TYPES.filter((t) => !BLOCKS_WITH_BROWSER_CODE.has(t))) {
        const own = blockTypeFiles(filesLoadedBy(build, routeId), type)[0]!;
        expect({ type, loaded: files.has(own) }).toEqual({ type, loaded: false });
      }
    },
  );

  it("the two pages' blocks include a form, so the count below covers a type's own code", () => {
    for (const { types } of Object.values(PAGES_OF_BLOCKS)) expect(types).toContain("contactForm");
  });
});

/**
 * docs/decisions/033-fewer-public-chunks.md: the small modules public pages share are one chunk,
 * so a page starts a handful of script requests after its first paint, not twenty.
 */
describe("public chunks", () => {
  it.each(Object.entries(PUBLIC_PAGE_ROUTES))("%s loads at most 8 script files", (_page, routeId) => {
    const scripts = filesLoadedBy(build, routeId).filter((f) => f.endsWith(".js"));
    expect(scripts.length).toBeLessThanOrEqual(8);
  });

  it.each(Object.entries(PAGES_OF_BLOCKS))("%s loads at most 8 script files with its blocks' code", (_page, page) => {
    const scripts = pageOfBlocksFiles(build, page.routeId, page.types).filter((f) => f.endsWith(".js"));
    expect(scripts.length).toBeLessThanOrEqual(8);
  });

  it("the shared chunk holds no code only the admin or a lazily loaded module needs", () => {
    const shared = filesLoadedBy(build, "routes/home").filter((f) => /\/site-(?!layout-)[\w-]+\.js$/.test(f));
    expect(shared).toHaveLength(1);
    const code = read(shared[0]!);
    // zod (the contact form loads it on focus), Radix's toast (with the first toast), the editor,
    // and the default industries' page text, which only the admin's inbox reads in the browser.
    const industryText = industryPageDescription("airports")[0]!.slice(0, 40);
    for (const marker of ["ZodError", "ToastProvider", "ql-editor", industryText]) expect(code).not.toContain(marker);
  });
});

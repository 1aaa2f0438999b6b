import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { runImport } from "~/server/import/importer";
import { closeStores, root, storeOf } from "../helpers/cli";
import { LONG_TEXT, wxr } from "../helpers/import-exports";
import { bundleScript } from "../helpers/node-script";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

afterEach(closeStores);
afterAll(removeTempDirs);

const POSTS = 600;
const BATCH = 20;

/**
 * An import in a process of its own (docs/decisions/250-imports-in-journalled-batches.md), in
 * batches of 20, printing each batch once it is written, so the parent can kill it with SIGKILL
 * between batches or inside the next one's write.
 */
const IMPORT_SCRIPT = `
import { openJsonStore } from "~/server/records/open-store";
import { runImport } from "~/server/import/importer";
const [dir, file] = process.argv.slice(2);
const store = await openJsonStore(dir, { seed: false });
let n = 0;
await runImport({ store, format: "wordpress", file, dryRun: false, batchSize: ${BATCH}, onBatch: () => console.log("batch " + ++n) });
console.log("done");
`;

let scriptBundle: string;
beforeAll(async () => {
  scriptBundle = await bundleScript(IMPORT_SCRIPT);
});

function runAndKill(dir: string, file: string, batches: number): Promise<void> {
  const child = spawn(process.execPath, [scriptBundle, dir, file], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).on("line", (line) => {
      if (line === `batch ${batches}`) child.kill("SIGKILL");
    });
    child.on("exit", (_code, signal) =>
      signal === "SIGKILL" ? resolve() : reject(new Error("the import finished before it was killed")),
    );
  });
}

it("an import killed with SIGKILL leaves whole batches, and the next run finishes it creating nothing twice", async () => {
  const dir = makeTempDir("import-kill-");
  const file = path.join(dir, "export.xml");
  const items = Array.from({ length: POSTS }, (_, i) => ({
    id: i + 1,
    title: `Post ${i + 1}`,
    slug: `post-${i + 1}`,
    content: `<p>${LONG_TEXT} ${i + 1}</p>`,
    tags: [[`tag-${i % 7}`, `Tag ${i % 7}`]] as [string, string][],
  }));
  fs.writeFileSync(file, wxr({ items }));
  const data = path.join(dir, "data");
  for (const [round, batches] of [2, 9, 17].entries()) {
    await runAndKill(data, file, batches);
    const store = await storeOf(data);
    const posts = await store.listPosts();
    const sources = new Set(posts.map((p) => p.source));
    // Whole batches only (each written in one journal record), and no post twice.
    expect([round, posts.length % BATCH, sources.size]).toEqual([round, 0, posts.length]);
    expect(posts.length).toBeGreaterThanOrEqual(batches * BATCH);
    // Every post's tag is there: a batch's tags are written with its posts.
    const tags = new Set((await store.listTags()).map((t) => t.slug));
    expect(posts.every((p) => p.tags.every((t) => tags.has(t.slug)))).toBe(true);
    await closeStores();
  }
  const store = await storeOf(data);
  const before = (await store.listPosts()).length;
  const report = await runImport({ store, format: "wordpress", file, dryRun: false, batchSize: BATCH });
  expect(report.posts.created).toBe(POSTS - before);
  expect(report.posts.unchanged).toBe(before);
  const posts = await store.listPosts();
  expect(posts.length).toBe(POSTS);
  expect(new Set(posts.map((p) => p.source)).size).toBe(POSTS);
  expect((await store.listRedirects()).length).toBe(POSTS * 2);
}, 240_000);

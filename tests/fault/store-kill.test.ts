import { spawn } from "node:child_process";
import readline from "node:readline";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { closeStores, root, storeOf } from "../helpers/cli";
import { bundleScript } from "../helpers/node-script";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

afterEach(closeStores);
afterAll(removeTempDirs);

const ROUNDS = 20;
const WRITERS = 8;

/**
 * A process with the store open on the folder given and 8 writers creating, updating and deleting
 * posts at once, folding the journal into db.json every so often, so a kill lands in an append or
 * in a fold; it prints each acknowledged write's outcome.
 */
const WRITER_SCRIPT = `
import { openJsonStore } from "~/server/records/open-store";
const [dir, round] = process.argv.slice(2);
const store = await openJsonStore(dir, { seed: false });
const content = "<p>" + "Written under a kill. ".repeat(40) + "</p>";
async function writer(w) {
  for (let i = 0; ; i++) {
    const slug = "r" + round + "-w" + w + "-" + i;
    const post = await store.createPost({ title: slug, slug, summary: "s", content, published: true, tags: ["T" + w] });
    console.log("created " + post.id + " " + slug);
    const title = "edited " + slug;
    await store.updatePost(post.id, { title });
    console.log("updated " + post.id + " " + title);
    if (i % 3 === 2) { await store.deletePost(post.id); console.log("deleted " + post.id); }
    if (i % 10 === 9 && w === 0) store.compact();
  }
}
console.log("ready");
await Promise.all(Array.from({ length: ${WRITERS} }, (_, w) => writer(w)));
`;

/** The script bundled once, for the many processes of the rounds. */
let writerBundle: string;
beforeAll(async () => {
  writerBundle = await bundleScript(WRITER_SCRIPT);
});

/** Runs the writers until they have acknowledged `writes`, then kills them with SIGKILL; answers what they printed. */
function runAndKill(dir: string, round: number, writes: number): Promise<string[]> {
  const child = spawn(process.execPath, [writerBundle, dir, String(round)], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines: string[] = [];
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).on("line", (line) => {
      if (line !== "ready") lines.push(line);
      if (lines.length === writes) child.kill("SIGKILL");
    });
    child.on("exit", (_code, signal) =>
      signal === "SIGKILL" ? resolve(lines) : reject(new Error(`the writers stopped on their own: ${lines.at(-1)}`)),
    );
  });
}

it(`loses no acknowledged write when killed with SIGKILL under ${WRITERS} writers (${ROUNDS} rounds)`, async () => {
  const dir = makeTempDir("kill-");
  // Each post's title as acknowledged (null: deleted), or the next write's: a writer's one write
  // on its way when the kill came may be on disk without having been acknowledged.
  const allowed = new Map<number, (string | null)[]>();
  for (let round = 0; round < ROUNDS; round++) {
    // A different moment in each round: between 40 and 200 acknowledged writes.
    const lines = await runAndKill(dir, round, 40 + ((round * 37) % 160));
    for (const line of lines) {
      const [what, id, ...words] = line.split(" ");
      const title = words.join(" ");
      const next = { created: [title, `edited ${title}`], updated: [title, null], deleted: [null] }[what!];
      allowed.set(Number(id), next!);
    }
    const store = await storeOf(dir);
    const byId = new Map((await store.listPosts()).map((p) => [p.id, p.title]));
    // One assertion per round, naming every post found otherwise: thousands of expects cost seconds.
    const lost = [...allowed]
      .map(([id, titles]) => ({ id, allowed: titles, found: byId.get(id) ?? null }))
      .filter(({ allowed, found }) => !allowed.includes(found));
    expect(lost, `round ${round}`).toEqual([]);
    await store.close();
  }
}, 240_000);

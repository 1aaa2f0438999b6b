import { spawn } from "node:child_process";
import readline from "node:readline";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { loadConfig } from "~/server/config";
import { openSite } from "~/server/operations/open-site";
import { openJsonStore } from "~/server/records/open-store";
import { makePostInput } from "../helpers/factories";
import { root } from "../helpers/cli";
import { bundleScript } from "../helpers/node-script";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

afterAll(removeTempDirs);

const POSTS = 10;

/**
 * A process that publishes the first due post on schedule, as the scheduler does, with an activity
 * log whose appends never finish: it prints "logging <id>" once the store's write is done and the
 * log's append has begun, the moment the test kills it with SIGKILL.
 */
const PUBLISHER_SCRIPT = `
import { createActivityLog } from "~/server/activity/activity-log";
import { openActivityFile } from "~/server/activity/activity-file";
import { publishOnSchedule } from "~/server/posts/scheduled-publish";
import { isDue } from "~/server/lifecycle/publishing";
import { openJsonStore } from "~/server/records/open-store";
const [dir] = process.argv.slice(2);
const store = await openJsonStore(dir, { seed: false });
const records = await openActivityFile(dir);
let current = 0;
const stuck = () => {
  console.log("logging " + current);
  return new Promise(() => {});
};
const activity = await createActivityLog({ ...records, append: stuck, addMissing: stuck });
const post = (await store.listPosts()).find((p) => isDue(p, Date.now()));
current = post.id;
await publishOnSchedule(store, activity, post);
console.log("done " + post.id);
`;

let publisher: string;
beforeAll(async () => {
  publisher = await bundleScript(PUBLISHER_SCRIPT);
});

/** Runs the publisher until it is between the store's write and the log's append, then kills it; answers the post id. */
function publishAndKill(dir: string): Promise<number> {
  const child = spawn(process.execPath, [publisher, dir], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  let id = 0;
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).on("line", (line) => {
      const [what, post] = line.split(" ");
      if (what === "logging") {
        id = Number(post);
        child.kill("SIGKILL");
      }
    });
    child.on("exit", (_code, signal) =>
      signal === "SIGKILL" ? resolve(id) : reject(new Error("the publisher ended without reaching the log")),
    );
  });
}

it(`keeps every "published on schedule" entry when killed between the publish and the log (${POSTS} rounds)`, async () => {
  const dir = makeTempDir("activity-kill-");
  const store = await openJsonStore(dir, { seed: false });
  const due = new Date(Date.now() - 60_000).toISOString();
  const titles = new Map<number, string>();
  for (let i = 0; i < POSTS; i++) {
    const post = await store.createPost({ ...makePostInput({ published: false }), publishAt: due });
    titles.set(post.id, post.title);
  }
  await store.close();

  const killed: number[] = [];
  for (let round = 0; round < POSTS; round++) killed.push(await publishAndKill(dir));
  expect(new Set(killed).size).toBe(POSTS);

  const site = await openSite(loadConfig({ NODE_ENV: "production", DATA_DIR: dir }), { seed: false });
  try {
    const posts = await site.store.listPosts();
    expect(posts.filter((p) => p.published)).toHaveLength(POSTS);
    const entries = (await site.activity.entries()).filter((e) => e.kind === "publish").map((e) => e.what);
    // Each exactly once: one entry per publish, none added twice by a later start.
    expect(entries.sort()).toEqual(
      [...titles]
        .map(([id, title]) => ACTIVITY_MESSAGES.publishedOnSchedule(ACTIVITY_MESSAGES.post(id, title), due))
        .sort(),
    );
  } finally {
    await site.close();
  }
  // A second start adds nothing again.
  const again = await openSite(loadConfig({ NODE_ENV: "production", DATA_DIR: dir }), { seed: false });
  try {
    expect((await again.activity.entries()).filter((e) => e.kind === "publish")).toHaveLength(POSTS);
  } finally {
    await again.close();
  }
}, 120_000);

import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DB_FILE } from "~/server/store/json-store";
import { JOURNAL_FILE, JOURNAL_MESSAGES } from "~/server/store/journal-file";
import { FOLD_BYTES, SEQUENCE_KEY } from "~/server/store/journalled-db-file";
import { makePostInput } from "../helpers/factories";
import { backupsDir } from "~/server/backups/backup-folder";
import { backupDataFolder } from "~/server/backups/data-folder-backup";
import { CLI_MESSAGES } from "~/server/operations/cli-messages";
import { LOCK_FILE } from "~/server/store/data-lock";
import { DB_MESSAGES } from "~/server/operations/db-commands";
import { cli, closeStores, storeOf } from "../helpers/cli";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { openJsonStore } from "~/server/records/open-store";
import type { Store } from "~/server/records/store";

afterEach(async () => {
  await closeStores();
  await removeTempDirs();
});

const file = (dir: string, name: string) => path.join(dir, name);
const bytes = (dir: string, name: string) => fs.readFileSync(file(dir, name));

/** The folder as a kill -9 would leave it now: every acknowledged write is on disk, nothing more was done. */
function copyAsKilled(dir: string, names = fs.readdirSync(dir)): string {
  const copy = makeTempDir("journal-copy-");
  for (const name of names) fs.cpSync(file(dir, name), file(copy, name), { recursive: true });
  return copy;
}

/** Every read of a store, to compare two stores' data. */
async function contents(store: Store) {
  return {
    posts: await store.listPosts(),
    tags: await store.listTags(),
    redirect: await store.resolveTagRedirect("old-name"),
    users: await store.listUsers(),
    messages: await store.listMessages(),
    settings: await store.getSettings(),
  };
}

/** One write of each kind, so every section of db.json goes through the journal. */
async function writeEveryKind(store: Store) {
  const first = await store.createPost(makePostInput({ tags: ["Old name", "Retail"] }));
  const second = await store.createPost(makePostInput({ published: false }));
  await store.createPost(makePostInput());
  await store.updatePost(first.id, { title: "A changed title" });
  await store.deletePost(second.id);
  const tag = (await store.listTags()).find((t) => t.slug === "old-name")!;
  await store.renameTag(tag.id, { name: "New name", slug: "new-name" });
  await store.createUser({ username: "ada", role: "admin", passwordHash: "scrypt$x" });
  await store.updateUser(1, { lastSignInAt: new Date().toISOString() });
  const message = await store.addMessage({ name: "Ada", email: "a@b.c", message: "Hello there", ip: "::1" });
  await store.updateMessage(message.id, { read: true });
  await store.updateSettings({ writersSeeInbox: true });
}

describe("the journal", () => {
  it("holds every write and leaves db.json alone; a start replays it to the very same data", async () => {
    const dir = makeTempDir("journal-");
    const store = await storeOf(dir, { seed: false });
    const before = bytes(dir, DB_FILE);
    await writeEveryKind(store);
    expect(bytes(dir, DB_FILE)).toEqual(before); // each write cost what it changed, not the whole file
    const lines = bytes(dir, JOURNAL_FILE).toString().trimEnd().split("\n");
    expect(lines).toHaveLength(11);

    const again = await storeOf(copyAsKilled(dir));
    expect(await contents(again)).toEqual(await contents(store));
    expect((await again.createPost(makePostInput())).id).toBe(4); // ids go on where they stopped
  });

  it("is folded into db.json at a clean stop and on demand, and nothing is replayed twice", async () => {
    const dir = makeTempDir("journal-");
    const store = await storeOf(dir, { seed: false });
    await writeEveryKind(store);
    expect(await store.compact!()).toBe(11);
    expect(await store.compact!()).toBe(0);
    const db = JSON.parse(bytes(dir, DB_FILE).toString());
    expect(db[SEQUENCE_KEY]).toBe(11);
    expect(db.posts.map((p: { title: string }) => p.title)).toContain("A changed title");
    const expected = await contents(store);
    await store.updateSettings({ writersSeeInbox: false });
    await store.close();

    const again = await storeOf(dir);
    expect(await contents(again)).toEqual({ ...expected, settings: { writersSeeInbox: false } });
  });

  it("is folded in the background once it passes 4 MB, while writes go on", async () => {
    const dir = makeTempDir("journal-");
    const store = await storeOf(dir, { seed: false });
    const big = `<p>${"A long post. ".repeat(40_000)}</p>`; // about 520 KB a record
    const count = Math.ceil(FOLD_BYTES / big.length) + 1;
    for (let i = 0; i < count; i++) await store.createPost(makePostInput({ content: big }));
    // Each record holds the post and its first revision, so which record passes the size varies:
    // any fold in the background will do.
    const folded = () => (JSON.parse(bytes(dir, DB_FILE).toString())[SEQUENCE_KEY] as number | undefined) ?? 0;
    while (folded() === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await store.createPost(makePostInput()); // writes go on after the fold, into the rewritten journal
    const again = await storeOf(copyAsKilled(dir));
    expect((await again.listPosts()).length).toBe(count + 1);
  }, 30_000);

  it("drops a torn last record with one line in the log, and appends after the last whole one", async () => {
    const dir = makeTempDir("journal-");
    const store = await storeOf(dir, { seed: false });
    await store.createPost(makePostInput({ slug: "kept" }));
    await store.createPost(makePostInput({ slug: "torn" }));
    const copy = copyAsKilled(dir);
    const journal = bytes(copy, JOURNAL_FILE);
    const firstEnd = journal.indexOf("\n") + 1;
    fs.writeFileSync(file(copy, JOURNAL_FILE), journal.subarray(0, firstEnd + 40)); // a kill mid-append
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});

    const again = await storeOf(copy);
    expect((await again.listPosts()).map((p) => p.slug)).toEqual(["kept"]);
    expect(warn.mock.calls).toEqual([[JOURNAL_MESSAGES.tornTail(file(copy, JOURNAL_FILE), firstEnd)]]);
    warn.mockRestore();
    expect(bytes(copy, JOURNAL_FILE)).toEqual(journal.subarray(0, firstEnd));
    await again.createPost(makePostInput({ slug: "after" }));
    const third = await storeOf(copyAsKilled(copy));
    expect((await third.listPosts()).map((p) => p.slug).sort()).toEqual(["after", "kept"]);
  });

  it("stops the start on a damaged record with records after it, naming the file and byte, touching nothing", async () => {
    const dir = makeTempDir("journal-");
    const store = await storeOf(dir, { seed: false });
    for (let i = 0; i < 3; i++) await store.createPost(makePostInput());
    const copy = copyAsKilled(dir, [DB_FILE, JOURNAL_FILE]);
    const journal = bytes(copy, JOURNAL_FILE);
    const second = journal.indexOf("\n") + 1;
    journal.writeUInt8(journal.readUInt8(second + 30) ^ 1, second + 30); // one bit flipped in the second record
    fs.writeFileSync(file(copy, JOURNAL_FILE), journal);
    const db = bytes(copy, DB_FILE);

    const error = await openJsonStore(copy).catch((e: Error) => e);
    expect((error as Error).message).toBe(JOURNAL_MESSAGES.damaged(file(copy, JOURNAL_FILE), second));
    expect(bytes(copy, JOURNAL_FILE)).toEqual(journal);
    expect(bytes(copy, DB_FILE)).toEqual(db);
    expect(fs.readdirSync(copy).sort()).toEqual([JOURNAL_FILE, DB_FILE]); // no lock, no temp file left
  });
});

describe("a fold interrupted by a crash", () => {
  it("after db.json was replaced, before the journal was cut: replays to the same data", async () => {
    const dir = makeTempDir("journal-");
    const store = await storeOf(dir, { seed: false });
    await writeEveryKind(store);
    await store.compact!(); // db.json holds these now; the journal keeps them until the next fold
    await store.createPost(makePostInput());
    const uncut = bytes(dir, JOURNAL_FILE);
    const expected = await contents(store);
    await store.close(); // the fold: db.json rewritten, then the journal cut
    expect(bytes(dir, JOURNAL_FILE).length).toBeLessThan(uncut.length);
    fs.writeFileSync(file(dir, JOURNAL_FILE), uncut); // as a kill between the two steps left it

    const again = await storeOf(dir);
    expect(await contents(again)).toEqual(expected); // every record was in db.json already: none applied twice
    expect((await again.createPost(makePostInput())).id).toBe(5);
  });

  it("while db.json's new copy was being written: the old db.json and the journal hold it all", async () => {
    const dir = makeTempDir("journal-");
    const store = await storeOf(dir, { seed: false });
    await writeEveryKind(store);
    const copy = copyAsKilled(dir);
    fs.writeFileSync(file(copy, `.${DB_FILE}.999999.1.tmp`), '{"posts": ['); // the fold's half-written temp file

    const again = await storeOf(copy);
    expect(await contents(again)).toEqual(await contents(store));
    expect(fs.readdirSync(copy).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });
});

describe("a data folder copied file by file while the server writes", () => {
  /** Writes on `store` from 8 writers at once until `stop` is set. */
  function keepWriting(store: Store) {
    const state = { stop: false, acknowledged: [] as string[] };
    const writer = async (w: number) => {
      for (let i = 0; !state.stop; i++) {
        const slug = `writer-${w}-${i}`;
        await store.createPost(makePostInput({ slug }));
        state.acknowledged.push(slug);
      }
    };
    const done = Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
    /** Resolves once `count` more writes have been acknowledged. */
    const more = async (count: number) => {
      const target = state.acknowledged.length + count;
      while (state.acknowledged.length < target) await new Promise((resolve) => setTimeout(resolve, 1));
    };
    return { state, more, stop: () => ((state.stop = true), done) };
  }

  it.each([
    ["db.json first, the journal after a fold", [DB_FILE, JOURNAL_FILE]],
    ["the journal first, db.json after a fold", [JOURNAL_FILE, DB_FILE]],
  ])("starts elsewhere with every write up to its copy: %s", async (_name, order) => {
    const dir = makeTempDir("journal-");
    const copy = makeTempDir("journal-copy-");
    const store = await storeOf(dir, { seed: false });
    let [atFirst, beforeSecond] = [0, [] as string[]];
    // A journal copied mid-append ends in a torn record, dropped with a line in the log.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const writing = keepWriting(store);
    try {
      await writing.more(20);
      await store.compact!(); // a fold with writes landing during it
      await writing.more(20);
      fs.copyFileSync(file(dir, order[0]!), file(copy, order[0]!));
      atFirst = writing.state.acknowledged.length;
      await writing.more(20);
      await store.compact!(); // the server folds between the two files' copies
      await writing.more(20);
      beforeSecond = [...writing.state.acknowledged];
      fs.copyFileSync(file(dir, order[1]!), file(copy, order[1]!));
    } finally {
      await writing.stop();
    }

    const started = await storeOf(copy);
    const slugs = new Set((await started.listPosts()).map((p) => p.slug));
    // Whichever file was copied last sets the moment the copy is of: it holds at least what was
    // acknowledged before that file was copied, and the other file never takes anything away.
    const upTo = order[1] === JOURNAL_FILE ? beforeSecond : writing.state.acknowledged.slice(0, atFirst);
    expect(upTo.filter((slug) => !slugs.has(slug))).toEqual([]);
    expect(slugs.size).toBeGreaterThanOrEqual(upTo.length);
    vi.mocked(console.warn).mockRestore();
  });

  it("refuses, with words that say so, a db.json older than two folds of the journal copied after it", async () => {
    const dir = makeTempDir("journal-");
    const store = await storeOf(dir, { seed: false });
    await store.createPost(makePostInput());
    await store.compact!();
    const copy = copyAsKilled(dir, [DB_FILE]);
    for (let fold = 0; fold < 2; fold++) {
      await store.createPost(makePostInput());
      await store.compact!();
    }
    fs.copyFileSync(file(dir, JOURNAL_FILE), file(copy, JOURNAL_FILE));
    await expect(openJsonStore(copy)).rejects.toThrow(JOURNAL_MESSAGES.gap(file(copy, JOURNAL_FILE), DB_FILE, 1, 3));
  });
});

describe("the command line", () => {
  it("backup, beside a running server, holds the posts only the journal has yet", async () => {
    const dir = makeTempDir("journal-");
    const store = await storeOf(dir, { seed: false });
    await store.createPost(makePostInput());
    await store.createPost(makePostInput());
    const { count } = await backupDataFolder(dir, 5);
    expect(count).toBe(2);
    const run = await cli(["backup"], { dataDir: dir });
    expect(run.stdout).toContain(CLI_MESSAGES.backedUp(2, backupsDir(dir))); // then the file's name
  }, 30_000);

  it("db compact folds a journal left by a kill into db.json, and says how many records it folded", async () => {
    const dir = makeTempDir("journal-");
    const store = await storeOf(dir, { seed: false });
    await writeEveryKind(store);
    const killed = copyAsKilled(dir, [DB_FILE, JOURNAL_FILE]);
    const run = await cli(["db", "compact", "--data", killed]);
    expect(run).toMatchObject({ code: 0, stdout: `${DB_MESSAGES.compacted(11)}\n` });
    expect(JSON.parse(bytes(killed, DB_FILE).toString())[SEQUENCE_KEY]).toBe(11);
    expect(fs.existsSync(file(killed, LOCK_FILE))).toBe(false);
    const again = await cli(["db", "compact", "--data", killed]);
    expect(again.stdout).toBe(`${DB_MESSAGES.compacted(0)}\n`);
    expect(await contents(await storeOf(killed))).toEqual(await contents(store));
  }, 30_000);
});

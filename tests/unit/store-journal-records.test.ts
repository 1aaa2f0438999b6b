import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DB_FILE, openJsonStore } from "~/server/store/json-store";
import { JOURNAL_FILE, JOURNAL_MESSAGES } from "~/server/store/journal-file";
import { decodeRecord, encodeRecord, type JournalRecord } from "~/server/store/journal-record";
import { makePostInput } from "../helpers/factories";
import { closeStores, storeOf } from "../helpers/cli";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

afterEach(async () => {
  await closeStores();
  await removeTempDirs();
});

const file = (dir: string, name: string) => path.join(dir, name);
const bytes = (dir: string, name: string) => fs.readFileSync(file(dir, name));

type Post = Record<string, unknown> & { id: number; slug: string };
type Records = { records: { upsert: [number, Post][]; remove: number[] } };

/**
 * A folder as a kill -9 leaves it after two posts were created, with no fold: db.json without
 * them, the journal with a record for each. Answers the folder and the second post's record.
 */
async function killedWithTwoPosts() {
  const dir = makeTempDir("journal-records-");
  const store = await storeOf(dir, { seed: false });
  await store.createPost(makePostInput({ slug: "first" }));
  await store.createPost(makePostInput({ slug: "second" }));
  const copy = makeTempDir("journal-records-copy-");
  for (const name of [DB_FILE, JOURNAL_FILE]) fs.copyFileSync(file(dir, name), file(copy, name));
  const lines = bytes(copy, JOURNAL_FILE).toString().trimEnd().split("\n");
  const last = decodeRecord(Buffer.from(lines.at(-1)!))!;
  const [place, post] = (last.sections.posts as Records).records.upsert[0]!;
  return { dir: copy, last, place, post };
}

/** Appends records, each with a good checksum, as a writer would; answers where the first one starts. */
function append(dir: string, ...records: JournalRecord[]): number {
  const offset = fs.statSync(file(dir, JOURNAL_FILE)).size;
  fs.appendFileSync(file(dir, JOURNAL_FILE), Buffer.concat(records.map(encodeRecord)));
  return offset;
}

const postChange = (seq: number, place: number, post: Record<string, unknown>): JournalRecord => ({
  seq,
  sections: { posts: { records: { upsert: [[place, post as Post]], remove: [] } } },
});

/** The start refused with the message for that record, and the folder exactly as it was. */
async function expectRefused(dir: string, offset: number, seq: number, problem: string[]) {
  const before = { db: bytes(dir, DB_FILE), journal: bytes(dir, JOURNAL_FILE) };
  const error = (await openJsonStore(dir).catch((e: unknown) => e)) as Error;
  const [head, tail] = JOURNAL_MESSAGES.invalid(file(dir, JOURNAL_FILE), offset, seq, "\0").split("\0");
  expect(error.message.startsWith(head!), error.message).toBe(true);
  expect(error.message.endsWith(tail!), error.message).toBe(true);
  // The parts an operator needs: the file, the byte, the record's number, what is wrong, what to do.
  expect(error.message).toContain(file(dir, JOURNAL_FILE));
  expect(error.message).toContain(`at byte ${offset} (number ${seq})`);
  for (const part of problem) expect(error.message.slice(head!.length, -tail!.length)).toContain(part);
  expect(error.message).toContain("restore the data folder from a copy or a backup, then start again");
  expect(bytes(dir, DB_FILE)).toEqual(before.db);
  expect(bytes(dir, JOURNAL_FILE)).toEqual(before.journal);
  expect(fs.readdirSync(dir).sort()).toEqual([JOURNAL_FILE, DB_FILE]); // no lock, no temp file left
}

describe("a journal record replayed at start", () => {
  it.each([
    ["an object title", { title: { en: "Hello" } }, ['section "posts"', "title"]],
    ["string tags", { tags: "retail, banking" }, ['section "posts"', "tags"]],
  ])("of a post with %s is refused, naming the record, with both files untouched", async (_name, change, problem) => {
    const { dir, last, place, post } = await killedWithTwoPosts();
    const offset = append(dir, postChange(last.seq + 1, place, { ...post, ...change }));
    await expectRefused(dir, offset, last.seq + 1, [...problem, `id ${post.id}`]);
  });

  it("is refused in the middle of the journal too, with good records after it", async () => {
    const { dir, last, place, post } = await killedWithTwoPosts();
    const offset = append(
      dir,
      postChange(last.seq + 1, place, { ...post, published: "yes" }),
      postChange(last.seq + 2, place, { ...post, title: "Fine again" }),
    );
    await expectRefused(dir, offset, last.seq + 1, ['section "posts"', "published"]);
  });

  it("of a change of a kind this release does not know is refused the same way", async () => {
    const { dir, last, post } = await killedWithTwoPosts();
    const unknown = { seq: last.seq + 1, sections: { posts: { merge: [post] } } } as unknown as JournalRecord;
    const offset = append(dir, unknown);
    await expectRefused(dir, offset, last.seq + 1, [
      'section "posts"',
      "a change of a kind this release does not know",
    ]);
  });

  it("that removes a section db.json must have, or sets it to another shape, is refused", async () => {
    const { dir, last } = await killedWithTwoPosts();
    const offset = append(dir, { seq: last.seq + 1, sections: { posts: { unset: true } } });
    await expectRefused(dir, offset, last.seq + 1, ['section "posts"', "removed"]);

    const other = await killedWithTwoPosts();
    const at = append(other.dir, { seq: other.last.seq + 1, sections: { settings: { set: { writersSeeInbox: 1 } } } });
    await expectRefused(other.dir, at, other.last.seq + 1, ['section "settings"', "writersSeeInbox"]);
  });

  it("that gives a second post the slug of another is refused, naming the record that did", async () => {
    const { dir, last, post } = await killedWithTwoPosts();
    const offset = append(
      dir,
      postChange(last.seq + 1, 0, { ...post, id: post.id + 1, slug: "third" }),
      postChange(last.seq + 2, 0, { ...post, id: post.id + 2, slug: "first" }),
    );
    const second =
      offset + encodeRecord(postChange(last.seq + 1, 0, { ...post, id: post.id + 1, slug: "third" })).length;
    await expectRefused(dir, second, last.seq + 2, ['section "posts"', "Duplicate first"]);
  });

  it("that is well formed is applied, a section of a later release kept as db.json keeps it", async () => {
    const { dir, last, place, post } = await killedWithTwoPosts();
    append(dir, {
      seq: last.seq + 1,
      sections: {
        ...postChange(0, place, { ...post, title: "Renamed", laterField: { kept: true } }).sections,
        newsletters: { set: [{ id: 1, subject: "Hello" }] },
      },
    });
    const store = await storeOf(dir);
    const renamed = (await store.listPosts()).find((p) => p.id === post.id)!;
    expect(renamed).toMatchObject({ title: "Renamed", laterField: { kept: true } });
    await store.close();
    const db = JSON.parse(bytes(dir, DB_FILE).toString());
    expect(db.newsletters).toEqual([{ id: 1, subject: "Hello" }]);
  });
});

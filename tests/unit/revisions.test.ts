import { describe, expect, it } from "vitest";
import {
  addRevision,
  adoptRevisions,
  FOLD_WINDOW_MS,
  prunedRevisions,
  revisionsOf,
  type RevisionEntry,
} from "~/server/revisions/revision-changes";
import type { DbFile } from "~/server/store/db-schema";

const empty = (): DbFile => ({
  posts: [],
  tags: [],
  users: [],
  messages: [],
  meta: { nextPostId: 1, nextTagId: 1, nextUserId: 1, nextMessageId: 1 },
});
const ada = { id: 1, username: "ada" };
const bob = { id: 2, username: "bob" };
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000).toISOString();
const save = (title: string, by = ada, extra: Partial<RevisionEntry> = {}): RevisionEntry => ({
  subject: "post",
  subjectId: 7,
  snapshot: { title, content: "<p>x</p>" },
  by,
  changed: ["title"],
  ...extra,
});

describe("the folding rule", () => {
  it("folds one person's saves within ten minutes of the revision's first save into it", () => {
    let data = addRevision(empty(), save("One"), at(0));
    data = addRevision(data, save("Two"), at(4));
    data = addRevision(data, save("Three"), at(9));
    const list = revisionsOf(data, "post", 7);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ createdAt: at(0), savedAt: at(9), snapshot: { title: "Three" }, by: ada });
    // Past the window from the first save, even while saving on, a new revision begins.
    data = addRevision(data, save("Four"), new Date(Date.parse(at(0)) + FOLD_WINDOW_MS).toISOString());
    expect(revisionsOf(data, "post", 7).map((r) => r.snapshot.title)).toEqual(["Three", "Four"]);
  });

  it("never folds another person's save, a restore, or another subject's", () => {
    let data = addRevision(empty(), save("Ada's"), at(0));
    data = addRevision(data, save("Bob's", bob), at(1));
    data = addRevision(data, save("Bob restores", bob, { origin: "restore", restoredFrom: 1 }), at(2));
    data = addRevision(data, save("Bob again", bob), at(3));
    data = addRevision(data, { ...save("Other post"), subjectId: 8 }, at(3));
    expect(revisionsOf(data, "post", 7).map((r) => [r.id, r.snapshot.title])).toEqual([
      [1, "Ada's"],
      [2, "Bob's"],
      [3, "Bob restores"],
      [4, "Bob again"],
    ]);
    expect(data.meta.nextRevisionId).toBe(6);
  });

  it("names only the fields that differ from the version before the folded one", () => {
    let data = addRevision(empty(), save("Same", bob), at(0));
    data = addRevision(data, { ...save("Changed"), changed: ["title"] }, at(20));
    data = addRevision(data, { ...save("Same"), snapshot: { title: "Same", content: "<p>y</p>" } }, at(21));
    const latest = revisionsOf(data, "post", 7).at(-1)!;
    expect(latest.changed).toEqual(["content"]);
  });

  it("adds nothing for a save identical to the latest revision", () => {
    const data = addRevision(empty(), save("Kept", bob), at(0));
    expect(addRevision(data, save("Kept"), at(30))).toBe(data);
  });
});

describe("keeping revisions", () => {
  it("keeps the newest N of each subject and every one younger than the days given", () => {
    let data = empty();
    for (let i = 0; i < 5; i++) data = addRevision(data, save(`Old ${i}`, i % 2 ? ada : bob), at(i * 60 * 24 * 10));
    data = addRevision(data, { ...save("Other"), subjectId: 9 }, at(0));
    const now = at(45 * 60 * 24);
    const kept = prunedRevisions(data.revisions!, { kept: 2, days: 30 }, now);
    // Saved at days 0, 10, 20, 30, 40: the newest two, and day 20 (25 days old); post 9's only one stays.
    expect(kept.map((r) => r.snapshot.title)).toEqual(["Old 2", "Old 3", "Old 4", "Other"]);
    expect(prunedRevisions(kept, { kept: 2, days: 30 }, now)).toBe(kept);
  });

  it("renumbers revisions from a backup after the store's own, keeping their links", () => {
    const mine = addRevision(empty(), save("Mine"), at(0));
    const theirs = addRevision(
      addRevision(empty(), { ...save("A"), subjectId: 3 }, at(0)),
      {
        ...save("B", bob),
        subjectId: 3,
        origin: "restore",
        restoredFrom: 1,
      },
      at(1),
    );
    const data = adoptRevisions(mine, theirs.revisions!);
    expect(revisionsOf(data, "post", 3).map((r) => [r.id, r.restoredFrom])).toEqual([
      [2, undefined],
      [3, 2],
    ]);
    expect(data.meta.nextRevisionId).toBe(4);
  });
});

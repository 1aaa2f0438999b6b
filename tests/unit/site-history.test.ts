import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { moveSiteHistory } from "~/server/collections/site-history";
import type { FormerSiteRevision } from "~/server/collections/site";
import { openJsonStore } from "~/server/records/open-store";
import { encodeRecord } from "~/server/store/journal-record";
import { JOURNAL_FILE } from "~/server/store/journal-file";
import { readDataFolder } from "~/server/store/journalled-db-file";
import { DEFAULT_SITE_CONTENT } from "~/shared/site-defaults";
import { FIXTURE_DATA } from "../helpers/previous-release";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

afterEach(removeTempDirs);

const content = DEFAULT_SITE_CONTENT;
const former = (id: number, createdBy: string, extra: Partial<FormerSiteRevision> = {}): FormerSiteRevision => ({
  id,
  createdAt: `2026-01-0${id}T10:00:00.000Z`,
  createdBy,
  sections: id === 1 ? [] : ["home"],
  content,
  ...extra,
});
const users = [{ id: 7, username: "ada" }];

describe("the site's own history, moved into the revisions", () => {
  it("takes the next revision ids, keeps who, when, what changed and the content, and follows restoredFrom", () => {
    const siteRevisions = [former(1, ""), former(2, "ada"), former(3, "gone", { restoredFrom: 1 })];
    const moved = moveSiteHistory({ siteRevisions, revisions: [], users }, 12);
    expect(moved).not.toHaveProperty("siteRevisions");
    expect(moved.revisions).toEqual([
      {
        id: 12,
        subject: "site",
        subjectId: 1,
        createdAt: "2026-01-01T10:00:00.000Z",
        savedAt: "2026-01-01T10:00:00.000Z",
        changed: [],
        snapshot: content,
        origin: "publish",
        siteRevisionId: 1,
      },
      expect.objectContaining({ id: 13, by: { id: 7, username: "ada" }, changed: ["home"], siteRevisionId: 2 }),
      // An account no longer there: the name it published under stays.
      expect.objectContaining({ id: 14, byName: "gone", origin: "restore", restoredFrom: 12, siteRevisionId: 3 }),
    ]);
    expect(moved.revisions[2]).not.toHaveProperty("by");
  });

  it("moves a revision once: a later list of that release moves only what it adds", () => {
    type Lists = Parameters<typeof moveSiteHistory>[0];
    const once: Lists = moveSiteHistory({ siteRevisions: [former(1, ""), former(2, "ada")], users }, 1);
    // A journal of that release replayed over the moved file: the whole list again, one more.
    const again: Lists = moveSiteHistory(
      { ...once, siteRevisions: [former(1, ""), former(2, "ada"), former(3, "ada")] },
      3,
    );
    expect(again.revisions!.map((r) => [r.id, r.siteRevisionId])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(moveSiteHistory(again, 4)).toBe(again); // nothing left to move: the very same lists
  });

  it("reads a data folder whose journal of that release adds a site revision after db.json's, with none twice", async () => {
    const dir = makeTempDir("site-history-");
    fs.cpSync(FIXTURE_DATA, dir, { recursive: true });
    const { seq } = await readDataFolder(dir, { warn: false });
    const db = JSON.parse(fs.readFileSync(path.join(dir, "db.json"), "utf8"));
    const restore = { ...db.siteRevisions[3], id: 5, createdBy: "ada", restoredFrom: 3 };
    const upsert: [number, { id: number }][] = [[4, restore]];
    const record = { seq: seq + 1, sections: { siteRevisions: { records: { upsert, remove: [] } } } };
    fs.appendFileSync(path.join(dir, JOURNAL_FILE), encodeRecord(record));

    const store = await openJsonStore(dir);
    try {
      const history = await store.listSiteRevisions();
      expect(history).toHaveLength(5);
      const byOldId = new Map((await store.listRevisions("site", 1)).map((r) => [r.siteRevisionId, r.id]));
      expect(history[0]).toMatchObject({ id: byOldId.get(5), createdBy: "ada", restoredFrom: byOldId.get(3) });
      // A publish now is one more revision of the same list, numbered after every other.
      const published = await store.publishSite({ id: 1, username: "ada" }, { ...content, home: { ...content.home } });
      expect(published.id).toBeGreaterThan(Math.max(...byOldId.values()));
      expect(await store.listSiteRevisions()).toHaveLength(6);
    } finally {
      await store.close();
    }
  });
});

import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createActivityLog } from "~/server/activity/activity-log";
import { ACTIVITY_FILE, openActivityFile } from "~/server/activity/activity-file";
import { createAuthService } from "~/server/auth/auth-service";
import { openSessionRecords } from "~/server/auth/session-records";
import { ACTIVITY_KEEP_DAYS, ACTIVITY_MESSAGES } from "~/shared/activity";
import { AUTH_FORM_MESSAGES } from "~/shared/schemas";
import { makeUser } from "../helpers/sign-in";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { openJsonStore } from "~/server/records/open-store";

afterEach(async () => {
  await removeTempDirs();
});

const DAY = 24 * 60 * 60 * 1000;
const someone = { user: { id: 7, username: "ada" }, ip: "198.51.100.4" };

describe("the activity log in activity.jsonl", () => {
  it("appends one line per entry and reads them back after a restart, newest first", async () => {
    const dir = makeTempDir("activity-");
    const log = await createActivityLog(await openActivityFile(dir));
    await log.record("publish", someone, "post 1");
    await log.record("backup", { ip: "" }, "posts-x.json");
    await log.close();
    const lines = (await fs.readFile(path.join(dir, ACTIVITY_FILE), "utf8")).trimEnd().split("\n");
    expect(lines).toHaveLength(2);

    const again = await createActivityLog(await openActivityFile(dir));
    const entries = await again.entries();
    expect(entries.map((e) => e.kind)).toEqual(["backup", "publish"]);
    expect(entries[1]).toMatchObject({ userId: 7, username: "ada", ip: "198.51.100.4", what: "post 1" });
    await again.close();
  });

  it("keeps the order of entries recorded within one millisecond", async () => {
    const log = await createActivityLog(await openActivityFile(makeTempDir("activity-")), {
      now: () => 1_700_000_000_000,
    });
    const recorded = Array.from({ length: 20 }, (_, i) => `post ${i}`);
    for (const what of recorded) await log.record("publish", someone, what);
    expect((await log.entries()).map((e) => e.what)).toEqual(recorded.toReversed());
    await log.close();
  });

  it("a torn last line (a crash mid-append) is skipped, and the next entry starts on a line of its own", async () => {
    const dir = makeTempDir("activity-");
    const log = await createActivityLog(await openActivityFile(dir));
    await log.record("sign-in", someone, "");
    await log.close();
    await fs.appendFile(path.join(dir, ACTIVITY_FILE), '{"id":"torn","at":"20');

    const again = await createActivityLog(await openActivityFile(dir));
    await again.record("delete", someone, "post 2");
    await again.close();
    const reread = await createActivityLog(await openActivityFile(dir));
    expect((await reread.entries()).map((e) => e.kind)).toEqual(["delete", "sign-in"]);
    await reread.close();
  });

  it(`removes entries older than ${ACTIVITY_KEEP_DAYS} days at start and when asked, and takes none back`, async () => {
    const dir = makeTempDir("activity-");
    let now = Date.parse("2030-01-01T00:00:00Z");
    const log = await createActivityLog(await openActivityFile(dir), { now: () => now });
    await log.record("publish", someone, "old");
    now += 10 * DAY;
    await log.record("publish", someone, "newer");
    const old = (await log.entries())[1]!;
    now += (ACTIVITY_KEEP_DAYS - 5) * DAY;
    expect(await log.removeExpired()).toBe(1);
    expect((await log.entries()).map((e) => e.what)).toEqual(["newer"]);
    // A backup's expired entry is not added back.
    expect(await log.addMissing([old])).toBe(0);
    await log.close();

    now += 10 * DAY;
    const reopened = await createActivityLog(await openActivityFile(dir), { now: () => now });
    expect(await reopened.entries()).toEqual([]);
    expect(await fs.readFile(path.join(dir, ACTIVITY_FILE), "utf8")).toBe("");
    await reopened.close();
  });

  it("adds back only the entries whose id is missing", async () => {
    const dir = makeTempDir("activity-");
    const log = await createActivityLog(await openActivityFile(dir));
    await log.record("purge", someone, "3 posts");
    const [entry] = await log.entries();
    const copy = { ...entry!, id: "elsewhere-1" };
    expect(await log.addMissing([entry!, copy, copy])).toBe(1);
    expect((await log.entries()).map((e) => e.id).sort()).toEqual([entry!.id, "elsewhere-1"].sort());
    await log.close();
  });
});

describe("failed sign-ins in the log are bounded", () => {
  it("past the budget, failures are refused as ever but not recorded", async () => {
    const dir = makeTempDir("activity-");
    const store = await openJsonStore(dir, { seed: false });
    const records = await openSessionRecords(dir);
    const activity = await createActivityLog(await openActivityFile(dir));
    const budget = { limit: 2, windowMs: 60 * 60 * 1000 };
    const auth = createAuthService({ store, records, activity, failedSignInRecords: budget });
    const { user } = await makeUser(store);
    // Different addresses, so the per-address limit does not stop them first.
    for (let i = 1; i <= 4; i++) {
      await expect(
        auth.login({ username: user.username, password: "not the password" }, { ip: `192.0.2.${i}` }),
      ).rejects.toThrow(AUTH_FORM_MESSAGES.invalidCredentials);
    }
    const failed = (await activity.entries()).filter((e) => e.kind === "sign-in-failed");
    expect(failed.map((e) => e.ip).sort()).toEqual(["192.0.2.1", "192.0.2.2"]);
    expect(failed[0]!.what).toBe(ACTIVITY_MESSAGES.attempt(user.username));
    await activity.close();
    await records.close();
    await store.close();
  });
});

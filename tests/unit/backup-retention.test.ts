import { describe, expect, it, vi } from "vitest";
import { backupName, backupTime } from "~/server/backups/backup-file";
import { retainedBackups, retentionTiers, RETENTION_TIERS } from "~/server/backups/backup-retention";
import { slotOf, startBackupScheduler } from "~/server/backups/backup-scheduler";
import { expectConsoleError } from "../helpers/fail-on-console-error";

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (iso: string) => new Date(`${iso}T02:00:00.000Z`);

/** A daily backup for `days` days from `start`, pruned after each as a shelf prunes; answers the names kept, newest first. */
function simulateDaily(start: Date, days: number, keep: number): string[] {
  let kept: string[] = [];
  for (let n = 0; n < days; n++) {
    const written = backupName(new Date(start.getTime() + n * DAY_MS));
    const names = [written, ...kept];
    const retained = retainedBackups(names, keep, written);
    kept = names.filter((name) => retained.has(name));
  }
  return kept;
}

const dates = (names: string[]) => names.map((name) => backupTime(name).toISOString().slice(0, 10));

describe("tiered retention over a simulated year of daily backups", () => {
  it("keeps the last 7 days, the last 4 weeks' newest and the last 6 months' newest, and nothing older", () => {
    // 2026-01-01 to 2026-12-31, the last a Thursday.
    const kept = simulateDaily(day("2026-01-01"), 365, 1);
    const tiers = retentionTiers(kept);
    expect(tiers.daily).toHaveLength(RETENTION_TIERS.daily);
    expect(tiers.weekly).toHaveLength(RETENTION_TIERS.weekly);
    expect(tiers.monthly).toHaveLength(RETENTION_TIERS.monthly);
    expect(dates(tiers.daily)).toEqual([
      ...["2026-12-31", "2026-12-30", "2026-12-29", "2026-12-28"],
      ...["2026-12-27", "2026-12-26", "2026-12-25"],
    ]);
    // Weeks run Monday to Sunday: the newest of each is its Sunday, this week's is today.
    expect(dates(tiers.weekly)).toEqual(["2026-12-31", "2026-12-27", "2026-12-20", "2026-12-13"]);
    // The newest of each month is its last day, this month's is today.
    expect(dates(tiers.monthly)).toEqual([
      ...["2026-12-31", "2026-11-30", "2026-10-31"],
      ...["2026-09-30", "2026-08-31", "2026-07-31"],
    ]);
    // The union, newest first: the tiers overlap on today and on the 27th.
    expect(dates(kept)).toEqual([
      ...["2026-12-31", "2026-12-30", "2026-12-29", "2026-12-28", "2026-12-27", "2026-12-26", "2026-12-25"],
      ...["2026-12-20", "2026-12-13", "2026-11-30", "2026-10-31", "2026-09-30", "2026-08-31", "2026-07-31"],
    ]);
  });

  it("keeps the newest BACKUP_KEEP besides the tiers, counting the one just written", () => {
    const kept = simulateDaily(day("2026-01-01"), 365, 10);
    expect(dates(kept.slice(0, 10))).toEqual(
      Array.from({ length: 10 }, (_, n) =>
        new Date(day("2026-12-31").getTime() - n * DAY_MS).toISOString().slice(0, 10),
      ),
    );
    // Then the two older weeks' and five older months' newest.
    expect(dates(kept.slice(10))).toEqual([
      ...["2026-12-20", "2026-12-13"],
      ...["2026-11-30", "2026-10-31", "2026-09-30", "2026-08-31", "2026-07-31"],
    ]);
  });

  it("keeps several backups of one day only as the newest `keep`, the day's newest in its tier", () => {
    const names = [0, 1, 2, 3].map((h) => backupName(new Date(Date.UTC(2026, 5, 1, 12 - h)))); // newest first
    expect([...retainedBackups(names, 2)].sort()).toEqual(names.slice(0, 2).sort());
  });
});

describe("the backup schedule", () => {
  it("names each backup by the start of its UTC day or hour", () => {
    const now = new Date("2026-11-29T17:42:10.123Z");
    expect(slotOf("daily", now).toISOString()).toBe("2026-11-29T00:00:00.000Z");
    expect(slotOf("hourly", now).toISOString()).toBe("2026-11-29T17:00:00.000Z");
  });

  it("holds a failure for the health report until a backup succeeds, logging each cause once", async () => {
    let fail: string | undefined = "The disk is full.";
    const slots: string[] = [];
    const scheduler = startBackupScheduler("daily", (slot) => {
      slots.push(slot.toISOString());
      if (fail) return Promise.reject(new Error(fail));
      return Promise.resolve({ name: backupName(slot), file: backupName(slot), count: 0 });
    });
    try {
      expect(scheduler.health()).toEqual({ schedule: "daily", lastScheduledAt: null, failure: null });
      expectConsoleError(/scheduled backup failed/);
      await scheduler.check(new Date("2026-03-01T05:00:00.000Z"));
      const first = scheduler.health().failure;
      expect(first).toEqual({ reason: "The disk is full.", since: expect.any(String) });
      await scheduler.check(new Date("2026-03-01T06:00:00.000Z")); // the same cause: not logged again
      expect(scheduler.health().failure).toEqual(first);
      expect(vi.mocked(console.error).mock.calls).toHaveLength(1);
      fail = undefined;
      await scheduler.check(new Date("2026-03-01T07:00:00.000Z"));
      expect(scheduler.health()).toEqual({ schedule: "daily", lastScheduledAt: expect.any(String), failure: null });
      expect(slots).toEqual(Array(3).fill("2026-03-01T00:00:00.000Z"));
    } finally {
      await scheduler.stop();
    }
  });

  it("off takes nothing", async () => {
    const scheduler = startBackupScheduler("off", () => Promise.reject(new Error("never")));
    await scheduler.check();
    expect(scheduler.health()).toEqual({ schedule: "off", lastScheduledAt: null, failure: null });
    await scheduler.stop();
  });
});

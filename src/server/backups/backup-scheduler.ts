import type { BackupSchedule, ScheduledBackupHealth } from "~/shared/backups";
import type { WrittenBackup } from "./backup-shelf";

/** How often the schedule looks whether its slot's backup is taken; the timer does not keep the process up. */
export const BACKUP_CHECK_MS = 60_000;

const HOUR_MS = 60 * 60 * 1000;
const SLOT_MS: Record<Exclude<BackupSchedule, "off">, number> = { hourly: HOUR_MS, daily: 24 * HOUR_MS };

/**
 * The start of the slot `now` falls in (the UTC hour or day): a scheduled backup is named by it,
 * so every instance names the slot's backup alike and only the first stores it
 * (docs/decisions/196-scheduled-backups-and-retention.md).
 */
export function slotOf(schedule: Exclude<BackupSchedule, "off">, now: Date): Date {
  return new Date(Math.floor(now.getTime() / SLOT_MS[schedule]) * SLOT_MS[schedule]);
}

export type BackupScheduler = {
  /** Takes the current slot's backup unless one is there; a check asked for while one runs shares it. */
  check(now?: Date): Promise<void>;
  /** For the health report. */
  health(): ScheduledBackupHealth;
  /** Ends the checks and waits for one that is running, so nothing writes to a closing store. */
  stop(): Promise<void>;
};

/**
 * Whole-site backups on a schedule (BACKUP_SCHEDULE). `take(slot)` writes the slot's backup, or
 * answers undefined when it exists (another instance took it). A failure (a full disk, the
 * database away) is logged once per cause, held for the health report, and tried again at the next
 * check until it succeeds. The first check is a minute after start, not at start: a restart loop
 * must not fill the disk, and the slot's backup is taken within the minute anyway.
 */
export function startBackupScheduler(
  schedule: BackupSchedule,
  take: (slot: Date) => Promise<WrittenBackup | undefined>,
  checkMs = BACKUP_CHECK_MS,
): BackupScheduler {
  let lastScheduledAt: string | null = null;
  let failure: ScheduledBackupHealth["failure"] = null;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function run(now: Date) {
    if (schedule === "off" || stopped) return;
    try {
      const written = await take(slotOf(schedule, now));
      if (written) lastScheduledAt = new Date().toISOString();
      failure = null;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (failure?.reason !== reason) console.error("The scheduled backup failed:", error);
      failure = { reason, since: failure?.since ?? new Date().toISOString() };
    }
  }

  const check = (now = new Date()) => {
    running ??= run(now).finally(() => (running = undefined));
    return running;
  };
  const timer = schedule === "off" ? undefined : setInterval(() => void check(), checkMs);
  timer?.unref();

  return {
    check,
    health: () => ({ schedule, lastScheduledAt, failure }),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

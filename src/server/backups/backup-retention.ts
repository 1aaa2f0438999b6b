import { backupTime } from "./backup-file";

/**
 * Tiered retention (docs/decisions/196-scheduled-backups-and-retention.md): besides the newest
 * BACKUP_KEEP, the newest backup of each of the last 7 days, 4 weeks and 6 months that have one is
 * kept, so a daily schedule leaves a year's worth of restore points in 17 files at most.
 */
export const RETENTION_TIERS = { daily: 7, weekly: 4, monthly: 6 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The period a time falls in, by UTC: its day, its week (Monday to Sunday) and its month. */
const PERIODS = {
  daily: (time: Date) => time.toISOString().slice(0, 10),
  // 1970-01-01 was a Thursday: three days on, week numbers start on Mondays.
  weekly: (time: Date) => String(Math.floor((Math.floor(time.getTime() / DAY_MS) + 3) / 7)),
  monthly: (time: Date) => time.toISOString().slice(0, 7),
} satisfies Record<keyof typeof RETENTION_TIERS, (time: Date) => string>;

/** The backups each tier keeps, from names newest first; a tier lists at most its count. */
export function retentionTiers(namesNewestFirst: readonly string[]): Record<keyof typeof RETENTION_TIERS, string[]> {
  const tiers = { daily: [] as string[], weekly: [] as string[], monthly: [] as string[] };
  for (const tier of Object.keys(tiers) as (keyof typeof tiers)[]) {
    const seen = new Set<string>();
    for (const name of namesNewestFirst) {
      if (tiers[tier].length === RETENTION_TIERS[tier]) break;
      const period = PERIODS[tier](backupTime(name));
      if (seen.has(period)) continue;
      seen.add(period);
      tiers[tier].push(name);
    }
  }
  return tiers;
}

/**
 * The names to keep: the newest `keep` (counting `written`, the one just stored, even if a wrong
 * clock gave it an older name), and every name a tier keeps.
 */
export function retainedBackups(namesNewestFirst: readonly string[], keep: number, written?: string): Set<string> {
  const others = namesNewestFirst.filter((name) => name !== written);
  const kept = new Set(written === undefined ? others.slice(0, keep) : [written, ...others.slice(0, keep - 1)]);
  for (const names of Object.values(retentionTiers(namesNewestFirst))) for (const name of names) kept.add(name);
  return kept;
}

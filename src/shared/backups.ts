import { z } from "zod";

/**
 * The kinds of record a whole-site backup holds and a restore may put back, each chosen on its own
 * (docs/decisions/195-whole-site-backups.md). The order is the one the preview and the result
 * message list them in.
 */
export const BACKUP_KINDS = [
  "posts",
  "pages",
  "tags",
  "site",
  "media",
  "users",
  "messages",
  "settings",
  "activity",
  "analytics",
] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

/** BACKUP_SCHEDULE's values: a backup each UTC day, each hour, or none on a schedule. */
export const BACKUP_SCHEDULES = ["daily", "hourly", "off"] as const;
export type BackupSchedule = (typeof BACKUP_SCHEDULES)[number];

/** What the health report says of scheduled backups. */
export type ScheduledBackupHealth = {
  schedule: BackupSchedule;
  /** The newest backup the schedule took since this server started; null before the first. */
  lastScheduledAt: string | null;
  /** Set while the schedule's last attempt failed (tried again at every check) until one succeeds. */
  failure: { reason: string; since: string } | null;
};

/** What the Restore dialog names each kind. */
export const BACKUP_KIND_LABELS: Record<BackupKind, string> = {
  posts: "Posts (with their revisions and old addresses)",
  pages: "Pages (with their revisions and old paths)",
  tags: "Tags",
  site: "Site content",
  media: "Images",
  users: "Users (with their passwords)",
  messages: "Inbox messages",
  settings: "Settings",
  activity: "Activity log",
  analytics: "Analytics counts",
};

/** How a restore of one kind would change the site (a preview) or did change it. */
export type KindOutcome = { added: number; replaced: number; unchanged: number };
export type KindOutcomes = Partial<Record<BackupKind, KindOutcome>>;

/**
 * What a backup holds, kind by kind, as counts (`site` and `settings` are 0 or 1), plus the
 * posts' revisions and old addresses; a backup of an older release lists its posts only.
 */
export type BackupHolds = Partial<Record<BackupKind | "revisions" | "redirects", number>>;

/** The kinds posts-only restores put back: the posts, and the images they show. */
export const POSTS_ONLY: readonly BackupKind[] = ["posts", "media"];

export const kindsSchema = z.array(z.enum(BACKUP_KINDS)).min(1).max(BACKUP_KINDS.length);
export const kindsRequestSchema = z.strictObject({ kinds: kindsSchema });
export const previewRequestSchema = z.strictObject({ kinds: kindsSchema.optional() });

const ONE: Record<BackupKind, string> = {
  posts: "post",
  pages: "page",
  tags: "tag",
  site: "site",
  media: "image",
  users: "user",
  messages: "message",
  settings: "settings",
  activity: "activity entry",
  analytics: "analytics row",
};

const MANY: Partial<Record<BackupKind, string>> = {
  media: "images",
  activity: "activity entries",
  analytics: "analytics rows",
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "posts: 1 added, 5 left alone" for one kind, or undefined when the backup had nothing of it. */
function describeKind(kind: BackupKind, { added, replaced, unchanged }: KindOutcome): string | undefined {
  if (added + replaced + unchanged === 0) return undefined;
  const parts = [
    added > 0 && `${added} added`,
    replaced > 0 && `${replaced} replaced`,
    unchanged > 0 && `${unchanged} left alone`,
  ].filter(Boolean);
  return `${kind}: ${parts.join(", ")}`;
}

export const BACKUP_KIND_MESSAGES = {
  kindsRequest: `Send {"kinds": [...]} naming what to restore, from: ${BACKUP_KINDS.join(", ")}.`,
  previewRequest: `Send no body to preview every kind, or {"kinds": [...]} from: ${BACKUP_KINDS.join(", ")}.`,
  /** The result of a restore by kind: every kind it touched, then those it left as they were. */
  restoredKinds: (outcomes: KindOutcomes) => {
    const lines = BACKUP_KINDS.flatMap((kind) => {
      const outcome = outcomes[kind];
      const line = outcome && describeKind(kind, outcome);
      return line ? [line] : [];
    });
    return lines.length === 0
      ? "The backup held nothing of the kinds chosen, so nothing was changed."
      : `Restored ${lines.join("; ")}.`;
  },
  /** The Restore dialog's title line under the backup's name. */
  holds: (holds: BackupHolds) =>
    BACKUP_KINDS.filter((kind) => (holds[kind] ?? 0) > 0)
      .map((kind) =>
        kind === "site" || kind === "settings" ? kind : plural(holds[kind]!, ONE[kind], MANY[kind] ?? kind),
      )
      .join(", "),
  previewNothing: "Choose at least one kind of record to restore.",
} as const;

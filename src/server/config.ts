import path from "node:path";
import { DEFAULT_HISTORY_POLICY, type HistoryPolicy } from "~/server/lifecycle/trash";
import { z } from "zod";
import { trustProxySchema, type TrustProxy } from "~/server/http/trust-proxy";
import { DEFAULT_MAX_IMAGE_PIXELS } from "~/server/media/image-bytes";
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from "~/shared/media";
import { WARM_UP_MS } from "~/server/page-cache/warm-start";
import { BACKUP_SCHEDULES, type BackupSchedule } from "~/shared/backups";

/** Newsletter messages a minute: well inside what shared mail hosts and SES's starting quota allow. */
const DEFAULT_NEWSLETTER_RATE = 600;
/** Scheduled posts are looked for this often by default, well inside the 30 seconds they may wait. */
const DEFAULT_SCHEDULER_TICK_MS = 10_000;
/** An instance that stops answering gives its outbox work up within this, plus a third of it for the sweep. */
const DEFAULT_OUTBOX_LEASE_MS = 30_000;

/**
 * Every setting the server reads, in one place (docs/architecture.md section 7): parsed once at start-up,
 * and a bad value stops the server with a list of every bad variable before it listens.
 */
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().trim().min(1).default("data"),
    PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    SESSION_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    ADMIN_USERNAME: optionalText,
    ADMIN_PASSWORD: optionalText,
    TRUST_PROXY: trustProxySchema,
    CONTACT_WEBHOOK_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    // docs/decisions/015-contact-notifications-by-smtp.md: smtp:// (STARTTLS when offered) or smtps:// (TLS).
    SMTP_URL: optionalText.pipe(
      z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
    ),
    CONTACT_NOTIFY_TO: optionalText.pipe(
      z
        .string()
        .transform((v) =>
          v
            .split(",")
            .map((a) => a.trim())
            .filter(Boolean),
        )
        .pipe(z.array(z.email("must be email addresses separated by commas")).min(1))
        .optional(),
    ),
    CONTACT_NOTIFY_FROM: optionalText.pipe(z.email("must be an email address").optional()),
    SMTP_RETRY_DELAYS_MS: optionalText.pipe(
      z
        .string()
        .regex(/^\d+(,\d+)*$/, "must be milliseconds separated by commas, like 5000,30000")
        .transform((v) => v.split(",").map(Number))
        .optional(),
    ),
    // docs/decisions/247-newsletter-sends-through-the-outbox.md: messages a minute, and the sender's addresses.
    NEWSLETTER_RATE: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_NEWSLETTER_RATE),
    NEWSLETTER_FROM: optionalText.pipe(z.string().max(320).optional()),
    NEWSLETTER_REPLY_TO: optionalText.pipe(z.email("must be an email address").optional()),
    // docs/decisions/225-signed-webhooks-through-the-outbox.md and 226-webhooks-refuse-private-addresses.md.
    WEBHOOK_ALLOW_PRIVATE: optionalText.pipe(
      z.enum(["true", "false"], { error: 'must be "true" or "false"' }).optional(),
    ),
    IMPORT_ALLOW_PRIVATE: optionalText.pipe(
      z.enum(["true", "false"], { error: 'must be "true" or "false"' }).optional(),
    ),
    WEBHOOK_RETRY_DELAYS_MS: optionalText.pipe(
      z
        .string()
        .regex(/^\d+(,\d+)*$/, "must be milliseconds separated by commas, like 60000,300000")
        .transform((v) => v.split(",").map(Number))
        .optional(),
    ),
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    IMPORT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(20),
    BACKUP_SCHEDULE: optionalText.pipe(
      z.enum(BACKUP_SCHEDULES, { error: `must be one of ${BACKUP_SCHEDULES.join(", ")}` }).default("daily"),
    ),
    REVISIONS_KEPT: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_HISTORY_POLICY.revisions.kept),
    REVISION_DAYS: z.coerce.number().int().min(0).max(36_500).default(DEFAULT_HISTORY_POLICY.revisions.days),
    TRASH_DAYS: z.coerce.number().int().min(0).max(36_500).default(DEFAULT_HISTORY_POLICY.trashDays),
    HTML_CACHE_BYTES: optionalText.pipe(z.coerce.number<string | undefined>().int().min(0).optional()),
    MIN_FREE_BYTES: optionalText.pipe(z.coerce.number<string | undefined>().int().min(0).optional()),
    // Within the 30 seconds a scheduled post may wait (docs/decisions/120-scheduled-publishing-exactly-once.md).
    SCHEDULER_TICK_MS: z.coerce.number().int().min(50).max(30_000).default(DEFAULT_SCHEDULER_TICK_MS),
    OUTBOX_LEASE_MS: z.coerce.number().int().min(300).max(45_000).default(DEFAULT_OUTBOX_LEASE_MS),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    // docs/decisions/050-uncached-rendering.md; 0 starts without it.
    WARM_UP_MS: z.coerce.number().int().min(0).max(60_000).default(WARM_UP_MS),
    MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
    MAX_CONNECTIONS_PER_ADDRESS: optionalText.pipe(z.coerce.number<string | undefined>().int().min(1).optional()),
    MAX_IMAGE_PIXELS: z.coerce.number().int().min(1).max(1_000_000_000).default(DEFAULT_MAX_IMAGE_PIXELS),
    UPLOAD_RATE: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_UPLOAD_LIMITS.perMinute),
    UPLOAD_QUOTA_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(2 ** 40)
      .default(DEFAULT_UPLOAD_LIMITS.bytesPerDay),
    ANALYTICS: optionalText.pipe(z.enum(["on", "off"], { error: 'must be "on" or "off"' }).optional()),
    DATABASE_URL: optionalText.pipe(
      z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" }).optional(),
    ),
  })
  .superRefine((e, ctx) => {
    // Instances behind one load balancer must seal cookies with one secret, and a generated one
    // would live in each instance's own data folder (docs/decisions/041-postgres-settings.md).
    if (e.DATABASE_URL && !e.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: DATABASE_NEEDS_SECRET });
    }
  });

export const DATABASE_NEEDS_SECRET = "must be set when DATABASE_URL is, so every instance seals sessions alike";

/** Five retries over about an hour: long enough to ride out a mail server's restart. */
const DEFAULT_SMTP_RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 15 * 60_000, 45 * 60_000];

/**
 * Seven retries, the last about 24 hours after the first attempt (1 + 5 + 30 minutes, 2, 4, 8
 * and 9.4 hours): an endpoint down for a day's maintenance still gets every delivery.
 */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  4 * 3_600_000,
  8 * 3_600_000,
  9.4 * 3_600_000,
];

/** 64 MiB holds thousands of rendered pages with their gzip and brotli copies. */
const DEFAULT_HTML_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Settings with a working default that a production site should still set, named (never shown)
 * by the public health report:
 * - PUBLIC_URL: the default `http://localhost:PORT` ends up in canonical links, the RSS feed and
 *   the sitemap, which then point every reader and search engine at their own machine.
 * - SESSION_SECRET: the generated one lives in the data folder, so every copy of that folder (an
 *   operator's backup, docs/architecture.md section 1) can forge sessions, and instances behind a load
 *   balancer (docs/architecture.md section 6) would each seal cookies with a different one.
 */
const PRODUCTION_SETTINGS = ["PUBLIC_URL", "SESSION_SECRET"] as const;

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  /** Absolute base URL for canonical links, feeds and the sitemap, without a trailing slash. */
  publicUrl: string;
  /** Seals session cookies; when unset, one is generated in the data folder on first start. */
  sessionSecret?: string;
  /** The first admin, created on a start with no users. */
  adminUsername?: string;
  adminPassword?: string;
  /** Which hops in front may set X-Forwarded-For/-Proto (src/server/http/trust-proxy.ts). */
  trustProxy: TrustProxy;
  /** Read only on upgrade: it becomes the first webhook endpoint (src/server/webhooks/contact-webhook.ts). */
  contactWebhookUrl?: string;
  /** Webhooks may reach private, loopback and link-local addresses (docs/decisions/226-webhooks-refuse-private-addresses.md). */
  webhookAllowPrivate: boolean;
  /** The wait before each retry of a failed delivery; none left, it is given up. */
  webhookRetryDelaysMs: number[];
  /** Each delivery attempt ends after this long, answered or not. */
  webhookTimeoutMs: number;
  /**
   * An import may download images from private, loopback and link-local addresses (an old site on
   * the same network); off by default, as for webhooks (docs/decisions/254-imported-images-through-the-media-library.md).
   */
  importAllowPrivate: boolean;
  /** Each image download of an import ends after this long. */
  importTimeoutMs: number;
  /** Contact notifications by email: both set or neither (docs/decisions/015-contact-notifications-by-smtp.md). */
  smtpUrl?: string;
  contactNotifyTo?: string[];
  contactNotifyFrom: string;
  /** Waits before each retry of a failed notification or newsletter message; tests shorten them. */
  smtpRetryDelaysMs: number[];
  /**
   * The newsletter (docs/decisions/247-newsletter-sends-through-the-outbox.md): messages a minute
   * across every send, its From (the contact notifications' sender unless set) and Reply-To.
   */
  newsletter: { ratePerMinute: number; from: string; replyTo?: string };
  /** How many backups `DATA_DIR/backups` keeps; older ones are deleted (docs/architecture.md section 4). */
  backupKeep: number;
  /**
   * When a whole-site backup is taken on its own (src/server/backups/backup-scheduler.ts):
   * `daily` (the default, once each UTC day), `hourly` (once each hour) or `off`. Several
   * instances on one database take each one once (docs/decisions/196-scheduled-backups-and-retention.md).
   */
  backupSchedule: BackupSchedule;
  /** How long post history is kept: revisions (the newest N per post, and all younger than days) and the trash. */
  history: HistoryPolicy;
  /**
   * Bound of the rendered-page cache (src/server/page-cache/html-cache.ts); 0 turns it off. Off by default in
   * development, where Vite reloads changed modules and a kept page would hide the change.
   */
  htmlCacheBytes: number;
  /** PostgreSQL instead of the data folder's db.json (docs/decisions/040-postgres-store-mirrors-the-records.md). */
  databaseUrl?: string;
  /** Free space health asks of the data folder's disk; unset: the larger of 64 MB and 3x db.json (health.ts). */
  minFreeBytes?: number;
  /** How often scheduled posts are looked for (src/server/lifecycle/scheduler.ts). */
  schedulerTickMs: number;
  /** How long an outbox claim lasts unless its instance renews it (src/server/outbox/outbox.ts). */
  outboxLeaseMs: number;
  /** How long a production start renders the popular pages before it listens; 0 for none. */
  warmUpMs: number;
  /** After SIGTERM/SIGINT, requests still running this long are cut and the server exits (serve.ts). */
  shutdownTimeoutMs: number;
  /** Open sockets the server accepts at once; more are closed on arrival (serve.ts). */
  maxConnections: number;
  /**
   * Open sockets one address may hold; more from it are closed on arrival. Not applied behind a
   * trusted proxy, whose address every connection has (docs/decisions/080-connections-per-address.md).
   */
  maxConnectionsPerAddress: number;
  /** Width times height an uploaded image may have; a bigger one is refused before decoding (image-bytes.ts). */
  maxImagePixels: number;
  /** Images one user may upload a minute, and bytes a day (docs/decisions/150-upload-limits-and-unused-images.md). */
  uploadLimits: UploadLimits;
  /** Counting page views and leads on the server (docs/decisions/106-analytics-without-cookies.md); ANALYTICS=off ends it all. */
  analytics: boolean;
  /** Names from PRODUCTION_SETTINGS left unset, for the health report. */
  missingProductionSettings: string[];
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const e = parsed.data;
  // Both or neither: a notifier without recipients (or the reverse) would drop every notification silently.
  const smtpProblems = [
    e.SMTP_URL && !e.CONTACT_NOTIFY_TO && "CONTACT_NOTIFY_TO: must be set when SMTP_URL is (who receives the mail)",
    e.CONTACT_NOTIFY_TO && !e.SMTP_URL && "SMTP_URL: must be set when CONTACT_NOTIFY_TO is (the server sending it)",
  ].filter((p): p is string => typeof p === "string");
  if (smtpProblems.length) throw new ConfigError(smtpProblems);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    publicUrl,
    sessionSecret: e.SESSION_SECRET,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: e.TRUST_PROXY,
    contactWebhookUrl: e.CONTACT_WEBHOOK_URL,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === "true",
    webhookRetryDelaysMs: e.WEBHOOK_RETRY_DELAYS_MS ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    importAllowPrivate: e.IMPORT_ALLOW_PRIVATE === "true",
    importTimeoutMs: e.IMPORT_TIMEOUT_MS,
    smtpUrl: e.SMTP_URL,
    contactNotifyTo: e.CONTACT_NOTIFY_TO,
    contactNotifyFrom: e.CONTACT_NOTIFY_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
    smtpRetryDelaysMs: e.SMTP_RETRY_DELAYS_MS ?? DEFAULT_SMTP_RETRY_DELAYS_MS,
    newsletter: {
      ratePerMinute: e.NEWSLETTER_RATE,
      from: e.NEWSLETTER_FROM ?? e.CONTACT_NOTIFY_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
      ...(e.NEWSLETTER_REPLY_TO && { replyTo: e.NEWSLETTER_REPLY_TO }),
    },
    backupKeep: e.BACKUP_KEEP,
    backupSchedule: e.BACKUP_SCHEDULE,
    history: { revisions: { kept: e.REVISIONS_KEPT, days: e.REVISION_DAYS }, trashDays: e.TRASH_DAYS },
    htmlCacheBytes: e.HTML_CACHE_BYTES ?? (e.NODE_ENV === "development" ? 0 : DEFAULT_HTML_CACHE_BYTES),
    databaseUrl: e.DATABASE_URL,
    minFreeBytes: e.MIN_FREE_BYTES,
    schedulerTickMs: e.SCHEDULER_TICK_MS,
    outboxLeaseMs: e.OUTBOX_LEASE_MS,
    warmUpMs: e.WARM_UP_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    maxConnections: e.MAX_CONNECTIONS,
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS ?? Math.max(1, Math.floor(e.MAX_CONNECTIONS / 10)),
    maxImagePixels: e.MAX_IMAGE_PIXELS,
    uploadLimits: { perMinute: e.UPLOAD_RATE, bytesPerDay: e.UPLOAD_QUOTA_BYTES },
    analytics: e.ANALYTICS !== "off",
    missingProductionSettings: PRODUCTION_SETTINGS.filter((name) => e[name] === undefined),
  };
}

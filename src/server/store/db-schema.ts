import { z } from "zod";
import { LISTS, type Counter, type ListDeclaration } from "~/server/collections";
import { idCounter } from "~/server/collections/fields";
import { settingsSchema } from "~/server/collections/settings";
import { formerSiteRevisionSchema, siteSchema, type FormerSiteRevision } from "~/server/collections/site";
import { moveSiteHistory } from "~/server/collections/site-history";
import { slugRedirectSchema } from "~/server/collections/redirects";
import type {
  ApiToken,
  Webhook,
  WebhookDelivery,
  Invitation,
  NewsletterDelivery,
  NewsletterSend,
  Subscriber,
  ContactMessage,
  Redirect,
  Page,
  TrashedPage,
  Post,
  Revision,
  Settings,
  SiteState,
  SlugRedirect,
  Tag,
  TrashedPost,
  User,
} from "./types";

/**
 * The shape of `data/db.json` (docs/architecture.md section 4), checked on every load, made from
 * the record declarations (src/server/collections/). Records are loose objects: a key we do not
 * know (an older or newer release's field) is kept and written back, never silently dropped,
 * because the operator's file is the only copy of the content.
 */
export { MAX_ID } from "~/server/collections/fields";

const metaRecordSchema = z.object({
  nextPostId: idCounter,
  nextTagId: idCounter,
  nextUserId: idCounter,
  nextMessageId: idCounter,
  /** Absent until the first revision; derived from the revisions' ids when missing. */
  nextRevisionId: idCounter.optional(),
  /** Absent until the first API token. */
  nextApiTokenId: idCounter.optional(),
  /** Absent until the first webhook endpoint, and its deliveries'. */
  nextWebhookId: idCounter.optional(),
  nextWebhookDeliveryId: idCounter.optional(),
  /** Absent until the first invitation. */
  nextInvitationId: idCounter.optional(),
  /** Absent until the first redirect of an old address. */
  nextRedirectId: idCounter.optional(),
  /** Absent until the first page. */
  nextPageId: idCounter.optional(),
  /** Absent until the first newsletter subscriber, send and delivery. */
  nextSubscriberId: idCounter.optional(),
  nextNewsletterSendId: idCounter.optional(),
  nextNewsletterDeliveryId: idCounter.optional(),
});
const metaSchema = metaRecordSchema.loose();

/** Two records that share a key: `path` names the second, as the file's lists hold them. */
export type Duplicate = { path: [string, number]; message: string; records: [object, object] };

type Lists = Partial<Record<(typeof LISTS)[number]["key"], readonly object[]>>;

/**
 * Two records with one key would make lookups ambiguous, so the file is refused instead. Also
 * run on the data a journal replay made (journal-check.ts), which names the record to blame.
 */
export function findDuplicates(db: Lists): Duplicate[] {
  const found: Duplicate[] = [];
  for (const { key, unique = [] } of LISTS) {
    for (const { of, alsoIn } of unique) {
      const list = [...(alsoIn ? (db[alsoIn] ?? []) : []), ...(db[key] ?? [])];
      const seen = new Map<unknown, object>();
      list.forEach((item, index) => {
        const k = of(item as never);
        const first = seen.get(k);
        if (first) found.push({ path: [key, index], message: `Duplicate ${String(k)}`, records: [first, item] });
        else seen.set(k, item);
      });
    }
  }
  return found;
}

const listSchema = (stored: z.ZodType, whenMissing: ListDeclaration["whenMissing"]) =>
  whenMissing === "refuse"
    ? z.array(stored)
    : whenMissing === "empty"
      ? z.array(stored).default([])
      : z.array(stored).optional();

export const dbFileSchema = z
  .looseObject({
    ...Object.fromEntries(LISTS.map(({ key, stored, whenMissing }) => [key, listSchema(stored, whenMissing)])),
    // Documents absent in files from before the inbox settings, tag renames, post history and the
    // site's content as data; read as the defaults.
    settings: settingsSchema.optional(),
    tagRedirects: z.array(slugRedirectSchema).optional(),
    postRedirects: z.array(slugRedirectSchema).optional(),
    pageRedirects: z.array(slugRedirectSchema).optional(),
    site: siteSchema.optional(),
    // The site's history as older releases kept it, moved into `revisions` as it is read.
    siteRevisions: z.array(formerSiteRevisionSchema).optional(),
    // A file written by hand or by an older tool may lack counters; they are derived from the ids.
    meta: metaSchema.optional(),
  })
  .superRefine((db, ctx) => {
    for (const { path, message } of findDuplicates(db as Lists)) ctx.addIssue({ code: "custom", path, message });
  });

export type Meta = z.infer<typeof metaRecordSchema>;

export type DbFile = {
  posts: Post[];
  tags: Tag[];
  users: User[];
  messages: ContactMessage[];
  settings?: Settings;
  tagRedirects?: SlugRedirect[];
  postRedirects?: SlugRedirect[];
  revisions?: Revision[];
  trash?: TrashedPost[];
  apiTokens?: ApiToken[];
  webhooks?: Webhook[];
  webhookDeliveries?: WebhookDelivery[];
  invitations?: Invitation[];
  redirects?: Redirect[];
  pages?: Page[];
  pageTrash?: TrashedPage[];
  /** A page's old paths, leading to it by id (lifecycle/trash.ts). */
  pageRedirects?: SlugRedirect[];
  subscribers?: Subscriber[];
  newsletterSends?: NewsletterSend[];
  newsletterDeliveries?: NewsletterDelivery[];
  site?: SiteState;
  meta: Meta;
};

/** Names the file and what is wrong with it; the file itself is never touched (docs/architecture.md section 4). */
export class DataFileError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`${file} ${problem}. The file was left untouched: fix it or restore a backup, then start again.`);
    this.name = "DataFileError";
  }
}

export function describeIssues(issues: readonly z.core.$ZodIssue[], max = 5): string {
  const listed = issues.slice(0, max).map((i) => `${i.path.map(String).join(".") || "(root)"}: ${i.message}`);
  const more = issues.length > max ? `; and ${issues.length - max} more` : "";
  return listed.join("; ") + more;
}

const nextAbove = (ids: number[], stored = 1) => ids.reduce((next, n) => Math.max(next, n + 1), stored);

/** Validates parsed JSON and fills what older files may lack (`summary`, `meta`). */
export function parseDbFile(raw: unknown, file: string): DbFile {
  const result = dbFileSchema.safeParse(raw);
  if (!result.success) {
    throw new DataFileError(file, `does not match the expected data format (${describeIssues(result.error.issues)})`);
  }
  // The lists' schemas come from the declarations, so zod cannot spell their types here: the
  // declarations' record types (types.ts) are the same schemas' z.infer.
  return completeDbFile(result.data as unknown as StoredDbFile);
}

/** The data as dbFileSchema accepts it, before completeDbFile fills it. */
export type StoredDbFile = Omit<DbFile, "posts" | "meta"> & {
  posts: (Omit<Post, "summary"> & { summary?: string })[];
  siteRevisions?: FormerSiteRevision[];
  meta?: Partial<Meta>;
};

/**
 * Fills what older files may lack: what each declaration's `complete` fills (a post's `summary`
 * from its `excerpt`, a published post's `publishedAt`), the site's history in the revisions
 * (site-history.ts), and counters from the ids. Also run on
 * the data a journal replay made (journalled-db-file.ts), so replayed records are read as
 * db.json's are.
 */
export function completeDbFile(db: StoredDbFile): DbFile {
  const lists = moveSiteHistory({ ...db }, db.meta?.nextRevisionId ?? 1) as unknown as Lists;
  const completed: Record<string, readonly object[]> = {};
  for (const { key, complete } of LISTS) {
    const records = lists[key];
    if (!complete || !records) continue;
    const filled = records.map((record) => complete(record as never));
    // The very same list when nothing needed filling, as before.
    if (filled.some((record, i) => record !== records[i])) completed[key] = filled;
  }
  Object.assign(lists, completed);
  // Counters only ever move up: a stored counter above every id keeps deleted ids retired.
  const counted = new Map<Counter, { ids: number[]; whenAny?: boolean }>();
  for (const { key, counter } of LISTS) {
    if (!counter) continue;
    const entry = counted.get(counter.name) ?? { ids: [], whenAny: counter.whenAny };
    for (const record of lists[key] ?? []) entry.ids.push((record as { id: number }).id);
    counted.set(counter.name, entry);
  }
  const meta = { ...db.meta } as Meta;
  for (const [name, { ids, whenAny }] of counted) {
    if (!whenAny || ids.length > 0) meta[name] = nextAbove(ids, db.meta?.[name]);
  }
  return { ...(lists as unknown as DbFile), meta };
}

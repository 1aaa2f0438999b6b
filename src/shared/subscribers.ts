import { z } from "zod";
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from "./newsletter";
import { plural } from "./plural";

/**
 * The Subscribers screen and its API (docs/decisions/261-subscribers-imported-with-their-consent.md):
 * the newsletter's readers listed, searched, filtered by status, exported and imported as CSV, and
 * deleted. Admins only ("subscribers.manage" in src/shared/permissions.ts).
 */

/** Readers one page of the list shows. */
export const SUBSCRIBERS_PAGE_SIZE = 50;
/** The largest CSV an import takes: some 100,000 addresses with names. */
export const SUBSCRIBERS_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The most addresses one import adds or changes. */
export const SUBSCRIBERS_IMPORT_MAX_ROWS = 100_000;
/** Bad lines an answer lists at most; the count says how many there were. */
export const IMPORT_ERRORS_LISTED = 100;
export const CONSENT_NOTE_MAX = 500;

export const STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
  bouncing: "Bouncing",
};

/** One reader as the list and its CSV show them. */
export type SubscriberItem = {
  id: number;
  email: string;
  name?: string;
  status: SubscriberStatus;
  createdAt: string;
  confirmedAt?: string;
  unsubscribedAt?: string;
  /** The path of the page whose form the reader subscribed with. */
  page?: string;
  bounces: number;
  /** Where an imported reader's consent came from, as the import's note said. */
  consentNote?: string;
};

export type SubscriberCounts = Record<SubscriberStatus | "all", number>;

/** GET /api/admin/subscribers: one page of the readers the query matches, and every status's count. */
export type SubscribersPage = {
  subscribers: SubscriberItem[];
  page: number;
  pageCount: number;
  /** Readers the query matches. */
  total: number;
  /** Readers of each status on the whole list, whatever the query. */
  counts: SubscriberCounts;
};

/** One line of an import refused, counted from 1 as an editor numbers a file's lines. */
export type ImportLineError = { line: number; message: string };

/** POST /api/admin/subscribers/import: what the import did. */
export type SubscribersImportReport = {
  /** New addresses, stored confirmed with the consent note. */
  added: number;
  /** Pending addresses the note confirms. */
  confirmed: number;
  /** Addresses that were confirmed already: left as they were. */
  unchanged: number;
  /** Addresses that unsubscribed or bounce, and rows the file marks so: never subscribed again by an import. */
  skipped: number;
  /** Addresses written twice in the file: counted once. */
  duplicates: number;
};

export const SUBSCRIBERS_MESSAGES = {
  invalidQuery: "The filter is not valid.",
  statusInvalid: `Status must be ${SUBSCRIBER_STATUSES.join(", ")}.`,
  invalidId: "A subscriber id is a positive whole number.",
  notFound: (id: number) => `No subscriber ${id}.`,
  consentRequired: "Say where these readers gave their consent, such as “sign-up sheet at the 2026 trade fair”.",
  consentTooLong: `Keep the note under ${CONSENT_NOTE_MAX} characters.`,
  fileRequired: "Choose a CSV file with a column named email.",
  fileTooLarge: `The file is too large (at most ${SUBSCRIBERS_IMPORT_MAX_BYTES / 1024 / 1024} MB).`,
  contentType:
    "Send the CSV as multipart/form-data (fields file and consent) or as text/csv with ?consent= in the address.",
  noAddresses: "The file has no addresses.",
  tooManyRows: `An import takes at most ${SUBSCRIBERS_IMPORT_MAX_ROWS.toLocaleString("en-US")} addresses; split the file.`,
  noEmailColumn: "The first line must name the columns, one of them email (or the first column must be addresses).",
  importRefused: (bad: number) =>
    `Nothing was imported: ${plural(bad, "line")} of the file ${bad === 1 ? "is" : "are"} not valid. Correct ${bad === 1 ? "it" : "them"} and import the file again.`,
  line: (line: number, message: string) => `Line ${line}: ${message}`,
  unclosedQuote: "a quoted field is not closed",
  strayQuote: "a quote inside a field that does not start with one",
  emailMissing: "no email address",
  emailInvalid: (email: string) => `“${email}” is not a valid email address`,
  nameTooLong: "the name is longer than 100 characters",
  statusUnknown: (status: string) => `the status “${status}” is none of ${SUBSCRIBER_STATUSES.join(", ")}`,
  imported: (r: SubscribersImportReport) =>
    [
      `${plural(r.added, "address", "addresses")} added`,
      `${r.confirmed} confirmed`,
      `${r.unchanged} already subscribed`,
      `${r.skipped} skipped (unsubscribed or bouncing)`,
      ...(r.duplicates ? [`${plural(r.duplicates, "duplicate")} counted once`] : []),
    ].join(", ") + ".",
} as const;

/** The screen's words. */
export const SUBSCRIBERS_SCREEN = {
  tab: "Subscribers",
  heading: "Subscribers",
  intro:
    "Readers of the newsletter. Only confirmed readers get posts; an address that unsubscribed is never subscribed again by an import.",
  search: "Search",
  searchHint: "Address or name",
  status: "Status",
  anyStatus: "Any status",
  counts: (c: SubscriberCounts) =>
    `${plural(c.all, "subscriber")}: ${SUBSCRIBER_STATUSES.map((s) => `${c[s]} ${STATUS_LABELS[s].toLowerCase()}`).join(", ")}`,
  exportCsv: "Export CSV",
  email: "Email",
  name: "Name",
  since: "Subscribed",
  source: "Came from",
  imported: (note: string) => `Imported: ${note}`,
  empty: "No one has subscribed yet.",
  noMatches: "No subscriber matches this search.",
  loadFailed: { failed: "Failed to load the subscribers", error: "Error loading the subscribers" },
  delete: "Delete",
  deleteLabel: (email: string) => `Delete ${email}`,
  deleteTitle: "Delete this subscriber?",
  deleteConfirm: (email: string) =>
    `${email} and the record of every post sent to it are erased. This cannot be undone; the reader can subscribe again.`,
  deleted: "Subscriber deleted",
  deleteFailed: { failed: "Subscriber not deleted", error: "Subscriber delete error" },
  importHeading: "Import from CSV",
  importIntro:
    "A file with a column named email, and optionally name. Imported addresses are confirmed without an email, so import only readers who agreed to receive the newsletter, and say where they did.",
  file: "CSV file",
  consent: "Where these readers gave their consent",
  consentHint: "Kept with each imported address.",
  importButton: "Import",
  importing: "Importing…",
  importDone: "Subscribers imported",
  importFailed: { failed: "Nothing was imported", error: "Import error" },
  pages: "Subscriber pages",
} as const;

const status = z.enum(SUBSCRIBER_STATUSES, { error: SUBSCRIBERS_MESSAGES.statusInvalid });

/** `?q=&status=&page=` of the list and its CSV. */
export const subscribersQuerySchema = z.object({
  q: z.string().trim().max(254).optional(),
  // The filter's "Any status" sends an empty value.
  status: z.preprocess((v) => (v === "" ? undefined : v), status.optional()),
  page: z.coerce.number().int().min(1).default(1),
});
export type SubscribersQuery = z.infer<typeof subscribersQuerySchema>;

/** The import's consent note. */
export const consentNoteSchema = z
  .string({ error: SUBSCRIBERS_MESSAGES.consentRequired })
  .trim()
  .min(1, SUBSCRIBERS_MESSAGES.consentRequired)
  .max(CONSENT_NOTE_MAX, SUBSCRIBERS_MESSAGES.consentTooLong);

/** "Sent to 120 readers", and ", 3 failed" when any did: the Posts list's line and the editor's. */
export const sendSummary = ({ sent, failed }: { sent: number; failed: number }) =>
  SEND_SUMMARY.sentTo(sent) + (failed ? `, ${SEND_SUMMARY.failed(failed)}` : "");

/** The words of a post's send in the editor and the Posts list. */
export const SEND_SUMMARY = {
  sentTo: (sent: number) => `Sent to ${plural(sent, "reader")}`,
  failed: (failed: number) => `${failed} failed`,
  queued: (queued: number) => `${queued} queued`,
  notSent: "Not sent by email.",
  heading: "Newsletter",
  failures: "Failed addresses",
  waiting: "Waiting for the mail server or the send rate.",
} as const;

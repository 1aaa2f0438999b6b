import type { ActivityLog, Who } from "~/server/activity/activity-log";
import { csvDocument } from "~/server/http/csv";
import { readCsv, unguardedCell } from "~/server/http/csv-reader";
import { ValidationError, type FieldErrors } from "~/server/http/errors";
import { pageOrEmpty } from "~/server/http/paging";
import type { Store } from "~/server/records/store";
import type { Subscriber } from "~/server/store/types";
import { ACTIVITY_MESSAGES, type ActivityEntry } from "~/shared/activity";
import { fieldErrors } from "~/shared/field-errors";
import { SUBSCRIBER_STATUSES } from "~/shared/newsletter";
import { subscribeSchema } from "~/shared/newsletter-schema";
import {
  IMPORT_ERRORS_LISTED,
  SUBSCRIBERS_IMPORT_MAX_ROWS,
  SUBSCRIBERS_MESSAGES as M,
  SUBSCRIBERS_PAGE_SIZE,
  consentNoteSchema,
  subscribersQuerySchema,
  type ImportLineError,
  type SubscriberCounts,
  type SubscriberItem,
  type SubscribersImportReport,
  type SubscribersPage,
  type SubscribersQuery,
} from "~/shared/subscribers";
import type { ImportedReader } from "./subscriber-changes";

export type SubscriberAdmin = ReturnType<typeof createSubscriberAdmin>;

const itemOf = (s: Subscriber): SubscriberItem => ({
  id: s.id,
  email: s.email,
  ...(s.name && { name: s.name }),
  status: s.status,
  createdAt: s.createdAt,
  ...(s.confirmedAt && { confirmedAt: s.confirmedAt }),
  ...(s.unsubscribedAt && { unsubscribedAt: s.unsubscribedAt }),
  ...(s.page && { page: s.page }),
  bounces: s.bounces,
  ...(s.consentNote && { consentNote: s.consentNote }),
});

const CSV_COLUMNS = [
  "email",
  "name",
  "status",
  "subscribed_at",
  "confirmed_at",
  "unsubscribed_at",
  "page",
  "bounces",
  "consent_note",
];

function parseQuery(raw: unknown): SubscribersQuery {
  const parsed = subscribersQuerySchema.safeParse(raw ?? {});
  if (!parsed.success) throw new ValidationError(M.invalidQuery, fieldErrors(parsed.error));
  return parsed.data;
}

/** The readers a query matches, newest first: by address or name (any case), and status. */
function matching(all: readonly Subscriber[], { q, status }: SubscribersQuery): Subscriber[] {
  const needle = q?.toLowerCase();
  return all
    .filter(
      (s) =>
        (!status || s.status === status) &&
        (!needle || s.email.toLowerCase().includes(needle) || (s.name ?? "").toLowerCase().includes(needle)),
    )
    .reverse();
}

function countsOf(all: readonly Subscriber[]): SubscriberCounts {
  const counts = { all: all.length, pending: 0, confirmed: 0, unsubscribed: 0, bouncing: 0 };
  for (const s of all) counts[s.status] += 1;
  return counts;
}

/** Column names as people write them in a spreadsheet's first line. */
const EMAIL_HEADERS = new Set(["email", "e-mail", "email address", "e-mail address", "mail"]);
const looksLikeAddress = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value.trim());

/**
 * The rows of an import file, every one checked before anything is written: a bad line is named
 * by its number, and one bad line refuses the whole file (400), so an import is all or nothing.
 * The first line names the columns (`email`, and `name` and `status` when present, in any order:
 * our own export imports as it is); a file whose first cell is an address has no such line and is
 * read as `email,name`. Rows the file marks unsubscribed or bouncing are counted, not imported.
 */
export function importRows(text: string): { rows: ImportedReader[]; skipped: number; duplicates: number } {
  const { records, problems } = readCsv(text);
  const errors: ImportLineError[] = problems.map((p) => ({ line: p.line, message: M[p.problem] }));
  if (records.length === 0 && errors.length === 0) throw new ValidationError(M.noAddresses, { file: [M.noAddresses] });
  const first = (records[0]?.fields ?? []).map((f) => unguardedCell(f).trim().toLowerCase());
  let email = first.findIndex((f) => EMAIL_HEADERS.has(f));
  let name = first.indexOf("name");
  const status = first.indexOf("status");
  let body = records.slice(1);
  if (email === -1) {
    if (!looksLikeAddress(records[0]?.fields[0] ?? "")) {
      throw new ValidationError(M.noEmailColumn, { file: [M.noEmailColumn] });
    }
    [email, name, body] = [0, 1, records];
  }
  if (body.length > SUBSCRIBERS_IMPORT_MAX_ROWS) throw new ValidationError(M.tooManyRows, { file: [M.tooManyRows] });

  const rows: ImportedReader[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  let duplicates = 0;
  for (const { line, fields } of body) {
    const cell = (at: number) => (at === -1 ? "" : unguardedCell(fields[at] ?? "").trim());
    const given = { email: cell(email), name: cell(name) };
    const marked = cell(status).toLowerCase();
    const parsed = subscribeSchema.safeParse(given);
    const bad: string[] = [];
    if (!parsed.success) {
      const issues = fieldErrors(parsed.error);
      if (issues.email) bad.push(given.email ? M.emailInvalid(given.email.slice(0, 100)) : M.emailMissing);
      if (issues.name) bad.push(M.nameTooLong);
    }
    if (marked && !(SUBSCRIBER_STATUSES as readonly string[]).includes(marked)) bad.push(M.statusUnknown(marked));
    if (bad.length) {
      errors.push({ line, message: bad.join("; ") });
      continue;
    }
    if (!parsed.success) continue;
    if (marked === "unsubscribed" || marked === "bouncing") {
      skipped += 1;
      continue;
    }
    const key = parsed.data.email.toLowerCase();
    if (seen.has(key)) {
      duplicates += 1;
      continue;
    }
    seen.add(key);
    rows.push({ email: parsed.data.email, ...(parsed.data.name && { name: parsed.data.name }) });
  }
  if (errors.length) {
    errors.sort((a, b) => a.line - b.line);
    const listed = errors.slice(0, IMPORT_ERRORS_LISTED).map((e) => M.line(e.line, e.message));
    throw new ValidationError(M.importRefused(errors.length), { file: listed });
  }
  if (rows.length === 0 && skipped === 0 && duplicates === 0) {
    throw new ValidationError(M.noAddresses, { file: [M.noAddresses] });
  }
  return { rows, skipped, duplicates };
}

/**
 * The Subscribers screen's service (docs/decisions/261-subscribers-imported-with-their-consent.md):
 * the list with its search, status filter and counts, the CSV export and import, and deleting a
 * reader. The router checks "subscribers.manage"; the activity log records imports and deletions.
 */
export function createSubscriberAdmin({ store, activity }: { store: Store; activity?: ActivityLog }) {
  /** A write with the activity entry it makes, stored with it (the data folder's log appends it after). */
  const logged = async <T>(write: Promise<T>, made: () => ActivityEntry | undefined): Promise<T> => {
    const result = await write;
    const entry = made();
    if (entry) await activity?.written([entry]);
    return result;
  };

  return {
    async list(raw: unknown): Promise<SubscribersPage> {
      const query = parseQuery(raw);
      const all = await store.listSubscribers();
      const { items, ...position } = pageOrEmpty(matching(all, query), query.page, SUBSCRIBERS_PAGE_SIZE);
      return { subscribers: items.map(itemOf), ...position, counts: countsOf(all) };
    },

    /** The readers the query matches (every page), as CSV: the columns an import reads back. */
    async csv(raw: unknown): Promise<string> {
      const rows = matching(await store.listSubscribers(), parseQuery(raw)).map((s) => [
        s.email,
        s.name ?? "",
        s.status,
        s.createdAt,
        s.confirmedAt ?? "",
        s.unsubscribedAt ?? "",
        s.page ?? "",
        String(s.bounces),
        s.consentNote ?? "",
      ]);
      return csvDocument(CSV_COLUMNS, rows);
    },

    /**
     * A CSV file's readers, confirmed with the consent note, in one write; a missing note or file is
     * a 400 naming its field, a bad line a 400 naming every bad line, and then nothing is written.
     */
    async import(
      who: Who,
      file: string | undefined,
      note: unknown,
    ): Promise<SubscribersImportReport & { message: string }> {
      const consent = consentNoteSchema.safeParse(note ?? "");
      const errors: FieldErrors = {};
      if (!consent.success) errors.consent = consent.error.issues.map((i) => i.message);
      if (file === undefined) errors.file = [M.fileRequired];
      if (!consent.success || file === undefined) {
        throw new ValidationError(Object.values(errors)[0]![0]!, errors);
      }
      const { rows, skipped, duplicates } = importRows(file);
      let entry: ActivityEntry | undefined;
      const done = await logged(
        store.importSubscribers(
          rows,
          consent.data,
          (r) =>
            (entry = activity?.entry(
              "subscriber-import",
              who,
              ACTIVITY_MESSAGES.subscribersImported(r.added, r.confirmed, consent.data),
            )),
        ),
        () => entry,
      );
      const report = { ...done, skipped: done.skipped + skipped, duplicates };
      return { ...report, message: M.imported(report) };
    },

    /** Erases the reader and its ledger entries; 404 for an unknown id. */
    async remove(who: Who, id: number): Promise<{ deleted: SubscriberItem; deliveries: number }> {
      let entry: ActivityEntry | undefined;
      const { subscriber, deliveries } = await logged(
        store.deleteSubscriber(
          id,
          (d) =>
            (entry = activity?.entry(
              "subscriber-delete",
              who,
              ACTIVITY_MESSAGES.subscriberDeleted(d.subscriber.id, d.subscriber.email, d.deliveries),
            )),
        ),
        () => entry,
      );
      return { deleted: itemOf(subscriber), deliveries };
    },
  };
}

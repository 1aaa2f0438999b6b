import { storedSubscriberSchema } from "~/server/collections/newsletter";
import { NotFoundError } from "~/server/http/errors";
import { checkRecord, type Change } from "~/server/store/change";
import type { DbFile } from "~/server/store/db-schema";
import type { Snapshot } from "~/server/store/db-snapshot";
import type { Subscriber } from "~/server/store/types";
import { SUBSCRIBERS_MESSAGES, type SubscribersImportReport } from "~/shared/subscribers";

/**
 * The Subscribers screen's writes (docs/decisions/261-subscribers-imported-with-their-consent.md):
 * an import, all of it in one write or none, and a deletion that takes the reader's ledger entries
 * with it. Pure functions of a snapshot, run under either engine's write lock, so the states they
 * read (is this address known? unsubscribed?) are those they write over.
 */

/** A row of an import, checked already: a valid address, a name within bounds. */
export type ImportedReader = { email: string; name?: string };

const subscribersOf = (data: DbFile) => data.subscribers ?? [];

/**
 * Adds the file's readers, confirmed, with the consent note: a new address is added; a pending one
 * is confirmed (and keeps its name unless the file gives one); a confirmed one is left as it is;
 * an unsubscribed or bouncing one is never subscribed again by an import. Addresses are compared
 * without case, as subscribing does. `skippedByFile` rows (the file says they unsubscribed) are
 * only counted.
 */
export function importSubscribers(
  snap: Snapshot,
  rows: readonly ImportedReader[],
  note: string,
  now: string,
): Change<Omit<SubscribersImportReport, "duplicates">> {
  const data = snap.data;
  const list = subscribersOf(data).slice();
  const at = new Map(list.map((s, i) => [s.email.toLowerCase(), i]));
  let nextId = data.meta.nextSubscriberId ?? list.reduce((next, r) => Math.max(next, r.id + 1), 1);
  const report = { added: 0, confirmed: 0, unchanged: 0, skipped: 0 };
  const consent = { consentNote: note, importedAt: now };
  for (const row of rows) {
    const index = at.get(row.email.toLowerCase());
    const found = index === undefined ? undefined : list[index];
    if (!found) {
      const record: Subscriber = {
        id: nextId,
        email: row.email,
        ...(row.name && { name: row.name }),
        status: "confirmed",
        createdAt: now,
        confirmedAt: now,
        bounces: 0,
        ...consent,
      };
      at.set(row.email.toLowerCase(), list.length);
      list.push(checkRecord(storedSubscriberSchema, record));
      nextId += 1;
      report.added += 1;
    } else if (found.status === "pending") {
      list[index!] = checkRecord(storedSubscriberSchema, {
        ...found,
        ...(row.name && { name: row.name }),
        status: "confirmed" as const,
        confirmedAt: now,
        bounces: 0,
        ...consent,
      });
      report.confirmed += 1;
    } else if (found.status === "confirmed") report.unchanged += 1;
    else report.skipped += 1;
  }
  if (report.added === 0 && report.confirmed === 0) return { result: report, kinds: [] };
  return {
    next: { ...data, subscribers: list, meta: { ...data.meta, nextSubscriberId: nextId } },
    result: report,
    kinds: [],
  };
}

/**
 * Erases a reader: the address, every entry of the send ledger about it, and the webhook
 * deliveries that carry it (subscriber.confirmed). NotFoundError for an unknown id. A send under
 * way reads the readers again for each delivery, so it simply no longer finds this one.
 */
export function deleteSubscriber(snap: Snapshot, id: number): Change<{ subscriber: Subscriber; deliveries: number }> {
  const data = snap.data;
  const subscriber = subscribersOf(data).find((s) => s.id === id);
  if (!subscriber) throw new NotFoundError(SUBSCRIBERS_MESSAGES.notFound(id));
  const ledger = data.newsletterDeliveries ?? [];
  const kept = ledger.filter((d) => d.subscriberId !== id);
  const hooks = data.webhookDeliveries ?? [];
  const carries = (payload: Record<string, unknown>) => (payload.subscriber as { id?: unknown } | undefined)?.id === id;
  const keptHooks = hooks.filter((d) => !(d.event === "subscriber.confirmed" && carries(d.payload)));
  return {
    next: {
      ...data,
      subscribers: subscribersOf(data).filter((s) => s.id !== id),
      ...(kept.length !== ledger.length && { newsletterDeliveries: kept }),
      ...(keptHooks.length !== hooks.length && { webhookDeliveries: keptHooks }),
    },
    result: { subscriber, deliveries: ledger.length - kept.length },
    kinds: [],
  };
}

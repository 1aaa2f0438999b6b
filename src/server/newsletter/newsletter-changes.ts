import { checkRecord, type Change } from "~/server/store/change";
import {
  storedNewsletterDeliverySchema,
  storedNewsletterSendSchema,
  storedSubscriberSchema,
} from "~/server/collections/newsletter";
import type { DbFile } from "~/server/store/db-schema";
import type { Snapshot } from "~/server/store/db-snapshot";
import type { NewsletterDelivery, NewsletterSend, Subscriber } from "~/server/store/types";

/**
 * The newsletter's change functions (docs/decisions/245-newsletter-double-opt-in.md,
 * 246-newsletter-send-ledger.md): pure functions of a snapshot, run by either engine under its
 * write lock, so each check (is there an entry for this reader already?) holds when it writes.
 * Readers, sends and the ledger change no page, so their writes name no kind.
 */

/** Permanent failures that make an address bouncing. */
export const BOUNCES_TO_STOP = 3;

const subscribersOf = (data: DbFile) => data.subscribers ?? [];
const sendsOf = (data: DbFile) => data.newsletterSends ?? [];
const deliveriesOf = (data: DbFile) => data.newsletterDeliveries ?? [];
const nextId = (counter: number | undefined, list: readonly { id: number }[]) =>
  counter ?? list.reduce((next, r) => Math.max(next, r.id + 1), 1);
const replaced = <T extends { id: number }>(list: readonly T[], record: T) =>
  list.map((r) => (r.id === record.id ? record : r));

export const findSubscriberByEmail = (data: DbFile, email: string) => {
  const wanted = email.toLowerCase();
  return subscribersOf(data).find((s) => s.email.toLowerCase() === wanted);
};

/**
 * A subscribe request: a new address is stored pending; a pending, unsubscribed or bouncing one
 * becomes pending again; a confirmed one is left as it is. `confirm` says whether a confirmation
 * email goes out now: not for a confirmed reader, and not twice within `gapMs` for one address.
 * `added`: the address became pending now (new, or back after unsubscribing or bouncing), which
 * the analytics count as a subscription (docs/decisions/262-subscriptions-credited-like-leads.md).
 */
export function addSubscriber(
  snap: Snapshot,
  input: { email: string; name?: string; page?: string },
  now: string,
  gapMs: number,
): Change<{ subscriber: Subscriber; confirm: boolean; added: boolean }> {
  const data = snap.data;
  const found = findSubscriberByEmail(data, input.email);
  if (found?.status === "confirmed") return { result: { subscriber: found, confirm: false, added: false }, kinds: [] };
  if (found?.confirmationSentAt && Date.parse(now) - Date.parse(found.confirmationSentAt) < gapMs) {
    return { result: { subscriber: found, confirm: false, added: false }, kinds: [] };
  }
  if (found) {
    const updated = checkRecord(storedSubscriberSchema, {
      ...found,
      status: "pending" as const,
      confirmationSentAt: now,
      ...(input.name && { name: input.name }),
    });
    return {
      next: { ...data, subscribers: replaced(subscribersOf(data), updated) },
      result: { subscriber: updated, confirm: true, added: found.status !== "pending" },
      kinds: [],
    };
  }
  const id = nextId(data.meta.nextSubscriberId, subscribersOf(data));
  const record = checkRecord(storedSubscriberSchema, {
    id,
    email: input.email,
    ...(input.name && { name: input.name }),
    status: "pending" as const,
    createdAt: now,
    confirmationSentAt: now,
    bounces: 0,
    ...(input.page && { page: input.page }),
  });
  return {
    next: {
      ...data,
      subscribers: [...subscribersOf(data), record],
      meta: { ...data.meta, nextSubscriberId: id + 1 },
    },
    result: { subscriber: record, confirm: true, added: true },
    kinds: [],
  };
}

/**
 * A followed confirmation link: a pending reader becomes confirmed (and a bouncing count starts
 * again); a confirmed one stays so. Undefined for a reader that is gone or has unsubscribed since.
 */
export function confirmSubscriber(
  snap: Snapshot,
  id: number,
  now: string,
): Change<{ subscriber: Subscriber; newly: boolean } | undefined> {
  const found = subscribersOf(snap.data).find((s) => s.id === id);
  if (found?.status === "confirmed") return { result: { subscriber: found, newly: false }, kinds: [] };
  if (found?.status !== "pending") return { result: undefined, kinds: [] };
  const updated = checkRecord(storedSubscriberSchema, {
    ...found,
    status: "confirmed" as const,
    confirmedAt: now,
    bounces: 0,
  });
  return {
    next: { ...snap.data, subscribers: replaced(subscribersOf(snap.data), updated) },
    result: { subscriber: updated, newly: true },
    kinds: [],
  };
}

/** An unsubscribe link or one-click POST: whatever the reader's state, no more posts. */
export function unsubscribe(snap: Snapshot, id: number, now: string): Change<Subscriber | undefined> {
  const found = subscribersOf(snap.data).find((s) => s.id === id);
  if (!found || found.status === "unsubscribed") return { result: found, kinds: [] };
  const updated = checkRecord(storedSubscriberSchema, {
    ...found,
    status: "unsubscribed" as const,
    unsubscribedAt: now,
  });
  return {
    next: { ...snap.data, subscribers: replaced(subscribersOf(snap.data), updated) },
    result: updated,
    kinds: [],
  };
}

/** A send record for the post in `data`, added when it has none; a finished one is queued again. */
function withSend(data: DbFile, postId: number, now: string): { data: DbFile; send: NewsletterSend; changed: boolean } {
  const found = sendsOf(data).find((s) => s.postId === postId);
  if (found?.state === "queued") return { data, send: found, changed: false };
  if (found) {
    const { finishedAt: _finished, ...rest } = found;
    const again = checkRecord(storedNewsletterSendSchema, {
      ...rest,
      state: "queued" as const,
      queuedAt: now,
    });
    return { data: { ...data, newsletterSends: replaced(sendsOf(data), again) }, send: again, changed: true };
  }
  const id = nextId(data.meta.nextNewsletterSendId, sendsOf(data));
  const send = checkRecord(storedNewsletterSendSchema, {
    id,
    postId,
    state: "queued" as const,
    createdAt: now,
    queuedAt: now,
  });
  return {
    data: {
      ...data,
      newsletterSends: [...sendsOf(data), send],
      meta: { ...data.meta, nextNewsletterSendId: id + 1 },
    },
    send,
    changed: true,
  };
}

/**
 * The send call: the post's send queued (again, once finished: the ledger keeps every reader who
 * has it from getting it twice, so only readers confirmed since receive it).
 */
export function queueSend(snap: Snapshot, postId: number, now: string): Change<NewsletterSend> {
  const made = withSend(snap.data, postId, now);
  return { ...(made.changed && { next: made.data }), result: made.send, kinds: [] };
}

/**
 * The sends a write calls for: each post it made published with "Also send by email" and no send
 * yet gets one, in the same write, so the publish (now, or the scheduler's) and its send are
 * committed together, once. Answers `next` unchanged when there are none.
 */
export function sendsForPublished(snap: Snapshot, next: DbFile, now: string): DbFile {
  if (next.posts === snap.data.posts) return next;
  let data = next;
  for (const post of next.posts) {
    if (!post.published || !post.emailOnPublish) continue;
    if (snap.postsById.get(post.id)?.published) continue;
    if (sendsOf(data).some((s) => s.postId === post.id)) continue;
    data = withSend(data, post.id, now).data;
  }
  return data;
}

/** The work a claim expects to find: no entry yet, or the entry as it was read. */
export type Expected = { subscriberId: number } & ({ entry?: undefined } | { entry: NewsletterDelivery });

/**
 * Claims one reader's delivery before the SMTP call: the ledger entry is written `sending` only if
 * it is still as the sender read it (no entry, or the very same one), so two instances can never
 * both claim one reader. Undefined when another got there first.
 */
export function claimDelivery(
  snap: Snapshot,
  send: NewsletterSend,
  expected: Expected,
  now: string,
): Change<NewsletterDelivery | undefined> {
  const data = snap.data;
  const list = deliveriesOf(data);
  const at = list.findIndex((d) => d.postId === send.postId && d.subscriberId === expected.subscriberId);
  const current = at === -1 ? undefined : list[at];
  if (current?.id !== expected.entry?.id || (current && current.updatedAt !== expected.entry?.updatedAt)) {
    return { result: undefined, kinds: [] };
  }
  if (current) {
    const { nextAttemptAt: _next, ...rest } = current;
    const claimed = checkRecord(storedNewsletterDeliverySchema, {
      ...rest,
      state: "sending" as const,
      updatedAt: now,
    });
    const deliveries = list.slice();
    deliveries[at] = claimed;
    return { next: { ...data, newsletterDeliveries: deliveries }, result: claimed, kinds: [] };
  }
  const id = nextId(data.meta.nextNewsletterDeliveryId, list);
  const claimed = checkRecord(storedNewsletterDeliverySchema, {
    id,
    sendId: send.id,
    postId: send.postId,
    subscriberId: expected.subscriberId,
    state: "sending" as const,
    attempts: 0,
    updatedAt: now,
  });
  return {
    next: {
      ...data,
      newsletterDeliveries: [...list, claimed],
      meta: { ...data.meta, nextNewsletterDeliveryId: id + 1 },
    },
    result: claimed,
    kinds: [],
  };
}

/** How one SMTP call ended, as the ledger records it. */
export type DeliveryOutcome =
  | { state: "sent" }
  | { state: "retry"; error: string; nextAttemptAt: string; counted: boolean }
  | { state: "failed"; error: string; permanent: boolean };

/**
 * Records the SMTP call's outcome on the reader's entry, right after it. A permanent failure
 * counts against the address, which is bouncing after BOUNCES_TO_STOP.
 */
export function recordDelivery(
  snap: Snapshot,
  id: number,
  outcome: DeliveryOutcome,
  now: string,
): Change<NewsletterDelivery | undefined> {
  const data = snap.data;
  const list = deliveriesOf(data);
  const at = list.findIndex((d) => d.id === id);
  if (at === -1) return { result: undefined, kinds: [] };
  const old = list[at]!;
  const { error: _error, nextAttemptAt: _next, ...rest } = old;
  const counted = outcome.state === "failed" || (outcome.state === "retry" && outcome.counted);
  const entry = checkRecord(storedNewsletterDeliverySchema, {
    ...rest,
    state: outcome.state,
    attempts: old.attempts + (counted ? 1 : 0),
    updatedAt: now,
    ...(outcome.state !== "sent" && { error: outcome.error }),
    ...(outcome.state === "retry" && { nextAttemptAt: outcome.nextAttemptAt }),
  });
  const deliveries = list.slice();
  deliveries[at] = entry;
  const next: DbFile = { ...data, newsletterDeliveries: deliveries };
  if (outcome.state === "failed" && outcome.permanent) {
    const reader = subscribersOf(data).find((s) => s.id === old.subscriberId);
    if (reader) {
      const bounces = reader.bounces + 1;
      const bounced: Subscriber = {
        ...reader,
        bounces,
        ...(bounces >= BOUNCES_TO_STOP && reader.status === "confirmed" && { status: "bouncing" }),
      };
      next.subscribers = replaced(subscribersOf(data), checkRecord(storedSubscriberSchema, bounced));
    }
  }
  return { next, result: entry, kinds: [] };
}

/** Every reader was tried to the end: the send is done (a later send call queues it again). */
export function finishSend(snap: Snapshot, id: number, now: string): Change<NewsletterSend | undefined> {
  const found = sendsOf(snap.data).find((s) => s.id === id);
  if (found?.state !== "queued") return { result: found, kinds: [] };
  const done = checkRecord(storedNewsletterSendSchema, { ...found, state: "done" as const, finishedAt: now });
  return { next: { ...snap.data, newsletterSends: replaced(sendsOf(snap.data), done) }, result: done, kinds: [] };
}

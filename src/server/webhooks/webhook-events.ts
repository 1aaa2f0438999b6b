import type { Change } from "~/server/store/change";
import { changedRecords } from "~/server/store/changed-records";
import type { DbFile } from "~/server/store/db-schema";
import type { Snapshot } from "~/server/store/db-snapshot";
import type { ContactMessage, Page, Post, Subscriber } from "~/server/store/types";
import type { WebhookEvent } from "~/shared/webhooks";
import { withDeliveries, type QueuedEvent } from "./webhook-changes";

/**
 * A change with the webhook deliveries it calls for, written with it: in the same journal record
 * on the data folder, in the same transaction on PostgreSQL, as the activity log's entries are
 * (docs/decisions/163-activity-written-with-its-change.md). So a publish and its deliveries are
 * committed together or not at all, whichever instance or start then delivers them, and the write
 * itself waits for no endpoint (docs/decisions/225-signed-webhooks-through-the-outbox.md).
 * `queued` is called when the change adds deliveries, for the caller to wake the outbox once the
 * write is committed.
 */
export function withWebhookEvents<R>(
  change: (snap: Snapshot, now: string) => Change<R>,
  queued: () => void,
): (snap: Snapshot, now: string) => Change<R> {
  return (snap, now) => {
    const made = change(snap, now);
    const hooks = made.next?.webhooks;
    // No endpoint, nothing to look for: a write on a site without webhooks costs one check.
    if (!made.next || !hooks?.length) return made;
    const events = eventsOf(snap, made.next);
    const wanted = events.flatMap((e) =>
      hooks.filter((w) => (w.events as readonly string[]).includes(e.event)).map((w) => ({ webhookId: w.id, ...e })),
    );
    if (wanted.length === 0) return made;
    queued();
    return { ...made, next: withDeliveries(made.next, wanted, now).data };
  };
}

/** What a write did that endpoints may subscribe to, read off the records before and after it. */
export function eventsOf(snap: Snapshot, next: DbFile): QueuedEvent[] {
  const events: QueuedEvent[] = [];
  const post = (event: WebhookEvent, p: Post) => events.push({ event, payload: { post: postPayload(p) } });
  if (next.posts !== snap.data.posts) {
    const { upsert, remove } = changedRecords(snap.data.posts, snap.postsById, next.posts);
    for (const after of upsert) {
      const before = snap.postsById.get(after.id);
      if (after.published && !before?.published) post("post.published", after);
      else if (before?.published && !after.published) post("post.unpublished", after);
      // A save of a public post; a change that is no save (a preview link revoked) keeps updatedAt.
      else if (before?.published && after.published && before.updatedAt !== after.updatedAt)
        post("post.updated", after);
    }
    for (const id of remove) {
      const before = snap.postsById.get(id);
      if (before) post("post.deleted", before);
    }
  }
  if (next.messages !== snap.data.messages) {
    // Only ids never given before: a restore that puts back an older message is no new lead.
    const fresh = snap.data.meta.nextMessageId;
    for (const message of next.messages) {
      if (message.id >= fresh) events.push({ event: "contact.message.received", payload: messagePayload(message) });
    }
  }
  if (next.pages && next.pages !== snap.data.pages) {
    // A page that goes live: published now, or by the scheduler at its time.
    const before = new Map((snap.data.pages ?? []).map((p) => [p.id, p.published]));
    for (const page of next.pages) {
      if (page.published && !before.get(page.id))
        events.push({ event: "page.published", payload: { page: pagePayload(page) } });
    }
  }
  if (next.subscribers && next.subscribers !== snap.data.subscribers) {
    // A reader who follows the confirmation link (docs/decisions/245-newsletter-double-opt-in.md);
    // not one an admin imports, confirmed by the import itself (261-subscribers-imported-with-their-consent.md).
    const before = new Map((snap.data.subscribers ?? []).map((s) => [s.id, s.status]));
    for (const reader of next.subscribers) {
      const imported = reader.importedAt !== undefined && reader.confirmedAt === reader.importedAt;
      if (reader.status === "confirmed" && before.get(reader.id) !== "confirmed" && !imported) {
        events.push({ event: "subscriber.confirmed", payload: { subscriber: subscriberPayload(reader) } });
      }
    }
  }
  return events;
}

/** A confirmed reader as a delivery carries it: the endpoint is the site's own (a CRM, a list). */
export function subscriberPayload(s: Subscriber) {
  return {
    id: s.id,
    email: s.email,
    ...(s.name && { name: s.name }),
    ...(s.confirmedAt && { confirmedAt: s.confirmedAt }),
    ...(s.page && { page: s.page }),
  };
}

/** A page as a delivery carries it: its name and address; its blocks the receiver fetches from the public API. */
export function pagePayload(p: Page) {
  return {
    id: p.id,
    title: p.title,
    path: p.path,
    ...(p.publishedAt && { publishedAt: p.publishedAt }),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

/** A post as a delivery carries it: what a receiver needs to name and link it; its content it fetches from the API. */
export function postPayload(p: Post) {
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    summary: p.summary,
    published: p.published,
    ...(p.publishedAt && { publishedAt: p.publishedAt }),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    tags: p.tags.map((t) => ({ name: t.name, slug: t.slug })),
  };
}

/**
 * A contact message in the shape CONTACT_WEBHOOK_URL's posts had (`type` and `message`), so a
 * receiver made for those reads these: the sender's address and the email's state stay here.
 */
export function messagePayload(m: ContactMessage) {
  const { ip: _ip, notification: _notification, ...message } = m;
  return { type: "contact-message", message };
}

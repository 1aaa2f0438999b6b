import { NotFoundError, ValidationError } from "~/server/http/errors";
import { checkRecord, type Change } from "~/server/store/change";
import { storedWebhookDeliverySchema, storedWebhookSchema } from "~/server/collections/webhooks";
import type { DbFile } from "~/server/store/db-schema";
import type { Snapshot } from "~/server/store/db-snapshot";
import type { Webhook, WebhookDelivery } from "~/server/store/types";
import { WEBHOOK_MESSAGES, WEBHOOKS_MAX, type DeliveryEvent } from "~/shared/webhooks";

/**
 * The webhooks' change functions (docs/decisions/225-signed-webhooks-through-the-outbox.md).
 * Endpoints and deliveries change no page, so their writes name no kind (no page-cache topic).
 */

/** Finished deliveries an endpoint's log keeps; older ones are dropped as new ones finish. */
export const DELIVERIES_KEPT = 50;

export type NewWebhook = Omit<Webhook, "id" | "createdAt">;
/** An event to deliver to every endpoint that subscribes to it. */
export type QueuedEvent = { event: DeliveryEvent; payload: Record<string, unknown> };
/** One attempt's outcome, as the outbox's topic records it. */
export type AttemptOutcome = Pick<WebhookDelivery, "state" | "lastAttemptAt"> &
  Partial<Pick<WebhookDelivery, "responseCode" | "error" | "nextAttemptAt">>;

const hooksOf = (data: DbFile) => data.webhooks ?? [];
const deliveriesOf = (data: DbFile) => data.webhookDeliveries ?? [];
const nextWebhookId = (data: DbFile) =>
  data.meta.nextWebhookId ?? hooksOf(data).reduce((next, w) => Math.max(next, w.id + 1), 1);
const nextDeliveryId = (data: DbFile) =>
  data.meta.nextWebhookDeliveryId ?? deliveriesOf(data).reduce((next, d) => Math.max(next, d.id + 1), 1);

export function addWebhook(snap: Snapshot, input: NewWebhook, now: string): Change<Webhook> {
  if (hooksOf(snap.data).length >= WEBHOOKS_MAX) {
    throw new ValidationError(WEBHOOK_MESSAGES.tooMany, { _: [WEBHOOK_MESSAGES.tooMany] });
  }
  const id = nextWebhookId(snap.data);
  const record = checkRecord(storedWebhookSchema, { ...input, id, createdAt: now });
  return {
    next: {
      ...snap.data,
      webhooks: [...hooksOf(snap.data), record],
      meta: { ...snap.data.meta, nextWebhookId: id + 1 },
    },
    result: record,
    kinds: [],
  };
}

/**
 * CONTACT_WEBHOOK_URL as the site's first endpoint, once: only on a site that never had one (no
 * endpoint counter), so an admin who removes it does not see it come back at the next start, and
 * two instances starting together add it once (the write decides, under the store's lock).
 */
export function addContactWebhook(
  snap: Snapshot,
  url: string,
  secret: string,
  now: string,
): Change<Webhook | undefined> {
  if (snap.data.meta.nextWebhookId !== undefined || hooksOf(snap.data).length > 0)
    return { result: undefined, kinds: [] };
  return addWebhook(snap, { url, events: ["contact.message.received"], secret, fromContactWebhookUrl: true }, now);
}

/** Removes an endpoint with its deliveries, waiting ones too: nothing is sent to it any more. */
export function removeWebhook(snap: Snapshot, id: number): Change<Webhook> {
  const found = hooksOf(snap.data).find((w) => w.id === id);
  if (!found) throw new NotFoundError(WEBHOOK_MESSAGES.notFound(id));
  // meta.nextWebhookId stays, so the id is never reused.
  const next: DbFile = { ...snap.data, webhooks: hooksOf(snap.data).filter((w) => w !== found) };
  if (deliveriesOf(snap.data).some((d) => d.webhookId === id)) {
    next.webhookDeliveries = deliveriesOf(snap.data).filter((d) => d.webhookId !== id);
  }
  return { next, result: found, kinds: [] };
}

/** One delivery of `queued` to one endpoint (the "Send test" button's); NotFoundError without it. */
export function queueDelivery(
  snap: Snapshot,
  webhookId: number,
  queued: QueuedEvent,
  now: string,
): Change<WebhookDelivery> {
  if (!hooksOf(snap.data).some((w) => w.id === webhookId))
    throw new NotFoundError(WEBHOOK_MESSAGES.notFound(webhookId));
  const { data, added } = withDeliveries(snap.data, [{ webhookId, ...queued }], now);
  return { next: data, result: added[0]!, kinds: [] };
}

/** Records an attempt; nothing when the delivery is gone (its endpoint was removed meanwhile). */
export function recordAttempt(
  snap: Snapshot,
  id: number,
  outcome: AttemptOutcome,
): Change<WebhookDelivery | undefined> {
  const list = deliveriesOf(snap.data);
  const found = list.find((d) => d.id === id);
  if (!found) return { result: undefined, kinds: [] };
  const { responseCode: _code, error: _error, nextAttemptAt: _next, ...kept } = found;
  const updated = checkRecord(storedWebhookDeliverySchema, {
    ...kept,
    ...outcome,
    attempts: found.attempts + 1,
  });
  const replaced = list.map((d) => (d === found ? updated : d));
  return {
    next: { ...snap.data, webhookDeliveries: keptFor(replaced, found.webhookId) },
    result: updated,
    kinds: [],
  };
}

/**
 * `data` with one pending delivery per (endpoint, event) of `wanted`, from the delivery counter;
 * each endpoint's log trimmed to its newest finished deliveries.
 */
export function withDeliveries(
  data: DbFile,
  wanted: readonly ({ webhookId: number } & QueuedEvent)[],
  now: string,
): { data: DbFile; added: WebhookDelivery[] } {
  let id = nextDeliveryId(data);
  const added = wanted.map(({ webhookId, event, payload }): WebhookDelivery =>
    checkRecord(storedWebhookDeliverySchema, {
      id: id++,
      webhookId,
      event,
      createdAt: now,
      state: "pending",
      attempts: 0,
      payload,
    }),
  );
  let list = [...deliveriesOf(data), ...added];
  for (const webhookId of new Set(added.map((d) => d.webhookId))) list = keptFor(list, webhookId);
  return { data: { ...data, webhookDeliveries: list, meta: { ...data.meta, nextWebhookDeliveryId: id } }, added };
}

/** The list with `webhookId`'s finished deliveries cut to the newest DELIVERIES_KEPT; waiting ones always stay. */
function keptFor(list: readonly WebhookDelivery[], webhookId: number): WebhookDelivery[] {
  const finished = list.filter((d) => d.webhookId === webhookId && d.state !== "pending");
  if (finished.length <= DELIVERIES_KEPT) return [...list];
  const dropped = new Set(finished.slice(0, finished.length - DELIVERIES_KEPT));
  return list.filter((d) => !dropped.has(d));
}

import { randomBytes } from "node:crypto";
import type { ActivityLog, Who } from "~/server/activity/activity-log";
import { NotFoundError, ValidationError } from "~/server/http/errors";
import type { Outbox } from "~/server/outbox/outbox";
import type { Store } from "~/server/records/store";
import type { Webhook, WebhookDelivery } from "~/server/store/types";
import { ACTIVITY_MESSAGES, type ActivityEntry } from "~/shared/activity";
import { fieldErrors } from "~/shared/field-errors";
import {
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  webhookInputSchema,
  type DeliverySummary,
  type WebhookSummary,
} from "~/shared/webhooks";
import { deliver } from "./deliver";
import { hostOf, privateAddressOf } from "./private-addresses";

/** The outbox's topic of webhook deliveries; its keys are the deliveries' ids. */
export const WEBHOOK_TOPIC = "webhook";

/** Every made secret starts so, so a leaked one is easy to find in a log or a repository. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** How long a new endpoint's name may take to resolve before it is taken unchecked (each delivery checks again). */
const RESOLVE_TIMEOUT_MS = 3000;

export type WebhookOptions = {
  store: Store;
  activity?: ActivityLog;
  /** Who delivers which delivery, and when, on every instance (docs/decisions/165-one-outbox-with-claims.md). */
  outbox: Outbox;
  /** WEBHOOK_ALLOW_PRIVATE. */
  allowPrivate: boolean;
  /** WEBHOOK_RETRY_DELAYS_MS: the wait before each retry; none left, a delivery is given up. */
  retryDelaysMs: readonly number[];
  /** WEBHOOK_TIMEOUT_MS: each attempt's limit. */
  timeoutMs: number;
  /** PUBLIC_URL: a post's address in its deliveries. */
  publicUrl: string;
};

export type Webhooks = ReturnType<typeof createWebhooks>;

const summaryOf = (w: Webhook, last?: WebhookDelivery): WebhookSummary => ({
  id: w.id,
  url: w.url,
  events: [...w.events],
  createdAt: w.createdAt,
  ...(last && {
    last: {
      state: last.state,
      at: last.lastAttemptAt ?? last.createdAt,
      ...(last.responseCode !== undefined && { responseCode: last.responseCode }),
    },
  }),
});

const deliverySummaryOf = (d: WebhookDelivery): DeliverySummary => ({
  id: d.id,
  event: d.event,
  state: d.state,
  createdAt: d.createdAt,
  attempts: d.attempts,
  ...(d.lastAttemptAt && { lastAttemptAt: d.lastAttemptAt }),
  ...(d.responseCode !== undefined && { responseCode: d.responseCode }),
  ...(d.error && { error: d.error }),
  ...(d.state === "pending" && d.nextAttemptAt && { nextAttemptAt: d.nextAttemptAt }),
});

/**
 * Webhooks (docs/decisions/225-signed-webhooks-through-the-outbox.md): endpoints an admin adds
 * and removes, and their deliveries, which the writes that fire them store
 * (webhook-events.ts) and the outbox sends: each pending delivery is the topic's work, attempted
 * only under its claim, so one instance sends it once, and another takes it over when that one
 * stops; a failed attempt is tried again after the next of `retryDelaysMs`.
 */
export function createWebhooks({
  store,
  activity,
  outbox,
  allowPrivate,
  retryDelaysMs,
  timeoutMs,
  publicUrl,
}: WebhookOptions) {
  let stopped = false;
  // A delivery on its way when the server stops ends at once, and stays pending for the next claim.
  const stopping = new AbortController();
  const unsubscribe = store.onWebhookDeliveries(() => outbox.kick());

  /** The body a delivery sends, the same at every attempt: its id, event and time, then what it is about. */
  const bodyOf = (d: WebhookDelivery) => {
    const payload = { ...d.payload };
    const post = payload.post as { slug?: string; published?: boolean } | undefined;
    if (post?.slug && post.published) payload.post = { ...post, url: `${publicUrl}/blog/${post.slug}` };
    const page = payload.page as { path?: string } | undefined;
    if (page?.path) payload.page = { ...page, url: `${publicUrl}${page.path}` };
    return JSON.stringify({ id: d.id, event: d.event, createdAt: d.createdAt, ...payload });
  };

  outbox.register({
    name: WEBHOOK_TOPIC,
    pending: async () => (await store.pendingWebhookDeliveries()).map(String),
    async attempt(key) {
      const delivery = await store.getWebhookDelivery(Number(key));
      // Stopping: left to the claim's lease, so another instance (or the next start) sends it.
      if (stopped) return { retryInMs: 0 };
      if (delivery?.state !== "pending") return { done: true };
      // A start after a crash finds the retry's time in the record, as PostgreSQL's claim keeps it.
      const wait = delivery.nextAttemptAt ? Date.parse(delivery.nextAttemptAt) - Date.now() : 0;
      if (wait > 0) return { retryInMs: wait };
      const hook = await store.getWebhook(delivery.webhookId);
      if (!hook) return { done: true };
      const outcome = await deliver({
        url: hook.url,
        secret: hook.secret,
        body: bodyOf(delivery),
        headers: { "X-QueueWise-Event": delivery.event, "X-QueueWise-Delivery": String(delivery.id) },
        timeoutMs,
        allowPrivate,
        signal: stopping.signal,
      });
      // Cut short by the stop: not an attempt of the endpoint's, so nothing is recorded.
      if (stopped && !outcome.ok) return { retryInMs: 0 };
      const lastAttemptAt = new Date().toISOString();
      const code = outcome.status !== undefined && { responseCode: outcome.status };
      if (outcome.ok) {
        // Delivered: the claim is finished whatever follows, so no instance sends it again.
        await store
          .recordWebhookAttempt(delivery.id, { state: "delivered", lastAttemptAt, ...code })
          .catch(() => undefined);
        return { done: true };
      }
      const delay = retryDelaysMs[delivery.attempts];
      await store.recordWebhookAttempt(delivery.id, {
        state: delay === undefined ? "failed" : "pending",
        lastAttemptAt,
        ...code,
        ...(outcome.error && { error: outcome.error }),
        ...(delay !== undefined && { nextAttemptAt: new Date(Date.now() + delay).toISOString() }),
      });
      if (delay !== undefined) return { retryInMs: delay };
      console.warn(`Webhook delivery ${delivery.id} to ${hook.url} was given up (${outcome.error}).`);
      return { done: true };
    },
  });

  const logged = async <T>(write: Promise<T>, made: () => ActivityEntry | undefined): Promise<T> => {
    const result = await write;
    const entry = made();
    if (entry) await activity?.written([entry]);
    return result;
  };

  const found = async (id: number) => {
    const hook = await store.getWebhook(id);
    if (!hook) throw new NotFoundError(WEBHOOK_MESSAGES.notFound(id));
    return hook;
  };

  return {
    async list(): Promise<WebhookSummary[]> {
      const hooks = await store.listWebhooks();
      return Promise.all(hooks.map(async (w) => summaryOf(w, (await store.listWebhookDeliveries(w.id)).at(-1))));
    },

    /** A new endpoint: its secret is in this answer and in no list. */
    async create(who: Who, body: unknown): Promise<WebhookSummary & { secret: string }> {
      const parsed = webhookInputSchema.safeParse(body ?? {});
      if (!parsed.success) throw new ValidationError(WEBHOOK_MESSAGES.formErrors, fieldErrors(parsed.error));
      const { url, events, secret: given } = parsed.data;
      if (!allowPrivate) {
        const host = hostOf(new URL(url));
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), RESOLVE_TIMEOUT_MS);
        });
        const refused = await Promise.race([privateAddressOf(host), timeout]).finally(() => clearTimeout(timer));
        if (refused) {
          throw new ValidationError(WEBHOOK_MESSAGES.formErrors, { url: [WEBHOOK_MESSAGES.urlPrivate(refused)] });
        }
      }
      // 192 random bits, unless the admin brought the receiver's own.
      const secret = given ?? WEBHOOK_SECRET_PREFIX + randomBytes(24).toString("base64url");
      let entry: ActivityEntry | undefined;
      const record = await logged(
        store.addWebhook(
          { url, events, secret },
          (w) => (entry = activity?.entry("webhook-add", who, ACTIVITY_MESSAGES.webhook(w.id, w.url, w.events))),
        ),
        () => entry,
      );
      return { ...summaryOf(record), secret };
    },

    async remove(who: Who, id: number): Promise<WebhookSummary> {
      let entry: ActivityEntry | undefined;
      const removed = await logged(
        store.removeWebhook(
          id,
          (w) => (entry = activity?.entry("webhook-remove", who, ACTIVITY_MESSAGES.webhook(w.id, w.url, w.events))),
        ),
        () => entry,
      );
      return summaryOf(removed);
    },

    /** An endpoint's delivery log, newest first. */
    async deliveries(id: number): Promise<DeliverySummary[]> {
      await found(id);
      return (await store.listWebhookDeliveries(id)).map(deliverySummaryOf).reverse();
    },

    /** The "Send test" button: a delivery of its own, logged and retried like any other. */
    async test(id: number, who: Who): Promise<DeliverySummary> {
      await found(id);
      const delivery = await store.queueWebhookDelivery(id, {
        event: WEBHOOK_TEST_EVENT,
        payload: { test: { message: "A test delivery from the Webhooks screen.", by: who.user?.username ?? null } },
      });
      outbox.kick();
      return deliverySummaryOf(delivery);
    },

    /**
     * CONTACT_WEBHOOK_URL becomes the site's first endpoint, for contact messages, on a site that
     * never had one; later starts leave the endpoints as the admins made them.
     */
    async adoptContactWebhookUrl(url: string): Promise<Webhook | undefined> {
      const hook = await store.addContactWebhook(url, WEBHOOK_SECRET_PREFIX + randomBytes(24).toString("base64url"));
      if (hook) console.warn(`CONTACT_WEBHOOK_URL is now webhook endpoint ${hook.id}, managed at /admin/webhooks.`);
      return hook;
    },

    stop() {
      stopped = true;
      stopping.abort();
      unsubscribe();
    },
  };
}

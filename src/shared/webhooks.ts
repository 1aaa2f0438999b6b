import { z } from "zod";

/**
 * Webhooks (docs/decisions/225-signed-webhooks-through-the-outbox.md): what an admin may subscribe
 * an endpoint to, each with the words the Webhooks screen shows.
 */
export const WEBHOOK_EVENTS = {
  "post.published": "Post published",
  "post.updated": "Published post updated",
  "post.unpublished": "Post unpublished",
  "post.deleted": "Post deleted",
  "page.published": "Page published",
  "contact.message.received": "Contact message received",
  "subscriber.confirmed": "Newsletter subscriber confirmed",
} as const;
export type WebhookEvent = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_NAMES = Object.keys(WEBHOOK_EVENTS) as [WebhookEvent, ...WebhookEvent[]];

/** What the "Send test" button delivers: no endpoint subscribes to it, each can be sent it. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
export type DeliveryEvent = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

/** The header each delivery is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (docs/api.md). */
export const WEBHOOK_SIGNATURE_HEADER = "X-QueueWise-Signature";

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_SECRET_MIN = 16;
export const WEBHOOK_SECRET_MAX = 200;
/** Endpoints a site may have at once: each write that fires an event adds one delivery per endpoint. */
export const WEBHOOKS_MAX = 20;

export const WEBHOOK_MESSAGES = {
  formErrors: "Please fix the highlighted fields.",
  urlRequired: "Enter the address to deliver to.",
  urlInvalid: "The address must be a full http:// or https:// URL.",
  urlTooLong: `Keep the address under ${WEBHOOK_URL_MAX} characters.`,
  urlWithCredentials: "Leave the user name and password out of the address; deliveries are signed instead.",
  /** The address is, or its name resolves to, one of this network's own (docs/decisions/226-webhooks-refuse-private-addresses.md). */
  urlPrivate: (address: string) =>
    `The address leads to ${address}, a private, loopback or link-local address; the operator allows those with WEBHOOK_ALLOW_PRIVATE=true.`,
  eventsRequired: "Choose at least one event.",
  eventUnknown: `Events are ${WEBHOOK_EVENT_NAMES.join(", ")}.`,
  secretLength: `A secret is ${WEBHOOK_SECRET_MIN} to ${WEBHOOK_SECRET_MAX} characters, or left out to have one made.`,
  tooMany: `The site has ${WEBHOOKS_MAX} webhook endpoints already; remove one first.`,
  invalidId: "A webhook id is a positive whole number.",
  notFound: (id: number) => `No webhook endpoint ${id}.`,
} as const;

/** Empty means "make one"; given, one of a sensible length. */
const optionalSecret = z
  .string(WEBHOOK_MESSAGES.secretLength)
  .trim()
  .refine(
    (v) => v === "" || (v.length >= WEBHOOK_SECRET_MIN && v.length <= WEBHOOK_SECRET_MAX),
    WEBHOOK_MESSAGES.secretLength,
  )
  .transform((v) => (v === "" ? undefined : v))
  .optional()
  .nullable();

/** A new endpoint: `POST /api/admin/webhooks` and the Webhooks screen's form. */
export const webhookInputSchema = z.object({
  url: z
    .string(WEBHOOK_MESSAGES.urlRequired)
    .trim()
    .min(1, WEBHOOK_MESSAGES.urlRequired)
    .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlTooLong)
    .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.urlInvalid }))
    .refine((url) => {
      const parsed = new URL(url);
      return parsed.username === "" && parsed.password === "";
    }, WEBHOOK_MESSAGES.urlWithCredentials),
  events: z
    .array(z.enum(WEBHOOK_EVENT_NAMES, WEBHOOK_MESSAGES.eventUnknown), WEBHOOK_MESSAGES.eventsRequired)
    .min(1, WEBHOOK_MESSAGES.eventsRequired)
    .transform((events) => [...new Set(events)]),
  secret: optionalSecret,
});
export type WebhookInput = z.input<typeof webhookInputSchema>;

/** An endpoint as the list shows it: never its secret, which only its creation answers. */
export type WebhookSummary = {
  id: number;
  url: string;
  events: WebhookEvent[];
  createdAt: string;
  /** The last delivery's outcome, when there was one. */
  last?: { state: DeliveryState; at: string; responseCode?: number };
};

export type DeliveryState = "pending" | "delivered" | "failed";

/** One delivery as the endpoint's log shows it. */
export type DeliverySummary = {
  id: number;
  event: DeliveryEvent;
  state: DeliveryState;
  createdAt: string;
  attempts: number;
  lastAttemptAt?: string;
  /** The endpoint's HTTP status at the last attempt; absent when it gave none (refused, timed out). */
  responseCode?: number;
  /** Why the last attempt failed, in a line. */
  error?: string;
  /** When the next attempt is due, while pending. */
  nextAttemptAt?: string;
};

/** The Webhooks screen (src/app/components/admin/webhooks-panel.tsx). */
export const WEBHOOK_SCREEN = {
  tab: "Webhooks",
  heading: "Webhooks",
  intro:
    "Tell another tool (a CRM, the team's chat) when something happens here. Each delivery is a signed JSON POST, retried for 24 hours until the endpoint answers 2xx.",
  none: "No webhook endpoints yet.",
  url: "Endpoint URL",
  urlPlaceholder: "https://hooks.example.com/queuewise",
  events: "Events",
  secret: "Secret",
  secretHint: "Empty: one is made for you",
  add: "Add endpoint",
  adding: "Adding…",
  added: "Endpoint added",
  addFailed: { failed: "Endpoint not added", error: "Endpoint add error" },
  newSecret: "The endpoint's signing secret",
  shownOnce: "Copy this secret now: it is shown only once.",
  copy: "Copy",
  copied: "Secret copied",
  copyFailed: "Could not copy: select the secret and copy it yourself",
  done: "I have copied it",
  remove: "Remove",
  removeTitle: "Remove this endpoint?",
  removeConfirm: (url: string) => `Remove ${url}? Deliveries still waiting are dropped with it.`,
  removed: "Endpoint removed",
  removeFailed: { failed: "Endpoint not removed", error: "Endpoint remove error" },
  sendTest: "Send test",
  testQueued: "Test delivery on its way",
  testFailed: { failed: "Test not sent", error: "Test send error" },
  deliveries: "Deliveries",
  hideDeliveries: "Hide deliveries",
  noDeliveries: "Nothing delivered yet.",
  loadFailed: { failed: "Failed to load the webhooks", error: "Error loading the webhooks" },
  columns: {
    event: "Event",
    state: "Status",
    time: "Time",
    code: "Response",
    attempts: "Attempts",
    next: "Next retry",
  },
  states: { pending: "Retrying", delivered: "Delivered", failed: "Failed" } satisfies Record<DeliveryState, string>,
  never: "none",
} as const;

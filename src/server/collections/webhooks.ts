import { z } from "zod";
import { WEBHOOK_EVENT_NAMES, WEBHOOK_TEST_EVENT } from "~/shared/webhooks";
import type { ListDeclaration } from "./collection";
import { id, listOf, nonEmpty, text } from "./fields";

/**
 * A webhook endpoint (docs/decisions/225-signed-webhooks-through-the-outbox.md): where to deliver,
 * which events, and the secret each delivery is signed with. The secret is kept as it is, since
 * signing needs it; backups leave endpoints out (docs/decisions/227-backups-leave-webhooks-out.md).
 */
export const webhookRecordSchema = z.object({
  id,
  url: nonEmpty("url"),
  events: listOf(z.enum(WEBHOOK_EVENT_NAMES), "tags", 1),
  secret: nonEmpty(),
  createdAt: text("date"),
  /** Made from CONTACT_WEBHOOK_URL on upgrade (src/server/webhooks/contact-webhook.ts). */
  fromContactWebhookUrl: z.boolean().optional(),
});
export const storedWebhookSchema = webhookRecordSchema.loose();

/**
 * One event to deliver to one endpoint, and how its delivery went: the outbox's work
 * (docs/decisions/165-one-outbox-with-claims.md) while `pending`, the endpoint's delivery log after.
 * `payload` is what the body carries besides the delivery's id, event and time, fixed when the
 * event happened, so every retry sends the same body.
 */
export const webhookDeliveryRecordSchema = z.object({
  id,
  webhookId: id,
  event: z.enum([...WEBHOOK_EVENT_NAMES, WEBHOOK_TEST_EVENT]),
  createdAt: text("date"),
  state: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int().min(0),
  payload: z.record(z.string(), z.unknown()),
  lastAttemptAt: text("date").optional(),
  responseCode: z.number().int().optional(),
  error: text().optional(),
  nextAttemptAt: text("date").optional(),
});
export const storedWebhookDeliverySchema = webhookDeliveryRecordSchema.loose();

export const webhooks: ListDeclaration = {
  key: "webhooks",
  // Files from before webhooks have none.
  whenMissing: "leave",
  stored: storedWebhookSchema,
  // migrations/024: the events, the secret and the contact flag travel in `extra`.
  table: "webhooks",
  columns: [["id"], ["url"], ["createdAt", "time"]],
  unique: [{ of: (w: { id: number }) => w.id }],
  // Kept once an endpoint was ever made: CONTACT_WEBHOOK_URL becomes an endpoint only on a site that never had one.
  counter: { name: "nextWebhookId", whenAny: true },
};

export const webhookDeliveries: ListDeclaration = {
  key: "webhookDeliveries",
  whenMissing: "leave",
  stored: storedWebhookDeliverySchema,
  // migrations/024: the event, attempts, payload and outcome travel in `extra`.
  table: "webhook_deliveries",
  columns: [["id"], ["webhookId"], ["state"], ["createdAt", "time"]],
  unique: [{ of: (d: { id: number }) => d.id }],
  counter: { name: "nextWebhookDeliveryId", whenAny: true },
};

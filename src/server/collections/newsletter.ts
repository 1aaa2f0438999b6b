import { z } from "zod";
import { DELIVERY_STATES, SUBSCRIBER_STATUSES } from "~/shared/newsletter";
import type { ListDeclaration } from "./collection";
import { id, nonEmpty, text } from "./fields";

/**
 * A newsletter reader (docs/decisions/245-newsletter-double-opt-in.md): pending until the
 * confirmation link is followed, confirmed, unsubscribed or bouncing (three permanent failures).
 * `page` is where the form was sent from; `confirmationSentAt` spaces confirmation emails out.
 * The name, the dates, the page and the consent travel in PostgreSQL's `extra` (migrations/027).
 */
export const subscriberRecordSchema = z.object({
  id,
  email: nonEmpty(),
  name: text("name").optional(),
  status: z.enum(SUBSCRIBER_STATUSES),
  createdAt: text("date"),
  confirmedAt: text("date").optional(),
  unsubscribedAt: text("date").optional(),
  confirmationSentAt: text("date").optional(),
  /** Permanent (5xx) failures since the last confirmation; three make the address bouncing. */
  bounces: z.number().int().min(0),
  page: text("url").optional(),
  /**
   * An imported reader (docs/decisions/261-subscribers-imported-with-their-consent.md): where the
   * consent was given, as the admin who imported the address wrote it, and when it was imported.
   */
  consentNote: text().optional(),
  importedAt: text("date").optional(),
});
export const storedSubscriberSchema = subscriberRecordSchema.loose();

/**
 * A post's send to the newsletter (docs/decisions/247-newsletter-sends-through-the-outbox.md): one
 * per post, queued when the post becomes published with "Also send by email", or by the send
 * call; the outbox's work while `queued`.
 */
export const newsletterSendRecordSchema = z.object({
  id,
  postId: id,
  state: z.enum(["queued", "done"]),
  createdAt: text("date"),
  queuedAt: text("date"),
  finishedAt: text("date").optional(),
});
export const storedNewsletterSendSchema = newsletterSendRecordSchema.loose();

/**
 * The send ledger (docs/decisions/246-newsletter-send-ledger.md): one entry per post per reader,
 * written durably before the SMTP call (`sending`) and again after it (`sent`, `retry`, `failed`).
 */
export const newsletterDeliveryRecordSchema = z.object({
  id,
  sendId: id,
  postId: id,
  subscriberId: id,
  state: z.enum(DELIVERY_STATES),
  /** Attempts the mail server answered with a failure. */
  attempts: z.number().int().min(0),
  updatedAt: text("date"),
  nextAttemptAt: text("date").optional(),
  error: text().optional(),
});
export const storedNewsletterDeliverySchema = newsletterDeliveryRecordSchema.loose();

export const subscribers: ListDeclaration = {
  key: "subscribers",
  // Files from before the newsletter have none.
  whenMissing: "leave",
  stored: storedSubscriberSchema,
  // migrations/027: the name, the dates and the page travel in `extra`.
  table: "subscribers",
  columns: [["id"], ["email"], ["status"], ["createdAt", "time"]],
  unique: [{ of: (s: { id: number }) => s.id }, { of: (s: { email: string }) => `email:${s.email.toLowerCase()}` }],
  counter: { name: "nextSubscriberId", whenAny: true },
};

export const newsletterSends: ListDeclaration = {
  key: "newsletterSends",
  whenMissing: "leave",
  stored: storedNewsletterSendSchema,
  table: "newsletter_sends",
  columns: [["id"], ["postId"], ["state"], ["createdAt", "time"]],
  unique: [{ of: (s: { id: number }) => s.id }, { of: (s: { postId: number }) => `post:${s.postId}` }],
  counter: { name: "nextNewsletterSendId", whenAny: true },
};

export const newsletterDeliveries: ListDeclaration = {
  key: "newsletterDeliveries",
  whenMissing: "leave",
  stored: storedNewsletterDeliverySchema,
  table: "newsletter_deliveries",
  columns: [["id"], ["sendId"], ["postId"], ["subscriberId"], ["state"]],
  unique: [
    { of: (d: { id: number }) => d.id },
    { of: (d: { postId: number; subscriberId: number }) => `${d.postId}:${d.subscriberId}` },
  ],
  counter: { name: "nextNewsletterDeliveryId", whenAny: true },
};

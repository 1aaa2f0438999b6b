import { z } from "zod";
import type { ListDeclaration } from "./collection";
import { id, text } from "./fields";

/** Whether the notification email went out (src/server/contact/mail-notifier.ts). */
const emailStatusSchema = z.object({
  state: z.enum(["pending", "sent", "failed"]),
  attempts: z.number().int().min(0),
  /** Why the last attempt failed. */
  error: z.string().optional(),
  updatedAt: z.string(),
});

/**
 * The visit a contact message was sent from (docs/decisions/106-analytics-without-cookies.md): the
 * page, the host of that visit's referrer when it was another site, and its UTM values. With
 * `landingPage`, the page the sender's visit of the day began on, and the referrer and UTM values
 * are that visit's (docs/decisions/190-leads-credited-to-the-visit.md); messages stored before,
 * or whose visit the server had not seen, have the page alone.
 */
export const messageVisitSchema = z.object({
  page: z.string(),
  landingPage: z.string().optional(),
  referrer: z.string().optional(),
  utm: z.object({ utm_source: z.string(), utm_medium: z.string(), utm_campaign: z.string() }).partial().optional(),
});

/** A contact message: what the inbox shows, and the sender's address, which stays on the server. */
export const messageRecordSchema = z.object({
  id,
  name: text(),
  email: text(),
  company: text().optional(),
  industry: text().optional(),
  /** The industry's title when the message was sent: the inbox names it after a rename or removal. */
  industryTitle: text().optional(),
  message: text("content"),
  ip: text(),
  createdAt: text("date"),
  /** Inbox state (docs/product.md section 2); absent in older files, read as unread and not archived. */
  read: z.boolean().optional(),
  archived: z.boolean().optional(),
  notification: emailStatusSchema.optional(),
  visit: messageVisitSchema.optional(),
});
export const messageSchema = messageRecordSchema.extend({ notification: emailStatusSchema.loose().optional() }).loose();

export const messages: ListDeclaration = {
  key: "messages",
  whenMissing: "empty",
  stored: messageSchema,
  table: "messages",
  columns: [
    ["id"],
    ["name"],
    ["email"],
    ["company"],
    ["industry"],
    ["message"],
    ["ip"],
    ["createdAt", "time"],
    ["visit"],
  ],
  counted: true,
  unique: [{ of: (m: { id: number }) => m.id }],
  counter: { name: "nextMessageId" },
};

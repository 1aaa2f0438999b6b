import { z } from "zod";
import { CONTACT_INDUSTRY_OTHER } from "./contact-choices";
import { findIndustry } from "./industries";

/**
 * The admin inbox of contact messages (docs/product.md section 2): its query and update schemas,
 * shared by /api/admin/messages and the Inbox tab, and every message the tab shows.
 */
export const INBOX_PAGE_SIZE = 25;

/** `inbox` (the tab's default) is every message not archived; the others as named. */
export const INBOX_STATUSES = ["inbox", "unread", "read", "archived", "all"] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

export const INBOX_MESSAGES = {
  tab: "Inbox",
  tabWithUnread: (n: number) => `Inbox (${n})`,
  backToInbox: "Back to Inbox",
  heading: "Contact messages",
  intro: "Messages sent with the site's contact forms, newest first.",
  empty: "No messages here.",
  noMatches: "No messages match your search.",
  status: "Show",
  statusLabels: { inbox: "Inbox", unread: "Unread", read: "Read", archived: "Archived", all: "All" } as Record<
    InboxStatus,
    string
  >,
  search: "Search messages",
  searchButton: "Search",
  searchPlaceholder: "Name, email, company or text",
  industry: "Industry",
  anyIndustry: "Any industry",
  exportCsv: "Export CSV",
  markRead: "Mark read",
  markUnread: "Mark unread",
  archive: "Archive",
  unarchive: "Move to inbox",
  delete: "Delete",
  deleteConfirm: {
    title: "Delete this message?",
    description: (name: string) => `The message from ${name} will be permanently removed. This cannot be undone.`,
    action: "Delete",
  },
  deleted: "Message deleted",
  landingPage: "Landing page",
  sentFrom: "Sent from",
  referrer: "Referrer",
  campaign: "Campaign",
  direct: "Direct or unknown",
  noCampaign: "None",
  unread: "Unread",
  notEmailed: (reason: string) => `not emailed: ${reason}`,
  emailPending: "email pending",
  emailed: "emailed",
  notFound: (id: number) => `Message ${id} not found.`,
  invalidId: "Invalid message ID",
  invalidStatus: `Status must be one of ${INBOX_STATUSES.join(", ")}`,
  invalidPage: "Page must be a whole number from 1",
  invalidIndustry: "Unknown industry",
  invalidQuery: "The search is too long",
  invalidPatch: "Send read and/or archived as true or false",
  invalidRequest: "The request is not valid.",
  writersNotAllowed: "An admin has not opened the inbox to writers.",
  settingsHeading: "Settings",
  writersSeeInbox: "Writers and editors can see the inbox",
  writersSeeInboxHint:
    "Writers and editors read, mark and archive messages; only admins delete them or change settings. Contributors never see it.",
  settingsSaved: "Settings saved",
  failed: "That did not work. Please try again.",
} as const;

export const inboxQuerySchema = z.object({
  status: z.enum(INBOX_STATUSES, { error: INBOX_MESSAGES.invalidStatus }).default("inbox"),
  q: z.string().trim().max(200, INBOX_MESSAGES.invalidQuery).default(""),
  industry: z
    .string({ error: INBOX_MESSAGES.invalidIndustry })
    .regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/, INBOX_MESSAGES.invalidIndustry)
    .max(60, INBOX_MESSAGES.invalidIndustry)
    .default(""),
  page: z.coerce
    .number({ error: INBOX_MESSAGES.invalidPage })
    .int(INBOX_MESSAGES.invalidPage)
    .min(1, INBOX_MESSAGES.invalidPage)
    .default(1),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const messagePatchSchema = z
  .strictObject(
    {
      read: z.boolean({ error: INBOX_MESSAGES.invalidPatch }).optional(),
      archived: z.boolean({ error: INBOX_MESSAGES.invalidPatch }).optional(),
    },
    { error: INBOX_MESSAGES.invalidPatch },
  )
  .refine((p) => p.read !== undefined || p.archived !== undefined, INBOX_MESSAGES.invalidPatch);

export const settingsPatchSchema = z.strictObject({
  writersSeeInbox: z.boolean({ error: "writersSeeInbox must be true or false" }).optional(),
});

/** A message as the inbox shows it: the sender's address (ip) stays on the server. */
export type InboxMessage = {
  id: number;
  name: string;
  email: string;
  company?: string;
  industry?: string;
  /** The industry's title when the message was sent (absent on messages from before it was kept). */
  industryTitle?: string;
  message: string;
  createdAt: string;
  read: boolean;
  archived: boolean;
  /** Whether the notification email went out (src/server/contact/mail-notifier.ts); absent when none is configured. */
  notification?: EmailStatus;
  /** Where the message came from; absent on messages sent through the API or with analytics off. */
  visit?: InboxVisit;
};

/**
 * The page a message was sent from, and the page, referrer and campaign of the sender's visit
 * (docs/decisions/190-leads-credited-to-the-visit.md). A message whose visit the server had not
 * seen, or sent before visits were kept, has its own page as the landing page.
 */
export type InboxVisit = {
  page: string;
  landingPage: string;
  /** Another site's host; absent for a direct visit. */
  referrer?: string;
  utm?: { utm_source?: string; utm_medium?: string; utm_campaign?: string };
};

export type EmailStatus = {
  state: "pending" | "sent" | "failed";
  attempts: number;
  /** Why the last attempt failed. */
  error?: string;
  updatedAt: string;
};

export type InboxSettings = { writersSeeInbox: boolean };

export type InboxCounts = { unread: number; inbox: number; archived: number; all: number };

export type InboxPage = {
  messages: InboxMessage[];
  page: number;
  pageCount: number;
  total: number;
  counts: InboxCounts;
};

/**
 * The industry's title as the message kept it, "Other" for the form's other choice; for a message
 * sent before titles were kept, the title of the site as built, or the stored id.
 */
export function industryName(id: string, title?: string): string {
  if (id === CONTACT_INDUSTRY_OTHER) return "Other";
  return title ?? findIndustry(id)?.title ?? id;
}

/** What the inbox says about the notification email; nothing when none was configured. */
export function notificationLabel(n: InboxMessage["notification"]): string | undefined {
  if (!n) return undefined;
  if (n.state === "sent") return INBOX_MESSAGES.emailed;
  if (n.state === "failed") return INBOX_MESSAGES.notEmailed(n.error ?? "unknown error");
  return n.error
    ? `${INBOX_MESSAGES.emailPending} (${INBOX_MESSAGES.notEmailed(n.error)})`
    : INBOX_MESSAGES.emailPending;
}

/** A campaign as the inbox names it: "newsletter / email / spring", its missing parts as "–". */
export function campaignName(utm: InboxVisit["utm"]): string | undefined {
  if (!utm) return undefined;
  return [utm.utm_source, utm.utm_medium, utm.utm_campaign].map((v) => v ?? "–").join(" / ");
}

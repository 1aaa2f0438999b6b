import { NEWSLETTER_FORM, NEWSLETTER_HONEYPOT } from "./newsletter-form";

export { NEWSLETTER_FORM, NEWSLETTER_HONEYPOT };

/**
 * The newsletter's words and constants (docs/decisions/245-newsletter-double-opt-in.md), shared by
 * the public form, the pages and /api/public/subscribe. No zod here: the form ships with every blog
 * page (docs/decisions/002-small-public-javascript.md); its schema is newsletter-schema.ts.
 */
export const NEWSLETTER_MESSAGES = {
  ...NEWSLETTER_FORM,
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address.",
  nameTooLong: "Your name can be at most 100 characters.",
  invalid: "Please correct the highlighted fields and try again.",
  /** The one answer to every accepted request, whatever the address's state: no enumeration. */
  checkInbox:
    "Thanks! If this address is not subscribed yet, we have sent it an email with a link to confirm. The link is valid for 48 hours.",
  rateLimited: "You have subscribed several times in a short time. Please try again in a few minutes.",
  confirmedTitle: "You are subscribed",
  confirmed: "Thank you for confirming. You will get an email when we publish a new post.",
  confirmFailedTitle: "This link does not work",
  confirmFailed: "The confirmation link is invalid or older than 48 hours. Please subscribe again.",
  unsubscribeTitle: "Unsubscribe",
  unsubscribeAsk: "Stop receiving our posts by email?",
  unsubscribeButton: "Unsubscribe",
  unsubscribedTitle: "You are unsubscribed",
  unsubscribed: "You will get no more emails from us. You can subscribe again at any time.",
  unsubscribeFailed: "This unsubscribe link is not valid.",
  confirmSubject: (site: string) => `Confirm your subscription to ${site}`,
  confirmText: (site: string, link: string) =>
    `Please confirm that you want to receive new posts from ${site} by email:\n\n${link}\n\n` +
    "The link is valid for 48 hours. If you did not ask for this, ignore this email: nothing more will be sent.",
  readOnSite: "Read on the site",
  watchVideo: "Watch the video",
  footer: (site: string) => `You receive this email because you subscribed to ${site}.`,
  unsubscribeLink: "Unsubscribe",
  testSubject: (subject: string) => `[Test] ${subject}`,
  testSent: (to: string) => `A test email was sent to ${to}.`,
  testNoEmail: "Your account has no email address: add one on your account page to receive a test.",
  noSmtp: "No mail server is set (SMTP_URL), so nothing can be sent.",
  notPublished:
    "Only a published post can be sent to subscribers; choose “Also send by email” when you publish or schedule it.",
  queued: (count: number) => `The post is queued for ${count} ${count === 1 ? "reader" : "readers"}.`,
  sendByEmail: "Also send by email",
  sendTest: "Send a test email to me",
  sendByEmailHint: "When the post is published, it is emailed once to every confirmed subscriber.",
  sendNotAllowed: "Only editors and admins can send a post by email.",
} as const;

/** How long a confirmation link works. */
export const CONFIRM_LINK_HOURS = 48;

export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed", "bouncing"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** A delivery of a post to one reader, as the send ledger keeps it. */
export const DELIVERY_STATES = ["sending", "sent", "retry", "failed"] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** A post's send as the editor and GET /api/cms/posts/{id}/email show it. */
export type SendProgress = {
  postId: number;
  /** `none`: never queued; `queued`: waiting or under way; `done`: every reader was tried to the end. */
  state: "none" | "queued" | "done";
  queuedAt?: string;
  finishedAt?: string;
  /** Confirmed readers not reached yet (and not failed). */
  queued: number;
  sent: number;
  failed: number;
  /** The failed addresses and why, newest first (at most 100). */
  failures: { email: string; reason: string; at: string }[];
};

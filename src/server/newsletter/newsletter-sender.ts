import nodemailer from "nodemailer";
import type { Outbox } from "~/server/outbox/outbox";
import type { Store } from "~/server/records/store";
import type { NewsletterDelivery, NewsletterSend, Post, Subscriber } from "~/server/store/types";
import type { DeliveryOutcome, Expected } from "./newsletter-changes";
import type { NewsletterTokens } from "./newsletter-tokens";
import { postEmail, type PostEmail } from "./post-email";
import { contentOf, shownCoverOf } from "~/server/posts/post-view";

/**
 * The outbox's topic of newsletter sends. A key is the send's id and the time it was queued: a
 * send queued again (for readers confirmed since) is new work, where its finished claim is not.
 */
export const NEWSLETTER_TOPIC = "newsletter";
const keyOf = (send: NewsletterSend) => `${send.id}.${Date.parse(send.queuedAt)}`;

/** Each SMTP call gives up after this long, so a mail server that hangs cannot hold a send. */
const SMTP_TIMEOUT_MS = 15_000;

/** Stands in the built email for each reader's own unsubscribe address. */
const UNSUBSCRIBE_SLOT = "https://unsubscribe.invalid/slot";

export type NewsletterMail = {
  from: string;
  replyTo?: string;
  publicUrl: string;
  /** NEWSLETTER_RATE: messages a minute, across every send. */
  ratePerMinute: number;
  /** SMTP_RETRY_DELAYS_MS: the wait before each retry of a temporary (4xx) failure. */
  retryDelaysMs: readonly number[];
  /** OUTBOX_LEASE_MS: a `sending` entry older than this was left by an instance that stopped. */
  leaseMs: number;
};

export type NewsletterSender = {
  /** Sends one email now (a confirmation, a test send); throws the SMTP error. */
  sendNow(mail: { to: string; subject: string; text: string; html?: string }): Promise<void>;
  /** The post's email for one reader, as the send delivers it (for a test send, `reader` undefined). */
  emailFor(post: Post, reader?: Subscriber): PostEmail & { headers: Record<string, string> };
  /** No new message is begun; one on its way is finished and recorded. */
  stop(): void;
  /** Closes the connection, once the outbox's sweep has ended. */
  close(): void;
};

/** An SMTP call's failure: permanent (5xx), temporary (4xx), or no answer at all (the server away). */
export function smtpFailureOf(err: unknown): { kind: "permanent" | "temporary" | "unreachable"; reason: string } {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
  const reason = (e.response ?? e.message ?? String(err)).split("\n")[0]!.slice(0, 200);
  if (typeof e.responseCode === "number" && e.responseCode >= 500) return { kind: "permanent", reason };
  if (typeof e.responseCode === "number" && e.responseCode >= 400) return { kind: "temporary", reason };
  return { kind: "unreachable", reason };
}

type Work = { subscriber: Subscriber; expected: Expected };

/**
 * The sends of docs/decisions/246-newsletter-send-ledger.md and 247-newsletter-sends-through-the-outbox.md.
 * Each queued send is the outbox's work (topic `newsletter`), attempted only under its claim, so
 * one instance sends a post at a time, and another takes it over when that one stops. An attempt
 * sends a second's worth of the rate, then hands the send back to the outbox with the wait that
 * keeps the rate, so contact emails and webhooks are not held behind a long send. Each reader's
 * delivery is claimed in the ledger (a durable write) before the SMTP call and recorded right
 * after it.
 */
export function createNewsletterSender({
  store,
  smtpUrl,
  outbox,
  tokens,
  mail,
}: {
  store: Store;
  smtpUrl: string;
  outbox: Outbox;
  tokens: NewsletterTokens;
  mail: NewsletterMail;
}): NewsletterSender {
  // One connection, kept open between messages: a send is sequential, and a new connection per
  // message would cost a handshake each.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 1,
    maxMessages: Infinity,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  let stopped = false;
  const perMessageMs = 60_000 / mail.ratePerMinute;
  const batch = Math.max(1, Math.ceil(mail.ratePerMinute / 60));
  const host = new URL(mail.publicUrl).hostname;
  const built = new Map<number, { updatedAt: string; email: PostEmail }>();

  const unsubscribeUrl = (reader: Subscriber) =>
    `${mail.publicUrl}/newsletter/unsubscribe?token=${tokens.unsubscribe(reader.id)}`;

  /** The email of a post, built once per version of the post, with the reader's link put in. */
  const emailFor: NewsletterSender["emailFor"] = (post, reader) => {
    let made = built.get(post.id);
    if (made?.updatedAt !== post.updatedAt) {
      made = {
        updatedAt: post.updatedAt,
        email: postEmail(
          { title: post.title, slug: post.slug, content: contentOf(post), cover: shownCoverOf(post) },
          { publicUrl: mail.publicUrl, unsubscribeUrl: UNSUBSCRIBE_SLOT },
        ),
      };
      built.set(post.id, made);
    }
    const link = reader ? unsubscribeUrl(reader) : `${mail.publicUrl}/newsletter/unsubscribe`;
    const html = made.email.html.replace(UNSUBSCRIBE_SLOT, link.replace(/&/g, "&amp;"));
    const text = made.email.text.replace(UNSUBSCRIBE_SLOT, link);
    // RFC 2369 and RFC 8058: a mail client's own unsubscribe button, one POST, no sign-in.
    const headers = { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
    return { subject: made.email.subject, html, text, headers };
  };

  const sendNow: NewsletterSender["sendNow"] = async ({ to, subject, text, html }) => {
    await transport.sendMail({
      from: mail.from,
      ...(mail.replyTo && { replyTo: mail.replyTo }),
      to,
      subject,
      text,
      html,
    });
  };

  /**
   * What is left of a send, in the order it is done: deliveries left `sending` by an instance that
   * stopped (sent again: docs/decisions/246-newsletter-send-ledger.md), retries that are due, then
   * confirmed readers the ledger has no entry for. `waitMs`: when the earliest waiting piece is due.
   */
  async function workOf(send: NewsletterSend, limit: number) {
    const [readers, entries] = await Promise.all([
      store.listSubscribers(),
      store.listNewsletterDeliveries(send.postId),
    ]);
    const byReader = new Map<number, NewsletterDelivery>(entries.map((d) => [d.subscriberId, d]));
    const now = Date.now();
    const work: Work[] = [];
    let waitMs: number | undefined;
    const wait = (ms: number) => (waitMs = Math.min(waitMs ?? ms, ms));
    const fresh: Work[] = [];
    for (const reader of readers) {
      const entry = byReader.get(reader.id);
      if (!entry) {
        if (reader.status === "confirmed" && fresh.length < limit)
          fresh.push({ subscriber: reader, expected: { subscriberId: reader.id } });
        continue;
      }
      // A reader who unsubscribed or bounces meanwhile gets no retry; a claimed one is finished first.
      if (entry.state === "sending") {
        const left = Date.parse(entry.updatedAt) + mail.leaseMs - now;
        if (left <= 0) work.push({ subscriber: reader, expected: { subscriberId: reader.id, entry } });
        else wait(left);
      } else if (entry.state === "retry" && reader.status === "confirmed") {
        const due = Date.parse(entry.nextAttemptAt ?? entry.updatedAt) - now;
        if (due <= 0) work.push({ subscriber: reader, expected: { subscriberId: reader.id, entry } });
        else wait(due);
      }
    }
    return { work: [...work, ...fresh].slice(0, limit), waitMs };
  }

  /** One reader: claimed in the ledger, sent, recorded. Answers false when the mail server is away. */
  async function deliverOne(send: NewsletterSend, post: Post, { subscriber, expected }: Work): Promise<boolean> {
    const claimed = await store.claimNewsletterDelivery(send, expected);
    // Another instance claimed this reader between the read and the claim: it is theirs.
    if (!claimed) return true;
    const email = emailFor(post, subscriber);
    let outcome: DeliveryOutcome;
    try {
      await transport.sendMail({
        from: mail.from,
        ...(mail.replyTo && { replyTo: mail.replyTo }),
        to: subscriber.name ? { name: subscriber.name, address: subscriber.email } : subscriber.email,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: email.headers,
        // The same id on every attempt: a receiver that sees one twice may show it once.
        messageId: `<newsletter-${post.id}-${subscriber.id}@${host}>`,
      });
      outcome = { state: "sent" };
    } catch (err) {
      const failure = smtpFailureOf(err);
      const delay = mail.retryDelaysMs[claimed.attempts];
      if (failure.kind === "permanent") outcome = { state: "failed", error: failure.reason, permanent: true };
      else if (failure.kind === "temporary" && delay === undefined) {
        outcome = { state: "failed", error: failure.reason, permanent: false };
      } else {
        // The mail server away is no fault of the address: tried again without counting an attempt.
        const wait = failure.kind === "temporary" ? delay! : (mail.retryDelaysMs[0] ?? 10_000);
        outcome = {
          state: "retry",
          error: failure.reason,
          nextAttemptAt: new Date(Date.now() + wait).toISOString(),
          counted: failure.kind === "temporary",
        };
      }
      if (failure.kind === "unreachable") {
        await store.recordNewsletterDelivery(claimed.id, outcome);
        return false;
      }
    }
    await store.recordNewsletterDelivery(claimed.id, outcome);
    return true;
  }

  outbox.register({
    name: NEWSLETTER_TOPIC,
    pending: async () => (await store.listNewsletterSends()).filter((s) => s.state === "queued").map(keyOf),
    async attempt(key) {
      if (stopped) return { retryInMs: 0 };
      const send = await store.getNewsletterSend(Number(key.split(".")[0]));
      if (send?.state !== "queued" || keyOf(send) !== key) return { done: true };
      const post = await store.getPostById(send.postId);
      // A post unpublished or deleted mid-send: what was sent stays sent, the rest is not sent.
      if (!post?.published) {
        await store.finishNewsletterSend(send.id);
        return { done: true };
      }
      const started = Date.now();
      const { work } = await workOf(send, batch);
      let done = 0;
      for (const piece of work) {
        // Stopping: the message on its way is finished and recorded, no other is begun.
        if (stopped) break;
        const reached = await deliverOne(send, post, piece);
        done++;
        if (!reached) return { retryInMs: mail.retryDelaysMs[0] ?? 10_000 };
      }
      const left = await workOf(send, 1);
      if (left.work.length === 0 && left.waitMs === undefined) {
        await store.finishNewsletterSend(send.id);
        return { done: true };
      }
      const pace = started + done * perMessageMs - Date.now();
      return { retryInMs: Math.max(0, left.work.length > 0 ? pace : Math.max(pace, left.waitMs ?? 0)) };
    },
  });

  return {
    sendNow,
    emailFor,
    stop() {
      stopped = true;
    },
    close() {
      stopped = true;
      transport.close();
    },
  };
}

import {
  HttpError,
  NotFoundError,
  TooManyRequestsError,
  ValidationError,
  type FieldErrors,
} from "~/server/http/errors";
import { createRateLimiter } from "~/server/http/rate-limiter";
import { storageErrorOf } from "~/server/store/storage-errors";
import type { Store } from "~/server/records/store";
import type { Analytics, LeadRequest } from "~/server/analytics/analytics";
import { fieldErrors } from "~/shared/field-errors";
import { NEWSLETTER_HONEYPOT, NEWSLETTER_MESSAGES as M, type SendProgress } from "~/shared/newsletter";
import { subscribeSchema } from "~/shared/newsletter-schema";
import { SITE } from "~/shared/site";
import type { NewsletterSender } from "./newsletter-sender";
import type { NewsletterTokens } from "./newsletter-tokens";

/** Subscribe requests one address (IP) may make before 429; the answer says nothing of any address. */
const SUBSCRIBE_LIMIT = { limit: 10, windowMs: 10 * 60 * 1000 };
/** One confirmation email per address in this long, however often it is typed in. */
export const CONFIRMATION_GAP_MS = 10 * 60 * 1000;
/** Failures a progress report lists. */
const FAILURES_SHOWN = 100;

export type SubscribeFormResult =
  | { ok: true; message: string }
  | { ok: false; status: number; message: string; errors?: FieldErrors; headers?: Record<string, string> };

export type Newsletter = ReturnType<typeof createNewsletter>;

/**
 * The newsletter's calls (docs/decisions/245-newsletter-double-opt-in.md): subscribing with double
 * opt-in, confirming, unsubscribing, and a post's send, its progress and a test send. The sending
 * itself is the outbox's (newsletter-sender.ts); without SMTP_URL readers can still subscribe,
 * and nothing is sent.
 */
export function createNewsletter({
  store,
  tokens,
  sender,
  publicUrl,
  kick,
  analytics,
}: {
  store: Store;
  /** Absent with ANALYTICS=off: then no subscription is counted. */
  analytics?: Analytics;
  tokens: NewsletterTokens;
  sender?: NewsletterSender;
  publicUrl: string;
  /** Tells the outbox a send was queued, so it starts now rather than at its next sweep. */
  kick: () => void;
}) {
  const limiter = createRateLimiter(SUBSCRIBE_LIMIT, store.rateCounters?.("subscribe"));

  /** The confirmation email, in the background: the answer must not take longer for a new address. */
  const sendConfirmation = (id: number, email: string) => {
    if (!sender) {
      console.warn("A reader subscribed, but no mail server is set (SMTP_URL): no confirmation email was sent.");
      return;
    }
    const link = `${publicUrl}/newsletter/confirm?token=${tokens.confirm(id)}`;
    sender
      .sendNow({ to: email, subject: M.confirmSubject(SITE.name), text: M.confirmText(SITE.name, link) })
      .catch((error: unknown) => console.warn(`A confirmation email was not sent (${(error as Error).message}).`));
  };

  /**
   * One answer for every accepted request, whatever the address's state (no enumeration); a
   * filled honeypot gets it too, and nothing is kept. 400 for a bad address, 429 past the limit.
   */
  async function subscribe(input: unknown, ip: string, from?: LeadRequest): Promise<{ message: string }> {
    const raw = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
    const parsed = subscribeSchema.safeParse(raw);
    if (!parsed.success) throw new ValidationError(M.invalid, fieldErrors(parsed.error));
    if (typeof raw[NEWSLETTER_HONEYPOT] === "string" && raw[NEWSLETTER_HONEYPOT].trim() !== "") {
      return { message: M.checkInbox };
    }
    const verdict = await limiter.take(ip);
    if (verdict.limited) throw new TooManyRequestsError(M.rateLimited, verdict.retryAfterSeconds);
    const page = typeof raw.page === "string" && /^\/[^\s]{0,299}$/.test(raw.page) ? raw.page : undefined;
    const { email, name } = parsed.data;
    // Answered before the address is looked up or written: a known address takes no less time
    // than a new one (as docs/decisions/232-forgot-answers-alike.md does for reset links).
    store
      .subscribe({ email, ...(name && { name }), ...(page && { page }) }, CONFIRMATION_GAP_MS)
      .then(({ subscriber, confirm, added }) => {
        // A new subscription is credited as a lead is: its page and the posts read before
        // (docs/decisions/262-subscriptions-credited-like-leads.md).
        if (added && from) analytics?.subscription(page, from);
        if (confirm) sendConfirmation(subscriber.id, subscriber.email);
      })
      .catch((error: unknown) => console.error("A subscription could not be stored:", error));
    return { message: M.checkInbox };
  }

  return {
    subscribe,

    /**
     * The form posted to a page (with or without JavaScript): every refusal as a result, for the
     * page to show. `request`: the post, whose sender's visit the analytics credit.
     */
    async subscribeForm(form: FormData, ip: string, request?: Request): Promise<SubscribeFormResult> {
      const values: Record<string, string> = {};
      for (const [key, value] of form) if (typeof value === "string") values[key] = value;
      const from = request && { url: request.url, headers: request.headers, form: values, address: ip };
      try {
        return { ok: true, ...(await subscribe(values, ip, from)) };
      } catch (err) {
        const known = err instanceof HttpError ? err : storageErrorOf(err);
        if (!known) throw err;
        if (known !== err) console.error(err);
        return {
          ok: false,
          status: known.status,
          message: known.message,
          errors: known.errors,
          headers: known.headers,
        };
      }
    },

    /** A confirmation link: true once the reader is confirmed (now or before). */
    async confirm(token: string): Promise<boolean> {
      const id = tokens.readConfirm(token);
      if (id === undefined) return false;
      return (await store.confirmSubscriber(id)) !== undefined;
    },

    /** Whether the unsubscribe token is one this site made (the page's button needs no other check). */
    validUnsubscribe: (token: string) => tokens.readUnsubscribe(token) !== undefined,

    /** An unsubscribe link's POST (the page's button, a mail client's one click): true when valid. */
    async unsubscribe(token: string): Promise<boolean> {
      const id = tokens.readUnsubscribe(token);
      if (id === undefined) return false;
      await store.unsubscribeReader(id);
      return true;
    },

    /** Queues the post's send to every confirmed reader who has not had it. */
    async queueSend(postId: number): Promise<SendProgress> {
      const post = await store.getPostById(postId);
      if (!post) throw new NotFoundError(`No post ${postId}.`);
      if (!post.published) throw new ValidationError(M.notPublished, { post: [M.notPublished] });
      await store.queueNewsletterSend(postId);
      kick();
      return progress(postId);
    },

    progress,

    /** Each post's ledger counts, for the Posts list's "Sent to N readers" line: only posts with a send. */
    async sendSummaries(postIds: readonly number[]): Promise<Record<number, { sent: number; failed: number }>> {
      const [sends, counts] = await Promise.all([store.listNewsletterSends(), store.newsletterDeliveryCounts()]);
      const sent = new Set(sends.map((s) => s.postId));
      return Object.fromEntries(
        postIds.filter((id) => sent.has(id)).map((id) => [id, counts.get(id) ?? { sent: 0, failed: 0 }]),
      );
    },

    /** The post's email, sent now to one address (the editor's own): nothing is recorded. */
    async sendTest(postId: number, to: string | undefined): Promise<{ message: string }> {
      const post = await store.getPostById(postId);
      if (!post) throw new NotFoundError(`No post ${postId}.`);
      if (!sender) throw new ValidationError(M.noSmtp, { _: [M.noSmtp] });
      if (!to) throw new ValidationError(M.testNoEmail, { email: [M.testNoEmail] });
      const email = sender.emailFor(post);
      await sender.sendNow({ to, subject: M.testSubject(email.subject), text: email.text, html: email.html });
      return { message: M.testSent(to) };
    },
  };

  async function progress(postId: number): Promise<SendProgress> {
    const [sends, entries, readers] = await Promise.all([
      store.listNewsletterSends(),
      store.listNewsletterDeliveries(postId),
      store.listSubscribers(),
    ]);
    const send = sends.find((s) => s.postId === postId);
    const emails = new Map(readers.map((r) => [r.id, r.email]));
    const reached = new Set(
      entries.filter((d) => d.state === "sent" || d.state === "failed").map((d) => d.subscriberId),
    );
    const failed = entries.filter((d) => d.state === "failed");
    const waiting =
      send?.state === "queued" ? readers.filter((r) => r.status === "confirmed" && !reached.has(r.id)).length : 0;
    return {
      postId,
      state: send ? send.state : "none",
      ...(send && { queuedAt: send.queuedAt }),
      ...(send?.finishedAt && { finishedAt: send.finishedAt }),
      queued: waiting,
      sent: entries.filter((d) => d.state === "sent").length,
      failed: failed.length,
      failures: failed
        .slice(-FAILURES_SHOWN)
        .reverse()
        .map((d) => ({ email: emails.get(d.subscriberId) ?? "", reason: d.error ?? "", at: d.updatedAt })),
    };
  }
}

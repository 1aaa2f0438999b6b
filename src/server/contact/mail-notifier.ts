import nodemailer from "nodemailer";
import { industryName } from "~/shared/inbox";
import type { EmailStatus } from "~/shared/inbox";
import type { ContactMessage, Store } from "~/server/store/types";
import type { NotificationClaims } from "./notification-claims";

/** Each attempt gives up after this long, so a mail server that hangs cannot hold a retry forever. */
const SMTP_TIMEOUT_MS = 15_000;
/**
 * How long a claim covers one attempt: connecting, the greeting and the data each have
 * SMTP_TIMEOUT_MS, with room to spare. The wait before the next retry is added to it.
 */
const ATTEMPT_LEASE_MS = 4 * SMTP_TIMEOUT_MS;

export type MailNotifier = {
  /** Emails a stored message in the background: never throws, records the outcome on the message. */
  notify(message: ContactMessage): void;
  /** Picks up messages whose notification was still pending when the server last stopped. */
  resumePending(): Promise<void>;
  /** Stops waiting retries (the server is stopping); a message left pending is resumed on the next start. */
  stop(): void;
  /**
   * Sends one notice of the site's own (a post awaiting review) to the same addresses through the
   * same transport, once: a failure is logged and dropped, never thrown.
   */
  notice(mail: { subject: string; text: string }): Promise<void>;
};

export type MailNotifierOptions = {
  store: Store;
  smtpUrl: string;
  to: string[];
  from: string;
  retryDelaysMs: number[];
  /** Who sends which message, when several instances share the messages. */
  claims: NotificationClaims;
};

/**
 * Contact notifications (docs/decisions/015-contact-notifications-by-smtp.md): the message is
 * stored first, so a mail server that is down never loses it; each failed send is retried after
 * the next delay of `retryDelaysMs`, and the inbox shows the last reason once none are left. Each
 * attempt is made only under a claim on the message, held until the next retry is due, so an
 * instance resuming pending messages never sends one another instance is sending or has sent.
 */
export function createMailNotifier({
  store,
  smtpUrl,
  to,
  from,
  retryDelaysMs,
  claims,
}: MailNotifierOptions): MailNotifier {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  const record = async (id: number, notification: EmailStatus) => {
    // The store is closed when the server stops mid-retry; the pending state on disk resumes it.
    await store.updateMessage(id, { notification }).catch(() => undefined);
  };

  const later = (delay: number, job: () => Promise<void>) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void job();
    }, delay);
    timer.unref();
    timers.add(timer);
  };

  /** A message another instance holds: looked at again once its lease could have run out. */
  const watch = (id: number) =>
    later(ATTEMPT_LEASE_MS, async () => {
      const message = await store.getMessage(id).catch(() => undefined);
      if (message?.notification?.state === "pending") await attempt(message, message.notification.attempts);
    });

  const attempt = async (message: ContactMessage, attempts: number): Promise<void> => {
    if (stopped) return;
    const now = () => new Date().toISOString();
    const delay = retryDelaysMs[attempts];
    try {
      if (!(await claims.claim(message.id, ATTEMPT_LEASE_MS + (delay ?? 0)))) return watch(message.id);
      await transport.sendMail(mailFor(message, { to, from }));
    } catch (err) {
      const error = reasonOf(err);
      const state = delay === undefined ? "failed" : "pending";
      if (delay === undefined) await claims.finish(message.id).catch(() => undefined);
      await record(message.id, { state, attempts: attempts + 1, error, updatedAt: now() });
      if (delay === undefined || stopped) {
        if (delay === undefined)
          console.warn(`Contact message ${message.id} was not emailed (${error}); it is in the inbox.`);
        return;
      }
      return later(delay, () => attempt(message, attempts + 1));
    }
    // Sent: not retried whatever follows. A claim left unfinished (the database away) runs out
    // after its lease; the message is recorded as sent before then unless the store is away too.
    await claims.finish(message.id).catch(() => undefined);
    await record(message.id, { state: "sent", attempts: attempts + 1, updatedAt: now() });
  };

  return {
    notify(message) {
      void record(message.id, { state: "pending", attempts: 0, updatedAt: new Date().toISOString() }).then(() =>
        attempt(message, 0),
      );
    },
    async resumePending() {
      const pending = (await store.listMessages()).filter((m) => m.notification?.state === "pending");
      for (const message of pending) void attempt(message, message.notification?.attempts ?? 0);
    },
    async notice({ subject, text }) {
      if (stopped) return;
      await transport.sendMail({ from, to, subject, text }).catch((err: unknown) => {
        console.warn(`A notice "${subject}" was not emailed (${reasonOf(err)}).`);
      });
    },
    stop() {
      stopped = true;
      timers.forEach(clearTimeout);
      timers.clear();
      transport.close();
    },
  };
}

/** Reply-To is the sender, so answering the notification answers the lead (RFC 5322 section 3.6.2). */
export function mailFor(message: ContactMessage, { to, from }: { to: string[]; from: string }) {
  const lines = [
    `Name: ${message.name}`,
    `Email: ${message.email}`,
    message.company && `Company: ${message.company}`,
    message.industry && `Industry: ${industryName(message.industry, message.industryTitle)}`,
    `Received: ${message.createdAt}`,
    "",
    message.message,
  ].filter((line): line is string => typeof line === "string");
  return {
    from,
    to,
    replyTo: { name: message.name, address: message.email },
    subject: `New contact message from ${message.name}${message.company ? ` (${message.company})` : ""}`,
    text: lines.join("\n"),
  };
}

/** A short reason for the inbox: the SMTP reply or the network error, never a stack. */
function reasonOf(err: unknown): string {
  const e = err as { response?: string; code?: string; message?: string };
  return (e.response ?? e.message ?? String(err)).split("\n")[0]!.slice(0, 200);
}

import nodemailer from "nodemailer";
import { industryName } from "~/shared/inbox";
import type { EmailStatus } from "~/shared/inbox";
import type { Outbox } from "~/server/outbox/outbox";
import type { ContactMessage, Store } from "~/server/store/types";

/** Each attempt gives up after this long, so a mail server that hangs cannot hold a retry forever. */
const SMTP_TIMEOUT_MS = 15_000;

/** The outbox's topic of contact notifications; its keys are the messages' ids. */
export const CONTACT_EMAIL_TOPIC = "contact-email";

export type MailNotifier = {
  /** Emails a stored message in the background: never throws, records the outcome on the message. */
  notify(message: ContactMessage): void;
  /** Closes the mail transport (the server is stopping); a message left pending is sent by another instance or the next start. */
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
  /** Who sends which message, and when, on every instance (docs/decisions/165-one-outbox-with-claims.md). */
  outbox: Outbox;
};

/**
 * Contact notifications (docs/decisions/015-contact-notifications-by-smtp.md): the message is
 * stored first, so a mail server that is down never loses it; each failed send is retried after
 * the next delay of `retryDelaysMs`, and the inbox shows the last reason once none are left. The
 * sends go through the outbox (docs/decisions/165-one-outbox-with-claims.md): every pending
 * message is the topic's waiting work, attempted only under its claim, so one instance sends it,
 * and another takes it over when that one stops.
 */
export function createMailNotifier({
  store,
  smtpUrl,
  to,
  from,
  retryDelaysMs,
  outbox,
}: MailNotifierOptions): MailNotifier {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  let stopped = false;

  const record = (id: number, notification: EmailStatus) => store.updateMessage(id, { notification });

  outbox.register({
    name: CONTACT_EMAIL_TOPIC,
    pending: async () =>
      (await store.listMessages()).filter((m) => m.notification?.state === "pending").map((m) => String(m.id)),
    async attempt(key) {
      const message = await store.getMessage(Number(key));
      // Stopping: left to the claim's lease, so another instance (or the next start) sends it.
      if (stopped) return { retryInMs: 0 };
      if (message?.notification?.state !== "pending") return { done: true };
      const attempts = message.notification.attempts;
      const now = () => new Date().toISOString();
      try {
        await transport.sendMail(mailFor(message, { to, from }));
      } catch (err) {
        const error = reasonOf(err);
        const delay = retryDelaysMs[attempts];
        await record(message.id, {
          state: delay === undefined ? "failed" : "pending",
          attempts: attempts + 1,
          error,
          updatedAt: now(),
        });
        if (delay !== undefined) return { retryInMs: delay };
        console.warn(`Contact message ${message.id} was not emailed (${error}); it is in the inbox.`);
        return { done: true };
      }
      // Sent: the claim is finished whatever follows, so no instance sends it again. Should the
      // store be away now, the message stays pending in it, and its claim says it was sent.
      await record(message.id, { state: "sent", attempts: attempts + 1, updatedAt: now() }).catch(() => undefined);
      return { done: true };
    },
  });

  return {
    notify(message) {
      void record(message.id, { state: "pending", attempts: 0, updatedAt: new Date().toISOString() })
        .catch(() => undefined)
        .then(() => outbox.kick());
    },
    async notice({ subject, text }) {
      if (stopped) return;
      await transport.sendMail({ from, to, subject, text }).catch((err: unknown) => {
        console.warn(`A notice "${subject}" was not emailed (${reasonOf(err)}).`);
      });
    },
    stop() {
      stopped = true;
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

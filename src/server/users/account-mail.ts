import nodemailer from "nodemailer";

/** Each send gives up after this long, so a mail server that hangs cannot hold the admin's answer. */
const SMTP_TIMEOUT_MS = 15_000;

export type AccountMail = {
  /** Sends one email to one person; answers whether the mail server took it. Never throws. */
  send(mail: { to: string; subject: string; text: string }): Promise<boolean>;
  /** Closes the transport (the server is stopping). */
  stop(): void;
};

/**
 * Invitations and reset links by email (docs/decisions/230-invitations-and-reset-links.md),
 * through SMTP_URL, as the contact notifications go (docs/decisions/015-contact-notifications-by-smtp.md),
 * but sent at once and not through the outbox: only the token's hash is stored, so a link cannot
 * be sent again later; the admin sees an invitation's link whatever the mail server did, and
 * someone who got no reset email asks again.
 */
export function createAccountMail({ smtpUrl, from }: { smtpUrl: string; from: string }): AccountMail {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  let stopped = false;
  return {
    async send({ to, subject, text }) {
      if (stopped) return false;
      try {
        await transport.sendMail({ from, to, subject, text });
        return true;
      } catch (err) {
        const e = err as { response?: string; message?: string };
        const reason = (e.response ?? e.message ?? String(err)).split("\n")[0]!.slice(0, 200);
        console.warn(`"${subject}" was not emailed (${reason}).`);
        return false;
      }
    },
    stop() {
      stopped = true;
      transport.close();
    },
  };
}

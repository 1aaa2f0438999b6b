import { createHmac, timingSafeEqual } from "node:crypto";
import { CONFIRM_LINK_HOURS } from "~/shared/newsletter";

/**
 * The newsletter's links (docs/decisions/245-newsletter-double-opt-in.md): `c.<reader>.<expiry>.<mac>`
 * confirms, valid CONFIRM_LINK_HOURS; `u.<reader>.<mac>` unsubscribes, for good. The MAC is
 * HMAC-SHA256 with a key derived from the session secret for this use only (as preview links'
 * is), cut to 128 bits: nothing new to keep, and no token is ever a session's seal.
 */
export type NewsletterTokens = ReturnType<typeof newsletterTokens>;

export function newsletterTokens(sessionSecret: string) {
  const key = createHmac("sha256", sessionSecret).update("queuewise newsletter links v1").digest();
  const mac = (body: string) => createHmac("sha256", key).update(body).digest().subarray(0, 16);
  const sign = (body: string) => `${body}.${mac(body).toString("base64url")}`;
  /** The body of a token whose MAC is right, else undefined. */
  const verified = (token: string): string[] | undefined => {
    const at = token.lastIndexOf(".");
    if (at < 1 || token.length > 200) return undefined;
    const body = token.slice(0, at);
    const given = Buffer.from(token.slice(at + 1), "base64url");
    const expected = mac(body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return body.split(".");
  };
  const idOf = (text: string | undefined) => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined);

  return {
    confirm(id: number, now = Date.now()) {
      const expires = Math.floor(now / 1000) + CONFIRM_LINK_HOURS * 3600;
      return sign(`c.${id}.${expires}`);
    },
    unsubscribe(id: number) {
      return sign(`u.${id}`);
    },
    /** The reader a confirmation token names, while it is valid. */
    readConfirm(token: string, now = Date.now()): number | undefined {
      const parts = verified(token);
      if (parts?.length !== 3 || parts[0] !== "c") return undefined;
      const expires = Number(parts[2]);
      if (!Number.isInteger(expires) || expires * 1000 < now) return undefined;
      return idOf(parts[1]);
    },
    readUnsubscribe(token: string): number | undefined {
      const parts = verified(token);
      if (parts?.length !== 2 || parts[0] !== "u") return undefined;
      return idOf(parts[1]);
    },
  };
}

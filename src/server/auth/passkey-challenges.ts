import { randomBytes } from "node:crypto";
import { parse as parseCookies, serialize as serializeCookie } from "cookie";
import { sealData, unsealData } from "iron-session";
import { UnauthorizedError } from "~/server/http/errors";
import { createRateLimiter, type CounterFactory } from "~/server/http/rate-limiter";
import { PASSKEY_MESSAGES } from "~/shared/passkeys";

/** The cookie that carries a passkey ceremony's challenge from its options to its answer. */
export const CHALLENGE_COOKIE = "queuewise_passkey";
/** A challenge is answered within this, or asked again (WebAuthn's own timeout is the same). */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

/** What a challenge is for: adding a passkey (to whose account), or a sign-in. */
export type ChallengePurpose = { purpose: "register"; userId: number } | { purpose: "sign-in" };
type Sealed = { challenge: string } & ChallengePurpose;

export type PasskeyChallenges = ReturnType<typeof createPasskeyChallenges>;

/**
 * WebAuthn challenges (docs/decisions/240-passkeys-in-the-user-record.md), single use, short-lived,
 * and the same on every instance: the challenge travels sealed under the session secret in an
 * HttpOnly cookie (every instance shares `SESSION_SECRET`, so any of them opens it, and nothing is
 * written when one is made), and its one use is counted in a limiter of one per challenge, which
 * lives in PostgreSQL beside the sign-in limits when instances share a database
 * (docs/decisions/089-rate-limits-in-postgres.md). A challenge sent twice, to one instance or two,
 * is taken once.
 */
export function createPasskeyChallenges({ secret, counters }: { secret: string; counters?: CounterFactory }) {
  const used = createRateLimiter({ limit: 1, windowMs: CHALLENGE_TTL_SECONDS * 1000 }, counters);
  const sealOptions = { password: secret, ttl: CHALLENGE_TTL_SECONDS };
  const cookie = (value: string, secure: boolean, maxAge: number) =>
    serializeCookie(CHALLENGE_COOKIE, value, { httpOnly: true, sameSite: "strict", secure, path: "/api", maxAge });

  return {
    /** A new challenge (base64url, 256 bits) and the Set-Cookie line that keeps it for its answer. */
    async issue(purpose: ChallengePurpose, secure: boolean): Promise<{ challenge: string; setCookie: string }> {
      const challenge = randomBytes(32).toString("base64url");
      const sealed = await sealData({ challenge, ...purpose } satisfies Sealed, sealOptions);
      return { challenge, setCookie: cookie(sealed, secure, CHALLENGE_TTL_SECONDS) };
    },

    /**
     * Takes the request's challenge for `purpose`, once: a missing, expired or other purpose's
     * challenge, or one taken already (here or on another instance), is refused with 401.
     */
    async take(cookieHeader: string | undefined, purpose: ChallengePurpose): Promise<string> {
      const value = cookieHeader ? parseCookies(cookieHeader)[CHALLENGE_COOKIE] : undefined;
      const opened = value ? await unsealData<Partial<Sealed>>(value, sealOptions).catch(() => undefined) : undefined;
      const fits =
        typeof opened?.challenge === "string" &&
        opened.purpose === purpose.purpose &&
        (purpose.purpose !== "register" || (opened.purpose === "register" && opened.userId === purpose.userId));
      if (!fits || (await used.take(opened.challenge!)).limited) {
        throw new UnauthorizedError(PASSKEY_MESSAGES.challengeExpired);
      }
      return opened.challenge!;
    },

    /** The Set-Cookie line that forgets the challenge once it is answered. */
    cleared: (secure: boolean) => cookie("", secure, 0),
  };
}

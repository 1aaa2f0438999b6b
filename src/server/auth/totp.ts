import { createHash, randomInt } from "node:crypto";
import { Secret, TOTP as Totp } from "otpauth";
import { normalizeCode, RECOVERY_CODE_COUNT, TOTP } from "~/shared/two-factor";

/**
 * TOTP codes (RFC 6238: SHA-1, six digits, 30 seconds, which every authenticator app reads) and
 * recovery codes, for the two-factor service (two-factor.ts).
 */

/** A new secret of 160 bits (RFC 4226 section 4 asks at least 128), in base32 as the apps take it. */
export const newSecret = () => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, username: string) =>
  new Totp({
    issuer: TOTP.issuer,
    label: username,
    secret: Secret.fromBase32(secret),
    digits: TOTP.digits,
    period: TOTP.period,
  });

/** The `otpauth://totp/...` link the QR code holds. */
export const otpauthUrl = (secret: string, username: string) => totpOf(secret, username).toString();

/**
 * The time step a six-digit code belongs to, within one step of `now` either way, or undefined.
 * The caller takes a step only once (the user's `lastStep`), so a code seen by someone else cannot
 * be used again while it is still current.
 */
export function stepOfCode(secret: string, code: string, now = Date.now()): number | undefined {
  const token = normalizeCode(code);
  if (!/^\d{6}$/.test(token)) return undefined;
  const delta = totpOf(secret, "").validate({ token, timestamp: now, window: TOTP.window });
  return delta === null ? undefined : Totp.counter({ period: TOTP.period, timestamp: now }) + delta;
}

/** Lowercase letters and digits without the look-alikes 0, o, 1, l. */
const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** Ten codes like `k7m2q-x9d4r`: 50 random bits each, nothing anyone chose, so a SHA-256 keeps them well. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What the store keeps of a recovery code: its hex SHA-256, typed with or without the dash. */
export const hashRecoveryCode = (code: string) => createHash("sha256").update(normalizeCode(code)).digest("hex");

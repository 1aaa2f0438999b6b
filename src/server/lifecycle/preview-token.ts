import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * A preview link's token (docs/decisions/181-shared-preview-links.md): its payload as base64url
 * JSON, a dot, and the payload's HMAC-SHA256. The key is derived from the session secret, so
 * nothing new needs keeping, yet a token is never a session's seal: rotating the session secret
 * ends every link too. The payload names the record by its lifecycle's subject and its id.
 */
const timing = { expiresAt: z.iso.datetime(), generation: z.number().int().nonnegative() };
const payloadSchema = z.union([
  z.strictObject({ subject: z.string().min(1), id: z.number().int().positive(), ...timing }),
  // A link made before other subjects than posts could have links: a post's.
  z
    .strictObject({ postId: z.number().int().positive(), ...timing })
    .transform(({ postId, ...rest }) => ({ subject: "post", id: postId, ...rest })),
]);
export type PreviewTokenPayload = { subject: string; id: number; expiresAt: string; generation: number };

/** The key that signs preview links, derived from the session secret for this use only. */
export function previewLinkKey(sessionSecret: string): Buffer {
  return createHmac("sha256", sessionSecret).update("queuewise preview links v1").digest();
}

const mac = (key: Buffer, body: string) => createHmac("sha256", key).update(body).digest();

export function signPreviewToken(payload: PreviewTokenPayload, key: Buffer): string {
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${mac(key, body).toString("base64url")}`;
}

/** The payload of a token signed with `key`; undefined for any other string (expiry is the caller's). */
export function readPreviewToken(token: string, key: Buffer): PreviewTokenPayload | undefined {
  const [body, signature, ...rest] = token.split(".");
  if (!body || !signature || rest.length > 0) return undefined;
  const given = Buffer.from(signature, "base64url");
  const expected = mac(key, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

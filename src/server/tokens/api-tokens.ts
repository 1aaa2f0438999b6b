import { createHash, randomBytes } from "node:crypto";
import type { ActivityLog, Who } from "~/server/activity/activity-log";
import type { SignedIn } from "~/server/auth/auth-service";
import { TooManyRequestsError, UnauthorizedError, ValidationError } from "~/server/http/errors";
import { createRateLimiter } from "~/server/http/rate-limiter";
import type { Store } from "~/server/records/store";
import type { ApiToken } from "~/server/store/types";
import type { ActivityEntry } from "~/shared/activity";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { API_TOKEN_MESSAGES, API_TOKEN_PREFIX, apiTokenInputSchema, type ApiTokenSummary } from "~/shared/api-tokens";
import { fieldErrors } from "~/shared/field-errors";

/** Calls one token may make per window before 429, counted across instances when the store is shared. */
export const API_TOKEN_RATE = { limit: 600, windowMs: 60 * 1000 } as const;
/** A token's `lastUsedAt` is written at most this often, so a busy script does not write on every call. */
export const LAST_USED_EVERY_MS = 60 * 1000;

/** The hex SHA-256 the store keeps of a secret (docs/decisions/215-api-tokens.md: why not scrypt). */
export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** The secret of `Authorization: Bearer <secret>`, if the request carries one. */
export function bearerSecret(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^Bearer[ \t]+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export type ApiTokens = ReturnType<typeof createApiTokens>;

const summaryOf = (t: ApiToken): ApiTokenSummary => ({
  id: t.id,
  name: t.name,
  scopes: [...t.scopes],
  createdAt: t.createdAt,
  ...(t.expiresAt && { expiresAt: t.expiresAt }),
  ...(t.lastUsedAt && { lastUsedAt: t.lastUsedAt }),
});

/**
 * API tokens (docs/decisions/215-api-tokens.md): made, listed and revoked by their owner, and
 * checked on every bearer call against this instance's records, which PostgreSQL's notifications
 * keep current, so a revocation or a disabled owner is refused on every instance at once.
 */
export function createApiTokens({
  store,
  activity,
  rate = API_TOKEN_RATE,
}: {
  store: Store;
  activity?: ActivityLog;
  rate?: { limit: number; windowMs: number };
}) {
  const limiter = createRateLimiter(rate, store.rateCounters?.("api-token"));
  /** When this instance last wrote each token's last use. */
  const lastWritten = new Map<number, number>();

  const logged = async <T>(write: Promise<T>, made: () => ActivityEntry | undefined): Promise<T> => {
    const result = await write;
    const entry = made();
    if (entry) await activity?.written([entry]);
    return result;
  };

  /** Writes the last use when the stored one is a minute old or more. */
  const noteUse = async (token: ApiToken, now: number) => {
    const stored = token.lastUsedAt ? Date.parse(token.lastUsedAt) : 0;
    const last = Math.max(stored, lastWritten.get(token.id) ?? 0);
    if (now - last < LAST_USED_EVERY_MS) return;
    lastWritten.set(token.id, now);
    // A store that cannot write now (a read-only start, the database away) still answers the call;
    // the last use is written by a later one.
    await store.touchApiToken(token.id, new Date(now).toISOString()).catch(() => lastWritten.delete(token.id));
  };

  return {
    async list(userId: number): Promise<ApiTokenSummary[]> {
      return (await store.listApiTokens(userId)).map(summaryOf);
    },

    /** A new token for the signed-in user: the secret is in this answer and nowhere else, ever. */
    async create(who: Who & { user: { id: number } }, body: unknown): Promise<ApiTokenSummary & { token: string }> {
      const parsed = apiTokenInputSchema.safeParse(body ?? {});
      if (!parsed.success) throw new ValidationError(API_TOKEN_MESSAGES.formErrors, fieldErrors(parsed.error));
      const { name, scopes, expiresAt } = parsed.data;
      if (expiresAt && Date.parse(expiresAt) <= Date.now()) {
        throw new ValidationError(API_TOKEN_MESSAGES.formErrors, { expiresAt: [API_TOKEN_MESSAGES.expiryPast] });
      }
      // 192 random bits: guessing one is hopeless, so a fast hash of it is as good as a slow one.
      const token = API_TOKEN_PREFIX + randomBytes(24).toString("base64url");
      let entry: ActivityEntry | undefined;
      const record = await logged(
        store.addApiToken(
          { userId: who.user.id, name, scopes, tokenHash: hashSecret(token), ...(expiresAt && { expiresAt }) },
          (t) => (entry = activity?.entry("token-create", who, ACTIVITY_MESSAGES.apiToken(t.id, t.name, t.scopes))),
        ),
        () => entry,
      );
      return { ...summaryOf(record), token };
    },

    async revoke(who: Who & { user: { id: number } }, id: number): Promise<ApiTokenSummary> {
      let entry: ActivityEntry | undefined;
      const removed = await logged(
        store.revokeApiToken(
          who.user.id,
          id,
          (t) => (entry = activity?.entry("token-revoke", who, ACTIVITY_MESSAGES.apiToken(t.id, t.name, t.scopes))),
        ),
        () => entry,
      );
      lastWritten.delete(id);
      return summaryOf(removed);
    },

    /**
     * The owner of a bearer secret, with the token's scopes, or the 401 that says why not (unknown
     * or revoked, expired, owner disabled or deleted), or 429 past the token's rate.
     */
    async authenticate(secret: string, ip: string): Promise<SignedIn & { tokenId: number }> {
      const token = await store.findApiToken(hashSecret(secret));
      if (!token) throw new UnauthorizedError(API_TOKEN_MESSAGES.unknown);
      const now = Date.now();
      if (token.expiresAt && Date.parse(token.expiresAt) <= now)
        throw new UnauthorizedError(API_TOKEN_MESSAGES.expired);
      const owner = await store.getUserById(token.userId);
      if (!owner || owner.disabled) throw new UnauthorizedError(API_TOKEN_MESSAGES.ownerDisabled);
      const verdict = await limiter.take(`token:${token.id}`);
      if (verdict.limited)
        throw new TooManyRequestsError(API_TOKEN_MESSAGES.tooManyRequests, verdict.retryAfterSeconds);
      await noteUse(token, now);
      const at = new Date(now).toISOString();
      return {
        tokenId: token.id,
        user: { id: owner.id, username: owner.username, role: owner.role, scopes: [...token.scopes] },
        // A bearer call has no session; this stands in for one, named for the token, lasting the call.
        session: {
          id: `api-token-${token.id}`,
          userId: owner.id,
          createdAt: token.createdAt,
          lastSeenAt: at,
          expiresAt: token.expiresAt ?? at,
          userAgent: "API token",
          ip,
        },
      };
    },
  };
}

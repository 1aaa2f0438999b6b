import { NotFoundError, ValidationError } from "~/server/http/errors";
import { checkRecord, withoutUndefined, type Change } from "~/server/store/change";
import { storedApiTokenSchema } from "~/server/collections/api-tokens";
import type { Snapshot } from "~/server/store/db-snapshot";
import type { ApiToken } from "~/server/store/types";
import { API_TOKEN_MESSAGES, API_TOKENS_PER_USER } from "~/shared/api-tokens";

/** A new token's record; the caller made the secret and hands only its hash. */
export type NewApiToken = Omit<ApiToken, "id" | "createdAt" | "lastUsedAt">;

const listOf = (snap: Snapshot) => snap.data.apiTokens ?? [];
const nextId = (snap: Snapshot) =>
  snap.data.meta.nextApiTokenId ?? listOf(snap).reduce((next, t) => Math.max(next, t.id + 1), 1);

/** Tokens change no page, so their writes name no kind (no page-cache topic). */
export function addApiToken(snap: Snapshot, input: NewApiToken, now: string): Change<ApiToken> {
  if (listOf(snap).filter((t) => t.userId === input.userId).length >= API_TOKENS_PER_USER) {
    throw new ValidationError(API_TOKEN_MESSAGES.tooMany, { _: [API_TOKEN_MESSAGES.tooMany] });
  }
  const id = nextId(snap);
  const record = checkRecord(storedApiTokenSchema, withoutUndefined({ ...input, id, createdAt: now }) as ApiToken);
  const apiTokens = [...listOf(snap), record];
  return {
    next: { ...snap.data, apiTokens, meta: { ...snap.data.meta, nextApiTokenId: id + 1 } },
    result: record,
    kinds: [],
  };
}

/** Deletes one of `userId`'s tokens: gone, it is refused like a token that never was. */
export function revokeApiToken(snap: Snapshot, userId: number, id: number): Change<ApiToken> {
  const found = listOf(snap).find((t) => t.id === id && t.userId === userId);
  if (!found) throw new NotFoundError(API_TOKEN_MESSAGES.notFound(id));
  // meta.nextApiTokenId stays, so the id is never reused.
  return { next: { ...snap.data, apiTokens: listOf(snap).filter((t) => t !== found) }, result: found, kinds: [] };
}

/** Records a token's last use; nothing when it is gone (revoked meanwhile). */
export function touchApiToken(snap: Snapshot, id: number, at: string): Change<ApiToken | undefined> {
  const found = listOf(snap).find((t) => t.id === id);
  if (!found) return { result: undefined, kinds: [] };
  const updated = { ...found, lastUsedAt: at };
  return {
    next: { ...snap.data, apiTokens: listOf(snap).map((t) => (t === found ? updated : t)) },
    result: updated,
    kinds: [],
  };
}

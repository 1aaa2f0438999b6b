import { z } from "zod";
import { API_SCOPE_NAMES } from "~/shared/api-tokens";
import type { ListDeclaration } from "./collection";
import { id, listOf, nonEmpty, text } from "./fields";

/**
 * An API token (docs/decisions/215-api-tokens.md): whose it is, what it may do, and the SHA-256 of
 * its secret, never the secret. Revoking one deletes the record, so a revoked token and an unknown
 * one are the same to every instance.
 */
export const apiTokenRecordSchema = z.object({
  id,
  userId: id,
  name: nonEmpty("name"),
  scopes: listOf(z.enum(API_SCOPE_NAMES), "tags", 1),
  /** Hex SHA-256 of the secret. */
  tokenHash: nonEmpty(),
  createdAt: text("date"),
  expiresAt: text("date").optional(),
  /** Written at most once a minute per token (src/server/tokens/api-tokens.ts). */
  lastUsedAt: text("date").optional(),
});
export const storedApiTokenSchema = apiTokenRecordSchema.loose();

export const apiTokens: ListDeclaration = {
  key: "apiTokens",
  // Files from before tokens have none.
  whenMissing: "leave",
  stored: storedApiTokenSchema,
  // migrations/022: the scopes, expiry and last use travel in `extra`.
  table: "api_tokens",
  columns: [["id"], ["userId"], ["tokenHash"], ["createdAt", "time"]],
  unique: [{ of: (t: { id: number }) => t.id }, { of: (t: { tokenHash: string }) => t.tokenHash }],
  counter: { name: "nextApiTokenId", whenAny: true },
};

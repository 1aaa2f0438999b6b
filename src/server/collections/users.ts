import { z } from "zod";
import { ROLES } from "~/shared/permissions";
import type { ListDeclaration } from "./collection";
import { id, listOf, nonEmpty, text } from "./fields";

/**
 * A user's second factor (docs/decisions/220-two-factor-secrets-in-the-user-record.md): the TOTP
 * secret in base32, as the authenticator app has it; without `enabledAt`, a set-up not yet
 * confirmed with a code. `recoveryCodes` are the hex SHA-256 of the unused recovery codes, and
 * `lastStep` the time step of the last code taken, so no code is taken twice.
 */
export const twoFactorRecordSchema = z
  .object({
    secret: nonEmpty(),
    createdAt: text("date"),
    enabledAt: text("date").optional(),
    recoveryCodes: listOf(nonEmpty(), "fields").optional(),
    lastStep: z.number().int().nonnegative().optional(),
  })
  .loose();

/**
 * One of a user's passkeys (docs/decisions/240-passkeys-in-the-user-record.md): `credentialId` and
 * `publicKey` in base64url as WebAuthn gives them, `counter` the authenticator's last signature
 * count (a count that does not grow is refused, a sign of a copied key), `transports` the hints the
 * browser gave. `id` numbers a user's passkeys for the Account tab; it is never reused for them.
 */
export const passkeyRecordSchema = z
  .object({
    id,
    name: nonEmpty("name"),
    credentialId: nonEmpty(),
    publicKey: nonEmpty(),
    counter: z.number().int().nonnegative(),
    transports: listOf(text("name"), "tags").optional(),
    createdAt: text("date"),
    lastUsedAt: text("date").optional(),
  })
  .loose();

export const userRecordSchema = z.object({
  id,
  username: nonEmpty("name"),
  role: z.enum(ROLES),
  /** `scrypt$N$r$p$salt$hash`, never sent to a client. */
  passwordHash: nonEmpty(),
  createdAt: text("date"),
  /** A disabled user cannot sign in, and their sessions give no rights. */
  disabled: z.boolean().optional(),
  lastSignInAt: text("date").optional(),
  /** The public profile (docs/decisions/130-bylines-and-author-pages.md), each absent when unset. */
  displayName: text().optional(),
  bio: text().optional(),
  /** An original in the media library (`/media/...`); without one, generated initials. */
  avatar: text("url").optional(),
  twoFactor: twoFactorRecordSchema.optional(),
  /** Absent when the user has none. */
  passkeys: listOf(passkeyRecordSchema, "tags").optional(),
  /** Where invitations and reset links go; unique without case (docs/decisions/230-invitations-and-reset-links.md). */
  email: text().optional(),
  /** The one reset link that works now: the hex SHA-256 of its token, never the token. */
  passwordReset: z
    .object({ tokenHash: nonEmpty(), expiresAt: text("date") })
    .loose()
    .optional(),
  /** The author of an import ("wordpress:author:jane"), disabled until an admin enables them (src/server/import/). */
  source: text().optional(),
});
export const userSchema = userRecordSchema.loose();

export const users: ListDeclaration = {
  key: "users",
  whenMissing: "empty",
  stored: userSchema,
  table: "users",
  columns: [
    ["id"],
    ["username"],
    ["role"],
    ["passwordHash"],
    ["createdAt", "time"],
    // migrations/015
    ["displayName"],
    ["bio"],
    ["avatar"],
    // migrations/023
    ["twoFactor"],
    // migrations/025
    ["email"],
    ["passwordReset"],
    // migrations/026
    ["passkeys"],
  ],
  counted: true,
  // Usernames are unique regardless of case.
  unique: [
    { of: (u: { id: number }) => u.id },
    { of: (u: { username: string }) => u.username.toLowerCase() },
    // A user without an address shares no key with anyone: a symbol equals only itself.
    { of: (u: { email?: string }) => u.email?.toLowerCase() ?? Symbol("no email") },
  ],
  counter: { name: "nextUserId" },
};

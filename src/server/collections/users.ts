import { z } from "zod";
import { ROLES } from "~/shared/permissions";
import type { ListDeclaration } from "./collection";
import { id, nonEmpty, text } from "./fields";

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
  ],
  counted: true,
  // Usernames are unique regardless of case.
  unique: [{ of: (u: { id: number }) => u.id }, { of: (u: { username: string }) => u.username.toLowerCase() }],
  counter: { name: "nextUserId" },
};

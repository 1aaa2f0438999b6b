import { z } from "zod";
import { ROLES } from "~/shared/permissions";
import type { ListDeclaration } from "./collection";
import { id, nonEmpty, text } from "./fields";

/**
 * An invitation waiting for its invitee (docs/decisions/230-invitations-and-reset-links.md): the
 * address and role an admin chose, and the SHA-256 of the link's token, never the token. Accepting
 * or revoking one deletes it, so a used link and one that never was are refused alike.
 */
export const invitationRecordSchema = z.object({
  id,
  email: nonEmpty(),
  role: z.enum(ROLES),
  /** Hex SHA-256 of the token. */
  tokenHash: nonEmpty(),
  createdAt: text("date"),
  expiresAt: text("date"),
  /** The admin who sent it. */
  invitedBy: id.optional(),
});
export const storedInvitationSchema = invitationRecordSchema.loose();

export const invitations: ListDeclaration = {
  key: "invitations",
  // Files from before invitations have none.
  whenMissing: "leave",
  stored: storedInvitationSchema,
  // migrations/025: the role, expiry and who sent it travel in `extra`.
  table: "invitations",
  columns: [["id"], ["email"], ["tokenHash"], ["createdAt", "time"]],
  unique: [
    { of: (i: { id: number }) => i.id },
    { of: (i: { tokenHash: string }) => i.tokenHash },
    { of: (i: { email: string }) => i.email.toLowerCase() },
  ],
  counter: { name: "nextInvitationId", whenAny: true },
};

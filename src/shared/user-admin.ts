import { z } from "zod";
import { AUTH_FORM_MESSAGES } from "./schemas";
import { ROLES, type Role } from "./permissions";

/**
 * Managing users from the admin (docs/decisions/022-users-and-accounts.md): the Users tab's rows,
 * the bodies of /api/admin/users, and every message they answer with.
 */

/** One row of the Users tab: never the password hash. */
export type AdminUserRow = {
  id: number;
  username: string;
  role: Role;
  createdAt: string;
  lastSignInAt?: string;
  disabled: boolean;
  /** Sessions that are signed in now (not ended, not expired). */
  activeSessions: number;
};

export const USER_ADMIN_MESSAGES = {
  lastAdmin: "The last admin cannot be demoted, disabled or deleted. Make another user an admin first.",
  notYourself: "You cannot disable or delete your own account. Ask another admin.",
  userNotFound: (id: number) => `User ${id} not found.`,
  invalidId: "Invalid user ID",
  nothingToChange: "Send a role, or disabled true or false.",
} as const;

const newPassword = z
  .string({ error: AUTH_FORM_MESSAGES.newPassword })
  .min(8, AUTH_FORM_MESSAGES.newPassword)
  .max(200, AUTH_FORM_MESSAGES.tooLong);

const role = z.enum(ROLES, { error: AUTH_FORM_MESSAGES.role });

/** PATCH /api/admin/users/{id}: a role, disabled, or both. */
export const userChangeSchema = z
  .object({ role: role.optional(), disabled: z.boolean({ error: USER_ADMIN_MESSAGES.nothingToChange }).optional() })
  .strict()
  .refine((v) => v.role !== undefined || v.disabled !== undefined, {
    message: USER_ADMIN_MESSAGES.nothingToChange,
    path: ["role"],
  });

/** POST /api/admin/users/{id}/password: an admin sets a new password for someone. */
export const passwordResetSchema = z.object({ password: newPassword });

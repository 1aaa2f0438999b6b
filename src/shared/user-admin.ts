import { z } from "zod";
import { AUTH_FORM_MESSAGES, isLibraryImage } from "./schemas";
import { ROLES, type Role } from "./permissions";
import { PROFILE_LIMITS, type AuthorProfile } from "./authors";
import { emailField } from "./account-links";

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
  /** The public profile (docs/decisions/130-bylines-and-author-pages.md); absent fields are unset. */
  displayName?: string;
  bio?: string;
  avatar?: string;
  /** Sessions that are signed in now (not ended, not expired). */
  activeSessions: number;
  /** Signs in with a second factor (docs/decisions/220-two-factor-secrets-in-the-user-record.md). */
  twoFactor?: boolean;
  /** Where invitations and reset links go (docs/decisions/230-invitations-and-reset-links.md). */
  email?: string;
};

/** The Account tab's own profile: the public one, and the address only its owner and admins see. */
export type OwnProfile = AuthorProfile & { email?: string };

export const USER_ADMIN_MESSAGES = {
  lastAdmin: "The last admin cannot be demoted, disabled or deleted. Make another user an admin first.",
  notYourself: "You cannot disable or delete your own account. Ask another admin.",
  userNotFound: (id: number) => `User ${id} not found.`,
  invalidId: "Invalid user ID",
  nothingToChange: "Send a role, disabled true or false, or a profile field (displayName, bio, avatar, email).",
  nothingInProfile: "Send at least one of displayName, bio, avatar or email.",
  displayName: `Display name must be one line of at most ${PROFILE_LIMITS.displayName} characters`,
  displayNameCharacters:
    "Display name cannot contain control characters, characters that change the text's direction, or invisible ones",
  displayNameIsUsername: "Display name cannot be another user's username",
  bio: `Bio must be at most ${PROFILE_LIMITS.bio} characters`,
  avatar: "Avatar must be an image uploaded to the media library",
  profileSaved: "Profile saved",
} as const;

/**
 * What a display name may not hold besides line breaks (refused with their own message above):
 * the other C0 and C1 controls, the marks, embeddings, overrides and isolates that reorder text
 * (Unicode Standard Annex 9; `\u202e` shows "nimda" as "admin"), and zero-width characters, which
 * make two names that look alike differ.
 */
const HIDDEN_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;

/**
 * A public profile's fields, each optional; "" removes one. Plain text: pages print it as text,
 * never as HTML.
 */
const profileFields = {
  displayName: z
    .string({ error: USER_ADMIN_MESSAGES.displayName })
    .trim()
    .max(PROFILE_LIMITS.displayName, USER_ADMIN_MESSAGES.displayName)
    .refine((v) => !/[\r\n]/.test(v), USER_ADMIN_MESSAGES.displayName)
    .refine((v) => !HIDDEN_CHARACTERS.test(v), USER_ADMIN_MESSAGES.displayNameCharacters)
    .optional(),
  bio: z.string({ error: USER_ADMIN_MESSAGES.bio }).trim().max(PROFILE_LIMITS.bio, USER_ADMIN_MESSAGES.bio).optional(),
  avatar: z
    .string({ error: USER_ADMIN_MESSAGES.avatar })
    .trim()
    .refine((v) => v === "" || isLibraryImage(v), USER_ADMIN_MESSAGES.avatar)
    .optional(),
  /** Never shown on a public page; "" removes it. */
  email: z.union([z.literal(""), emailField]).optional(),
};

/** PATCH /api/cms/profile: a signed-in user's own profile. */
export const profileSchema = z
  .object(profileFields)
  .strict()
  .refine((v) => Object.values(v).some((field) => field !== undefined), {
    message: USER_ADMIN_MESSAGES.nothingInProfile,
    path: ["displayName"],
  });
export type ProfileInput = z.infer<typeof profileSchema>;

const newPassword = z
  .string({ error: AUTH_FORM_MESSAGES.newPassword })
  .min(8, AUTH_FORM_MESSAGES.newPassword)
  .max(200, AUTH_FORM_MESSAGES.tooLong);

const role = z.enum(ROLES, { error: AUTH_FORM_MESSAGES.role });

/** PATCH /api/admin/users/{id}: a role, disabled, profile fields, or any of them together. */
export const userChangeSchema = z
  .object({
    role: role.optional(),
    disabled: z.boolean({ error: USER_ADMIN_MESSAGES.nothingToChange }).optional(),
    ...profileFields,
  })
  .strict()
  .refine((v) => Object.values(v).some((field) => field !== undefined), {
    message: USER_ADMIN_MESSAGES.nothingToChange,
    path: ["role"],
  });

/** POST /api/admin/users/{id}/password: an admin sets a new password for someone. */
export const passwordResetSchema = z.object({ password: newPassword });

import { z } from "zod";
import { newUserSchema, AUTH_FORM_MESSAGES } from "./schemas";
import { ROLES, type Role } from "./permissions";

/**
 * Invitations and password resets (docs/decisions/230-invitations-and-reset-links.md): one-time
 * links an admin or the sign-in form makes, their bodies, their validity and every message they
 * answer with.
 */

/** An invitation's link works this long. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A reset link works this long. */
export const RESET_TTL_MS = 60 * 60 * 1000;
/** "Forgot your password?" requests per window, per client address and per email address. */
export const FORGOT_LIMITS = {
  perIp: { limit: 10, windowMs: 15 * 60 * 1000 },
  perEmail: { limit: 3, windowMs: 15 * 60 * 1000 },
} as const;

/** The pages the links open; the token is their `token` query parameter. */
export const ACCOUNT_LINK_PATHS = {
  invitation: "/admin/invitation",
  reset: "/admin/reset-password",
  forgot: "/admin/forgot-password",
} as const;

/** /admin's query parameter after a reset: the sign-in form says the new password is set. */
export const PASSWORD_SET_PARAM = "password-set";

export const ACCOUNT_LINK_MESSAGES = {
  email: "Enter an email address, such as ada@example.com",
  linkRefused: "This link is not valid any more: it was used, replaced or revoked, or it expired.",
  emailTaken: "Another account has this email address.",
  alreadyInvited: "This address is invited already: revoke that invitation first.",
  invitationNotFound: (id: number) => `Invitation ${id} not found.`,
  invalidId: "Invalid invitation ID",
  noEmail: (username: string) => `${username} has no email address: add one to their profile first.`,
  /** The one answer to "Forgot your password?", whatever the address. */
  forgotSent:
    "If an account has this address, we sent it a link to choose a new password. It works for one hour. Check your inbox.",
  tooManyRequests: "Too many requests for a reset link. Please wait a few minutes and try again.",
  forgotLink: "Forgot your password?",
  forgotTitle: "Forgot your password?",
  forgotIntro: "Enter your account's email address and we will send you a link to choose a new password.",
  forgotSubmit: "Send the link",
  emailLabel: "Email",
  backToSignIn: "Back to sign in",
  resetTitle: "Choose a new password",
  resetIntro: "Your new password ends every session of your account, on every device.",
  resetSubmit: "Set the password",
  resetDone: "Your password is set: sign in with it",
  invitationTitle: "Join the site",
  invitationIntro: (role: string) => `You are invited as ${role}. Choose your username and password.`,
  invitationSubmit: "Create my account",
  invitationRefusedTitle: "This invitation cannot be used",
  resetRefusedTitle: "This reset link cannot be used",
  askAgain: "Ask for a new one.",
  username: "Username",
  password: "Password",
  confirmPassword: "Confirm password",
  // The emails.
  invitationSubject: (site: string) => `You are invited to ${site}`,
  invitationBody: (site: string, role: string, link: string) =>
    `You are invited to ${site} as ${role}.\n\nOpen this link within 7 days to choose your username and password:\n\n${link}\n\nIt works once. If you did not expect this, ignore this email.`,
  resetSubject: (site: string) => `Choose a new password for ${site}`,
  resetBody: (site: string, username: string, link: string) =>
    `Someone asked for a new password for ${username} on ${site}.\n\nOpen this link within an hour to choose it:\n\n${link}\n\nIt works once. If you did not ask, ignore this email: your password stays as it is.`,
} as const;

/** An email address, trimmed, compared without case (users' addresses are unique that way). */
export const emailField = z.pipe(
  z.string({ error: ACCOUNT_LINK_MESSAGES.email }).trim().max(254, AUTH_FORM_MESSAGES.tooLong),
  z.email(ACCOUNT_LINK_MESSAGES.email),
);

const token = z.string({ error: ACCOUNT_LINK_MESSAGES.linkRefused }).min(1, ACCOUNT_LINK_MESSAGES.linkRefused).max(200);

/** POST /api/admin/invitations. */
export const invitationSchema = z.object({
  email: emailField,
  role: z.enum(ROLES, { error: AUTH_FORM_MESSAGES.role }),
});

/** POST /api/auth/accept-invitation: the invitee's own username and password. */
export const acceptInvitationSchema = z
  .object({ token, username: newUserSchema.shape.username, password: newUserSchema.shape.password })
  .extend({ confirmPassword: z.string().optional() })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: AUTH_FORM_MESSAGES.passwordsDiffer,
    path: ["confirmPassword"],
  });

/** POST /api/auth/forgot. */
export const forgotSchema = z.object({ email: emailField });

/** POST /api/auth/reset. */
export const resetSchema = z
  .object({ token, password: newUserSchema.shape.password, confirmPassword: z.string().optional() })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: AUTH_FORM_MESSAGES.passwordsDiffer,
    path: ["confirmPassword"],
  });

/** A pending invitation as the Users tab lists it: never its token nor the token's hash. */
export type InvitationRow = { id: number; email: string; role: Role; createdAt: string; expiresAt: string };

/** The answer to an invitation: the link to hand over, and whether it was emailed too. */
export type InvitationSent = { id: number; link: string; emailed: boolean; expiresAt: string };

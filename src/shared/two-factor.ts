import { z } from "zod";
import { ROLES, type Role } from "./permissions";

/**
 * Two-factor sign-in with a code from an authenticator app (TOTP, RFC 6238), and its recovery
 * codes (docs/decisions/220-two-factor-secrets-in-the-user-record.md). The words of the API, the
 * sign-in form and the Account and Users tabs are here, once.
 */
export const TOTP = {
  /** The site's name in the authenticator app. */
  issuer: "QueueWise",
  digits: 6,
  period: 30,
  /** Codes one step before or after the server's clock are taken too: phones' clocks drift. */
  window: 1,
} as const;

export const RECOVERY_CODE_COUNT = 10;
/** "Remember this browser": the second factor is not asked again here for this long. */
export const REMEMBER_DAYS = 30;
export const REMEMBER_COOKIE = "queuewise_2fa_remember";

/** The sign-in form's extra fields, for the API body and the form posted without JavaScript. */
export const TWO_FACTOR_FIELDS = { code: "code", remember: "remember", pending: "twoFactorPending" } as const;

/** A code as typed: six digits from the app, or a recovery code; spaces and dashes are ignored. */
export const normalizeCode = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();

export const codeSchema = z
  .string({ error: "Enter the code from your authenticator app." })
  .trim()
  .min(1, "Enter the code from your authenticator app.")
  .max(40, "That code is too long.");

export const enableSchema = z.object({ code: codeSchema });

/** Turning it off asks for the password or a current code, so a session left open cannot do it alone. */
export const disableSchema = z
  .object({ password: z.string().max(200).optional(), code: z.string().max(40).optional() })
  .refine((v) => Boolean(v.password || v.code), {
    message: "Enter your password or a code from your authenticator app.",
    path: ["password"],
  });

export const requiredRolesSchema = z.object({
  roles: z.array(z.enum(ROLES, { error: `A role is one of ${ROLES.join(", ")}.` })).max(ROLES.length),
});

/** The signed-in user's own state, for the Account tab (`GET /api/account/totp`). */
export type TwoFactorStatus = {
  enabled: boolean;
  enabledAt?: string;
  recoveryCodesLeft: number;
  /** Their role must have a second factor (the admin's setting). */
  required: boolean;
};

export type TwoFactorSetup = { secret: string; otpauthUrl: string };

export const TWO_FACTOR_MESSAGES = {
  /** The 401 of a sign-in whose password matched, when a code is needed and none came. */
  codeNeeded: "Enter the code from your authenticator app, or a recovery code.",
  wrongCode: "That code is not right, or it was used already. Try the next code from your app.",
  alreadyOn: "Two-factor sign-in is already on. Turn it off first to set up a new authenticator.",
  notStarted: "Start the set-up first: the code is checked against the secret it shows.",
  notOn: "Two-factor sign-in is not on.",
  wrongPassword: "That password is not right.",
  /** A user whose role must have a second factor, before they set one up. */
  setupRequired:
    "Your role must sign in with a second factor: set up two-factor sign-in or add a passkey on the Account tab before using the admin.",
  /** An admin's own second factor goes off on the Account tab, with their password or a code. */
  notYourOwn: "Turn your own two-factor sign-in off on the Account tab, with your password or a code.",
  rolesInvalid: "The roles are not valid.",
  resetUserNotFound: (id: number) => `User ${id} was not found.`,
  ticketExpired: "The sign-in took too long. Enter your username and password again.",
} as const;

export const TWO_FACTOR_SCREEN = {
  heading: "Two-factor sign-in",
  intro:
    "Sign in with your password and a six-digit code from an authenticator app (Google Authenticator, 1Password, Aegis and others).",
  statusOn: (date: string) => `On since ${date}.`,
  statusOff: "Off.",
  requiredNote: "Your role must use it: set it up to use the admin.",
  recoveryLeft: (count: number) => `${count} of ${RECOVERY_CODE_COUNT} recovery codes left.`,
  start: "Set up two-factor sign-in",
  scan: "Scan this QR code with your authenticator app, or type the secret below into it.",
  qrLabel: "QR code of the authenticator set-up link",
  secret: "Secret",
  code: "Code from the app",
  enable: "Turn on",
  cancel: "Cancel",
  enabled: "Two-factor sign-in is on",
  recoveryHeading: "Recovery codes",
  recoveryIntro: `Keep these ${RECOVERY_CODE_COUNT} codes somewhere safe: each signs in once instead of a code from the app, if you lose your phone. They are shown only now.`,
  copy: "Copy codes",
  copied: "Codes copied",
  copyFailed: "Could not copy: select the codes and copy them yourself.",
  done: "I have saved them",
  disable: "Turn off",
  disableIntro: "Enter your password or a current code to turn two-factor sign-in off.",
  password: "Password",
  disabled: "Two-factor sign-in is off",
  loadFailed: { failed: "Two-factor Load Failed", error: "Two-factor Load Error" },
  failed: { failed: "Two-factor Change Failed", error: "Two-factor Change Error" },
  /** The card the admin shows instead of its screens, until the set-up is done. */
  requiredTitle: "Set up two-factor sign-in",
  requiredIntro:
    "An admin made a second factor required for your role. Set up an authenticator app or add a passkey now to continue to the admin.",
} as const;

/** The sign-in form's second step. */
export const SIGN_IN_CODE_SCREEN = {
  code: "Authenticator code",
  hint: "The six-digit code from your app, or one of your recovery codes.",
  remember: `Remember this browser for ${REMEMBER_DAYS} days`,
  submit: "Verify",
} as const;

/** The Users tab's part: the admin setting and the reset. */
export const TWO_FACTOR_ADMIN = {
  heading: "Two-factor sign-in",
  intro: "Roles checked here must sign in with a second factor; their users set it up at their next sign-in.",
  role: (role: Role) => `Required for ${role}s`,
  save: "Save",
  saved: "Two-factor settings saved",
  saveFailed: { failed: "Two-factor Settings Failed", error: "Two-factor Settings Error" },
  on: "Two-factor on",
  reset: "Reset two-factor",
  resetTitle: "Reset two-factor sign-in?",
  resetConfirm: (username: string) =>
    `${username} will sign in with their password alone until they set up two-factor sign-in again (at once, if their role requires it). Their passkeys are removed too.`,
  resetDone: "Two-factor sign-in reset",
  resetFailed: { failed: "Two-factor Reset Failed", error: "Two-factor Reset Error" },
} as const;

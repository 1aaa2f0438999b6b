import { z } from "zod";

/**
 * Passkeys (WebAuthn), kept in the user's record beside the authenticator-app secret
 * (docs/decisions/240-passkeys-in-the-user-record.md): each signs in instead of the password, or
 * answers a sign-in's second factor. The words of the API, the sign-in form and the Account tab
 * are here, once.
 */

/** How many passkeys one user may keep: a phone, a laptop, a key or two, with room to spare. */
export const PASSKEYS_PER_USER = 20;

/** The second factors a sign-in's 401 offers (`factors` beside `twoFactorRequired`). */
export const SECOND_FACTORS = ["totp", "passkey"] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/** A passkey as its owner sees it (`GET /api/account/passkeys`): never its key. */
export type PasskeySummary = {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt?: string;
};

export const PASSKEY_MESSAGES = {
  nameRequired: "Give the passkey a name, such as the device it is on.",
  nameTooLong: "The name is too long (100 characters at most).",
  formErrors: "The passkey was not saved: check the name.",
  tooMany: `You have ${PASSKEYS_PER_USER} passkeys already: remove one first.`,
  notFound: (id: number) => `Passkey ${id} was not found.`,
  invalidId: "A passkey id is a positive whole number.",
  /** The browser's answer is missing or not of the shape WebAuthn gives. */
  badResponse: "That is not a passkey answer from the browser.",
  /** No challenge, an expired one, another's, or one used already. */
  challengeExpired: "The passkey request expired or was used already. Try again.",
  notRegistered: "The passkey could not be checked: the device's answer is not valid for this site.",
  alreadyRegistered: "That passkey is registered already.",
  /** Unknown passkey, a wrong signature, or another user's passkey as a second factor. */
  refused: "That passkey was not accepted. Try again, or sign in with your password.",
  /** The signature counter went backwards: two devices hold the same key. */
  cloned: "That passkey was refused: its counter shows it may have been copied. Remove it and add it again.",
} as const;

const base64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/);

/**
 * What the browser's `navigator.credentials.get()` answers, as @simplewebauthn/browser sends it;
 * the library checks every byte of it, this only bounds the shape.
 */
export const assertionSchema = z
  .object({
    id: base64url.min(1),
    rawId: base64url.min(1),
    type: z.literal("public-key"),
    response: z
      .object({
        clientDataJSON: base64url,
        authenticatorData: base64url,
        signature: base64url,
        userHandle: base64url.optional(),
      })
      .loose(),
    clientExtensionResults: z.object({}).loose().optional(),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  .loose();

/** What `navigator.credentials.create()` answers. */
export const attestationSchema = z
  .object({
    id: base64url.min(1),
    rawId: base64url.min(1),
    type: z.literal("public-key"),
    response: z
      .object({
        clientDataJSON: base64url,
        attestationObject: base64url.max(16384),
        transports: z.array(z.string().max(40)).max(10).optional(),
      })
      .loose(),
    clientExtensionResults: z.object({}).loose().optional(),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  .loose();

export const passkeyNameSchema = z
  .string({ error: PASSKEY_MESSAGES.nameRequired })
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(100, PASSKEY_MESSAGES.nameTooLong);

export const renamePasskeySchema = z.object({ name: passkeyNameSchema });
export const newPasskeySchema = z.object({ name: passkeyNameSchema, response: attestationSchema });
export const passkeySignInSchema = z.object({ response: assertionSchema });

export const PASSKEY_SCREEN = {
  heading: "Passkeys",
  intro:
    "A passkey signs you in with your device's screen lock or a security key, instead of your password, and counts as a second factor after it.",
  none: "No passkeys yet.",
  name: "Passkey name",
  namePlaceholder: "Work laptop",
  add: "Add a passkey",
  added: "Passkey added",
  created: "Added",
  lastUsed: "Last used",
  never: "never",
  rename: "Rename",
  save: "Save",
  cancel: "Cancel",
  renamed: "Passkey renamed",
  remove: "Remove",
  removeTitle: "Remove this passkey?",
  removeConfirm: (name: string) =>
    `"${name}" will no longer sign you in. Remove it from the device too, in its settings.`,
  removed: "Passkey removed",
  unsupported: "This browser cannot make passkeys.",
  loadFailed: { failed: "Passkeys Load Failed", error: "Passkeys Load Error" },
  failed: { failed: "Passkey Change Failed", error: "Passkey Change Error" },
} as const;

/** The sign-in form's passkey buttons. */
export const PASSKEY_SIGN_IN = {
  signIn: "Sign in with a passkey",
  secondFactor: "Use a passkey",
  or: "or",
  failed: "Passkey sign-in failed",
  /** The browser's own dialog was closed or timed out. */
  cancelled: "The passkey request was cancelled.",
} as const;

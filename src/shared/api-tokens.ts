import { z } from "zod";
import type { Action } from "./permissions";

/**
 * API tokens (docs/decisions/215-api-tokens.md): what a token may do is its owner's rights in the
 * permission table intersected with its scopes. Each scope is one line here, with its label; each
 * action of the table names the scope it needs, and an action with none is never done by a token.
 */
export const API_SCOPES = {
  "content:read": "Read content",
  "posts:write": "Write posts and pages",
  "media:write": "Upload media",
  "leads:read": "Read leads",
  "subscribers:manage": "Manage subscribers",
} as const;

export type ApiScope = keyof typeof API_SCOPES;
export const API_SCOPE_NAMES = Object.keys(API_SCOPES) as [ApiScope, ...ApiScope[]];

/** The scope each action needs; absent: no token may do it (accounts, settings, backups, the logs). */
export const ACTION_SCOPES: Partial<Record<Action, ApiScope>> = {
  "posts.create": "posts:write",
  "posts.edit": "posts:write",
  "posts.publish": "posts:write",
  "posts.delete": "posts:write",
  "posts.submit": "posts:write",
  "posts.review": "posts:write",
  "posts.restoreRevision": "posts:write",
  "trash.manage": "posts:write",
  "tags.manage": "posts:write",
  "site.edit": "posts:write",
  "pages.create": "posts:write",
  "pages.edit": "posts:write",
  "pages.publish": "posts:write",
  "pages.delete": "posts:write",
  "media.upload": "media:write",
  "media.manage": "media:write",
  "inbox.read": "leads:read",
  "subscribers.manage": "subscribers:manage",
};

/** Whether scopes allow `action`: no scopes (a signed-in session) leave the table alone. */
export function scopesAllow(scopes: readonly ApiScope[] | undefined, action: Action): boolean {
  if (!scopes) return true;
  const needed = ACTION_SCOPES[action];
  return needed !== undefined && scopes.includes(needed);
}

/** The 403 of a call whose role may `action` but whose token's scopes do not. */
export function scopeRefusal(action: Action): string {
  const needed = ACTION_SCOPES[action];
  return needed ? API_TOKEN_MESSAGES.scopeMissing(needed) : API_TOKEN_MESSAGES.noScopeFits;
}

/** Every secret starts so, so a leaked one is easy to find in a log or a repository. */
export const API_TOKEN_PREFIX = "qw_";

/** Longest name a token may have. */
export const API_TOKEN_NAME_MAX = 100;
/** Tokens one user may hold at once. */
export const API_TOKENS_PER_USER = 50;

export const API_TOKEN_MESSAGES = {
  formErrors: "Please fix the highlighted fields.",
  nameRequired: "Name the token, so you know later what uses it.",
  nameTooLong: `Keep the name under ${API_TOKEN_NAME_MAX} characters.`,
  scopesRequired: "Choose at least one scope.",
  scopeUnknown: `Scopes are ${API_SCOPE_NAMES.join(", ")}.`,
  expiryInvalid: "The expiry must be a date, such as 2027-01-31.",
  expiryPast: "The expiry must be in the future.",
  tooMany: `You have ${API_TOKENS_PER_USER} tokens already; revoke one first.`,
  invalidId: "A token id is a positive whole number.",
  notFound: (id: number) => `No API token ${id} of yours.`,
  // A bearer call refused (401): each case says what to do.
  unknown: "This API token is not valid: it was revoked, or never existed. Create a new one on your account page.",
  expired: "This API token has expired. Create a new one on your account page.",
  ownerDisabled: "The account this API token belongs to is disabled or deleted.",
  notHere: "API tokens work only with /api/cms and /api/admin.",
  /** A bearer call refused (403) for want of a scope. */
  scopeMissing: (scope: ApiScope) => `This API token lacks the "${scope}" scope (${API_SCOPES[scope]}).`,
  noScopeFits: "API tokens cannot do this; sign in to the admin instead.",
  tooManyRequests: "Too many requests with this API token. Please wait a moment.",
  /** The one time the secret is shown (the account page). */
  shownOnce: "Copy this token now: it is shown only once.",
  revokeConfirm: (name: string) => `Revoke the token "${name}"? Whatever uses it stops working at once.`,
} as const;

/** What a new token is made from: `POST /api/account/tokens` and the account page's form. */
export const apiTokenInputSchema = z.object({
  name: z
    .string(API_TOKEN_MESSAGES.nameRequired)
    .trim()
    .min(1, API_TOKEN_MESSAGES.nameRequired)
    .max(API_TOKEN_NAME_MAX, API_TOKEN_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(API_SCOPE_NAMES, API_TOKEN_MESSAGES.scopeUnknown), API_TOKEN_MESSAGES.scopesRequired)
    .min(1, API_TOKEN_MESSAGES.scopesRequired)
    .transform((scopes) => [...new Set(scopes)]),
  /** A date (the end of that day, UTC) or a full time; absent: never expires. */
  expiresAt: z
    .string(API_TOKEN_MESSAGES.expiryInvalid)
    .refine((value) => !Number.isNaN(Date.parse(value)), API_TOKEN_MESSAGES.expiryInvalid)
    .transform((value) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999Z` : value).toISOString())
    .optional()
    .nullable(),
});
export type ApiTokenInput = z.input<typeof apiTokenInputSchema>;

/** A token as its owner's list shows it: never the secret, which only its hash outlives. */
export type ApiTokenSummary = {
  id: number;
  name: string;
  scopes: ApiScope[];
  createdAt: string;
  expiresAt?: string;
  lastUsedAt?: string;
};

/** The account page's "API tokens" section (src/app/components/admin/api-tokens-panel.tsx). */
export const API_TOKEN_SCREEN = {
  heading: "API tokens",
  intro: "Let a script or another tool call the CMS API as you, with only the scopes you choose. It sends the token as",
  header: "Authorization: Bearer <token>",
  none: "You have no API tokens.",
  name: "Name",
  namePlaceholder: "Deploy script",
  scopes: "Scopes",
  expiry: "Expires on",
  create: "Create token",
  creating: "Creating…",
  created: "Token created",
  createFailed: { failed: "Token not created", error: "Token creation error" },
  newToken: "Your new token",
  copy: "Copy",
  copied: "Token copied",
  copyFailed: "Could not copy: select the token and copy it yourself",
  done: "I have copied it",
  revoke: "Revoke",
  revokeTitle: "Revoke this token?",
  revoked: "Token revoked",
  revokeFailed: { failed: "Token not revoked", error: "Token revoke error" },
  loadFailed: { failed: "Failed to load your API tokens", error: "Error loading your API tokens" },
  columns: { name: "Name", scopes: "Scopes", created: "Created", lastUsed: "Last used", expires: "Expires" },
  never: "never",
} as const;

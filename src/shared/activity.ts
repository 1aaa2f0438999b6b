import { z } from "zod";
import { plural } from "./plural";

/**
 * The activity log of docs/product.md section 2 (Activity tab): what happened, who did it, when and
 * from where. Every kind the log knows is one line here, with its label: a new kind is a new
 * line, and the filter, the list and the CSV follow.
 */
export const ACTIVITY_KINDS = {
  "sign-in": "Sign-in",
  "sign-in-failed": "Failed sign-in",
  publish: "Publish",
  unpublish: "Unpublish",
  delete: "Delete",
  submit: "Submit for review",
  return: "Send back",
  restore: "Restore",
  backup: "Backup",
  purge: "Purge",
  "user-change": "User change",
  "role-change": "Role change",
  "image-removed": "Unused image removed",
  "preview-link": "Preview link shared",
  "preview-revoke": "Preview links revoked",
  "token-create": "API token created",
  "token-revoke": "API token revoked",
  "two-factor-on": "Two-factor turned on",
  "two-factor-off": "Two-factor turned off",
  "two-factor-reset": "Two-factor reset by an admin",
  "two-factor-setting": "Two-factor requirement changed",
  "passkey-add": "Passkey added",
  "passkey-remove": "Passkey removed",
  "webhook-add": "Webhook endpoint added",
  "webhook-remove": "Webhook endpoint removed",
  "invitation-send": "Invitation sent",
  "invitation-accept": "Invitation accepted",
  "invitation-revoke": "Invitation revoked",
  "reset-link-send": "Reset link sent",
  "password-reset": "Password reset",
  "subscriber-import": "Subscribers imported",
  "subscriber-delete": "Subscriber deleted",
} as const;

export type ActivityKind = keyof typeof ACTIVITY_KINDS;
export const ACTIVITY_KIND_NAMES = Object.keys(ACTIVITY_KINDS) as [ActivityKind, ...ActivityKind[]];

/** Entries older than this are removed, at start and every hour after (docs/product.md section 2). */
export const ACTIVITY_KEEP_DAYS = 90;
export const ACTIVITY_PAGE_SIZE = 50;

/** One entry: `username` as it was when recorded, so an entry outlives its user's account. */
export const activityEntrySchema = z.object({
  id: z.string().min(1).max(64),
  at: z.string().max(64),
  kind: z.enum(ACTIVITY_KIND_NAMES),
  userId: z.number().int().positive().optional(),
  username: z.string().max(200).optional(),
  /** The client's address, as the proxy settings allow Express to read it. */
  ip: z.string().max(100),
  /** What it was done to, in words: a post's id and title, a backup's name, a user. */
  what: z.string().max(1000),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const ACTIVITY_MESSAGES = {
  tab: "Activity",
  heading: "Activity",
  intro: `Who did what, when and from where. Entries are kept ${ACTIVITY_KEEP_DAYS} days.`,
  person: "Person",
  anyone: "Anyone",
  kind: "Kind",
  anyKind: "Any kind",
  exportCsv: "Export CSV",
  empty: "Nothing recorded yet.",
  noMatches: "Nothing matches these filters.",
  loadFailed: "Could not load the activity. Please try again.",
  invalidQuery: "The filter is not valid.",
  from: (ip: string) => `From: ${ip}`,
  nobody: "(no account)",
  // The words of each kind's entry.
  /** An upload nothing used for a day, removed by the hourly sweep (docs/decisions/150-upload-limits-and-unused-images.md). */
  unusedImage: (name: string, bytes: number, createdAt: string) =>
    `image ${name} (${Math.max(1, Math.round(bytes / 1024))} KB, uploaded ${createdAt}), used by nothing`,
  /** A post as the log names it (its lifecycle's `activityName`, src/server/posts/post-lifecycle.ts). */
  post: (id: number, title: string) => `post ${id} "${title}"`,
  /** A page as the log names it (src/server/pages/page-lifecycle.ts). */
  page: (id: number, title: string) => `page ${id} "${title}"`,
  // The lifecycle's words (src/server/lifecycle/activity-words.ts), around `what`: the record as
  // its collection names it, so a new kind of record gets them by naming its records.
  /** A preview link made (docs/decisions/181-shared-preview-links.md), and when it expires. */
  previewLink: (what: string, expiresAt: string) => `${what} (link expires ${expiresAt})`,
  revisionRestored: (what: string, revision: number) => `${what} to revision ${revision}`,
  /** A schedule carried out; `late` is when it was due, when it went out after its time. */
  publishedOnSchedule: (what: string, late?: string) =>
    `${what} (published on schedule${late ? `, late: it was due ${late}` : ""})`,
  untrashed: (what: string) => `${what} from the Trash`,
  deletedForGood: (what: string) => `${what} for good, from the Trash`,
  sitePublished: (revision: number) => `the site's content, as site revision ${revision}`,
  siteRestored: (from: number, revision: number) =>
    `the site's content of site revision ${from}, published as site revision ${revision}`,
  backup: (name: string, count: number) => `${name} (${plural(count, "post")})`,
  restore: (restored: number, skipped: number) => `${plural(restored, "post")} restored, ${skipped} skipped`,
  purge: (deleted: number, backup: string) => `${plural(deleted, "post")} deleted after backup ${backup}`,
  testPostsRemoved: (removed: number, backup: string) =>
    `${plural(removed, "test post")} removed after backup ${backup}`,
  /** An API token made or revoked (docs/decisions/215-api-tokens.md): its id, name and scopes. */
  apiToken: (id: number, name: string, scopes: readonly string[]) => `token ${id} "${name}" (${scopes.join(", ")})`,
  /** A webhook endpoint added or removed (docs/decisions/225-signed-webhooks-through-the-outbox.md): its id, address and events. */
  webhook: (id: number, url: string, events: readonly string[]) => `webhook ${id} ${url} (${events.join(", ")})`,
  attempt: (username: string) => `as "${username}"`,
  /** Two-factor sign-in (docs/decisions/220-two-factor-secrets-in-the-user-record.md). */
  twoFactorRoles: (roles: readonly string[]) =>
    roles.length ? `required for ${roles.join(", ")}` : "required for no role",
  user: (username: string, change: string) => `${username}: ${change}`,
  userChanges: {
    created: (role: string) => `created as ${role}`,
    role: (from: string, to: string) => `role ${from} to ${to}`,
    disabled: "disabled",
    enabled: "enabled",
    passwordReset: "password set by an admin",
    passwordChanged: "changed their password",
    sessionsEnded: (count: number) => `${plural(count, "session")} ended`,
    deleted: "deleted",
    profile: "profile updated",
    twoFactorOn: "turned on two-factor sign-in",
    twoFactorOff: "turned off two-factor sign-in",
    twoFactorReset: "two-factor sign-in reset",
    /** An admin's reset that also removed passkeys (docs/decisions/240-passkeys-in-the-user-record.md). */
    twoFactorResetWithPasskeys: (count: number) => `two-factor sign-in reset, ${plural(count, "passkey")} removed`,
    passkeyAdded: (name: string) => `added the passkey "${name}"`,
    passkeyRemoved: (name: string) => `removed the passkey "${name}"`,
    /** A reset link an admin sent (docs/decisions/230-invitations-and-reset-links.md). */
    resetLinkSent: "sent a link to choose a new password",
    resetByLink: "chose a new password with a reset link",
    emailChanged: "email address changed",
  },
  /**
   * A subscribers' import (docs/decisions/261-subscribers-imported-with-their-consent.md): what it
   * did and the consent note it was made with.
   */
  subscribersImported: (added: number, confirmed: number, note: string) =>
    `${plural(added, "address", "addresses")} added and ${confirmed} confirmed by a CSV import; consent: ${note}`,
  /** A subscriber erased: the id and the address's domain only, so the log does not keep the address. */
  subscriberDeleted: (id: number, email: string, entries: number) =>
    `subscriber ${id} (…@${email.split("@").pop() ?? ""}) with ${plural(entries, "ledger entry", "ledger entries")}`,
  /** An invitation, as the log names it. */
  invitation: (email: string, role: string) => `invitation of ${email} as ${role}`,
  /** An accepted invitation: the account it became. */
  invitationAccepted: (email: string, username: string) => `invitation of ${email} accepted as ${username}`,
} as const;

/** The Activity tab's filters and page (`/api/admin/activity?user=&kind=&page=`). */
export const activityQuerySchema = z.object({
  user: z.coerce.number().int().positive().optional(),
  kind: z.enum(ACTIVITY_KIND_NAMES).optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export type ActivityPage = {
  entries: ActivityEntry[];
  page: number;
  pageCount: number;
  total: number;
  /** Everyone the log names, for the person filter. */
  people: { id: number; username: string }[];
};

import { z } from "zod";

/**
 * Old addresses that answer 301 (docs/decisions/251-old-addresses-kept-as-redirects.md): how a
 * request's path and query become the key a redirect is stored under, and the Redirects screen's
 * words. Shared, so the panel shows a path as the lookup reads it.
 */

/** The query parameters an old address is told apart by: WordPress's `/?p=ID` and `/?page_id=ID`. */
export const REDIRECT_QUERY_NAMES = ["p", "page_id"] as const;

export const REDIRECT_PATH_MAX = 2000;

/**
 * The key of an old address: its path without a trailing slash (`/2024/05/03/kiosk/` and
 * `/2024/05/03/kiosk` are one address), and of its query only `p` or `page_id`, which WordPress
 * addresses are told apart by. Any other query is left out, so `?utm_source=...` still finds it.
 */
export function redirectKey(path: string, query?: URLSearchParams): string {
  let key = path.length > 1 ? path.replace(/\/+$/, "") : path;
  if (key === "") key = "/";
  for (const name of REDIRECT_QUERY_NAMES) {
    const value = query?.get(name);
    if (value) return `${key}?${name}=${value}`;
  }
  return key;
}

/** The key of an address written out whole (`/?p=12`, `/2024/05/kiosk/`), as the panel's form sends it. */
export function redirectKeyOf(address: string): string {
  const q = address.indexOf("?");
  return q === -1 ? redirectKey(address) : redirectKey(address.slice(0, q), new URLSearchParams(address.slice(q + 1)));
}

export const REDIRECT_SCREEN = {
  tab: "Redirects",
  heading: "Redirects",
  intro:
    "Old addresses that send readers and search engines on with a permanent redirect (301). An import adds those of the old site; add one by hand for any other.",
  from: "Old address",
  fromHint: "A path on this site, such as /2024/05/our-new-kiosk/ or /?p=123.",
  to: "Leads to",
  toHint: "A path on this site, such as /blog/our-new-kiosk.",
  add: "Add redirect",
  remove: "Remove",
  removeLabel: (path: string) => `Remove the redirect of ${path}`,
  source: "Made by",
  byHand: "An admin",
  empty: "No redirects yet.",
  count: (n: number) => `${n} redirect${n === 1 ? "" : "s"}`,
  added: "Redirect added.",
  removed: "Redirect removed.",
  removeTitle: "Remove this redirect?",
  removeConfirm: (path: string) => `${path} will answer "Page not found" again.`,
  loadFailed: { failed: "Failed to load the redirects", error: "Error loading the redirects" },
  addFailed: { failed: "Redirect not added", error: "Redirect add error" },
  removeFailed: { failed: "Redirect not removed", error: "Redirect remove error" },
} as const;

export const REDIRECT_MESSAGES = {
  formErrors: "Please fix the highlighted fields.",
  pathRequired: "Enter the old address, starting with /.",
  pathInvalid: "The old address is a path on this site: it starts with / and holds no spaces.",
  pathTooLong: `Keep the address under ${REDIRECT_PATH_MAX} characters.`,
  targetRequired: "Enter where it leads, starting with /.",
  targetInvalid: "It leads to a path on this site: it starts with a single / and holds no spaces.",
  sameAddress: "An address cannot lead to itself.",
  taken: (path: string) => `${path} already has a redirect; remove it first.`,
  invalidId: "A redirect id is a positive whole number.",
  notFound: (id: number) => `No redirect ${id}.`,
} as const;

/** A path on this site: one leading slash (`//host` leaves it), no spaces or backslashes. */
const sitePath = (required: string, invalid: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(REDIRECT_PATH_MAX, REDIRECT_MESSAGES.pathTooLong)
    .refine((v) => /^\/(?![/\\])[^\s\\]*$/.test(v), invalid);

/** A redirect an admin adds: `POST /api/admin/redirects` and the Redirects screen's form. */
export const redirectInputSchema = z
  .object({
    path: sitePath(REDIRECT_MESSAGES.pathRequired, REDIRECT_MESSAGES.pathInvalid).transform(redirectKeyOf),
    target: sitePath(REDIRECT_MESSAGES.targetRequired, REDIRECT_MESSAGES.targetInvalid),
  })
  .refine((r) => r.path !== redirectKeyOf(r.target), { message: REDIRECT_MESSAGES.sameAddress, path: ["target"] });
export type RedirectInput = z.input<typeof redirectInputSchema>;

/** A redirect as the panel lists it. */
export type RedirectItem = { id: number; path: string; target: string; createdAt: string; source?: string };

import { SITE } from "./site";
import { plural } from "./plural";

/**
 * Bylines and author pages (docs/decisions/130-bylines-and-author-pages.md): what a reader sees of
 * a post's authors, and the texts of the author page. Imports no zod, as public pages load it
 * (docs/decisions/002-small-public-javascript.md).
 */

/** An author as a byline shows them: the name, the address of their page, the avatar when set. */
export type PublicAuthor = { id: number; username: string; displayName: string; avatar?: string };

/** An author page's heading: a byline's fields and the bio. */
export type AuthorProfile = PublicAuthor & { bio?: string };

/** Bounds of a profile (plain text; the bio is a line or two, as on Ghost's author pages). */
export const PROFILE_LIMITS = { displayName: 80, bio: 300 } as const;

/** At most this many authors on one post: a byline past it stops reading as one. */
export const MAX_AUTHORS = 10;

export const AUTHOR_MESSAGES = {
  /** The byline of a post none of whose authors is known (an older or seeded post, a removed user). */
  team: `The ${SITE.name} team`,
  by: "By",
  pageTitle: (name: string) => `Posts by ${name}`,
  pageDescription: (name: string, bio: string | undefined) => bio || `Posts by ${name} on the ${SITE.name} blog.`,
  kicker: `${SITE.name} Blog`,
  postCount: (count: number) => plural(count, "post"),
  avatarOf: (name: string) => `${name}'s avatar`,
} as const;

/** The author page's address. */
export const authorPath = (username: string) => `/blog/author/${encodeURIComponent(username)}`;

/** The name a user goes by: the display name, or the username while none is set. */
export const displayNameOf = (user: { username: string; displayName?: string }) => user.displayName || user.username;

/** What goes before the `index`th of `count` names: "A", "A and B", "A, B and C". */
export const nameSeparator = (index: number, count: number) =>
  index === 0 ? "" : index === count - 1 ? " and " : ", ";

/** Names as an English sentence lists them, for plain text (a post page's `author` meta tag). */
export function listNames(names: readonly string[]): string {
  return names.map((name, index) => nameSeparator(index, names.length) + name).join("");
}

/** Up to two letters for the generated avatar: the first of the first and last words. */
export function initialsOf(name: string): string {
  const words = name.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return letters.map((word) => [...word][0]!.toUpperCase()).join("") || "?";
}

/** One of a few brand-safe backgrounds (each with white text at 4.5:1 or more), the same for a name every time. */
const AVATAR_COLOURS = ["#4338ca", "#0f766e", "#b45309", "#be123c", "#6d28d9", "#1d4ed8"] as const;
export function avatarColourOf(name: string): string {
  let sum = 0;
  for (const char of name) sum = (sum * 31 + char.codePointAt(0)!) % 1_000_003;
  return AVATAR_COLOURS[sum % AVATAR_COLOURS.length]!;
}

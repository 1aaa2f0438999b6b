import "./zod-jitless";
import { z } from "zod";
import { assertionSchema } from "./passkeys";
import { MEDIA_URL } from "./media";
import { SLUG_PATTERN } from "./slug";
import { MAX_AUTHORS } from "./authors";
import { PERMISSION_MESSAGES, ROLES } from "./permissions";

/**
 * Every zod schema and user-facing validation message (docs/architecture.md section 7): the same schema
 * feeds react-hook-form in the browser and every server endpoint, so a rule and its message
 * live in one place. Tests import these constants instead of repeating the strings. The contact
 * form's schema is the exception, in contact-schema.ts: it ships with every public page, and
 * importing anything from here loads the full zod (docs/decisions/002-small-public-javascript.md).
 */

/** Our own message for a value past the bounds below, on every form. */
const TOO_LONG = "This field is too long";

/** docs/product.md section 5: the toast when the post form fails its checks, and the 400 answer's message. */
export const FORM_ERRORS = {
  title: "Form has errors",
  description: "Please fix the highlighted fields and try again.",
} as const;

/** docs/product.md section 5, post form: every rule and message exactly as written there. */
export const POST_MESSAGES = {
  title: "Title must be at least 5 characters",
  slugLength: "Slug must be at least 3 characters",
  slugPattern: "Slug must contain only lowercase letters, numbers, and hyphens",
  summary: "Summary must be at least 10 characters",
  content: "Content must be at least 50 characters",
  /** Deeper than any editor writes; see src/server/posts/content-nesting.ts. */
  contentNesting: "Content is nested too deeply: use at most 100 levels of formatting",
  coverImage: "Thumbnail Image URL must be an http or https address",
  published: "Published must be true or false",
  emailOnPublish: "Also send by email must be true or false",
  tags: "Tags must be a list of tag names",
  /** A schedule (docs/decisions/120-scheduled-publishing-exactly-once.md). */
  publishAt: "Publish at must be a date and time with its offset, such as 2026-05-01T09:30:00+02:00, or null",
  publishAtPast: "Publish at must be in the future",
  publishAtPublished: "This post is already published: unpublish it before scheduling it",
  /** A republish dated now rather than at the first publish (docs/decisions/185-published-means-published.md). */
  publishAsNew: "Publish as new must be true or false",
  /** The confirmation that a post takes over another post's old address (docs/decisions/157-old-addresses-taken-over-on-purpose.md). */
  takeOverAddress: "Take over address must be true or false",
  // docs/product.md section 5, Delete by ID page; the CMS and debug calls answer it for any id that is not a positive integer.
  invalidId: "Invalid post ID",
  /** A stored post's createdAt and updatedAt (docs/product.md section 3). */
  dateTime: "Must be a date and time, such as 2024-05-01T09:30:00.000Z",
  tooLong: TOO_LONG,
  authors: `Authors must be a list of 1 to ${MAX_AUTHORS} different user ids`,
  /** An author id no user has (never was, or removed). */
  unknownAuthor: (id: number) => `No user with id ${id}: pick authors from the list of users`,
  /** An update that sends none of the post's fields: there is nothing to change. */
  nothingToUpdate:
    "Nothing to update: send at least one of title, slug, summary, content, coverImage, published, publishAt, tags or a search setting.",
  formErrors: `${FORM_ERRORS.title}: ${FORM_ERRORS.description}`,
} as const;

/** docs/product.md section 5: content of at least 50 characters, checked before and after sanitizing. */
export const MIN_CONTENT_LENGTH = 50;

/** Our own bounds where docs/product.md section 9 sets none, so one request cannot fill the disk. */
const LIMITS = { title: 200, slug: 200, summary: 1000, content: 500_000, url: 2000, tag: 50, tags: 20 } as const;

/**
 * A cover image is an http(s) address or a path on this site: one `/`, then neither `/` nor `\`.
 * Browsers read `//host/x` and `/\host/x` as another host, which would turn the page's og:image
 * (an absolute URL built from the path) into someone else's address.
 */
export function isCoverImageUrl(value: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(value) || /^\/[^\s/\\][^\s]*$/.test(value);
}

const httpUrl = z
  .string({ error: POST_MESSAGES.coverImage })
  .trim()
  .max(LIMITS.url, POST_MESSAGES.tooLong)
  .refine((v) => v === "" || isCoverImageUrl(v), POST_MESSAGES.coverImage);

/**
 * A post's search and social settings (docs/decisions/116-per-post-search-settings.md): each one
 * optional, an empty string clears it, and what is left out falls back to the title, the summary,
 * the generated social card and the post's own address.
 */
export const SEO_LIMITS = { metaTitle: 60, metaDescription: 160 } as const;

export const SEO_MESSAGES = {
  metaTitle: `Meta title must be at most ${SEO_LIMITS.metaTitle} characters`,
  metaDescription: `Meta description must be at most ${SEO_LIMITS.metaDescription} characters`,
  socialImage: "Social image must be an image uploaded to the media library",
  canonicalUrl: "Canonical URL must be an http or https address",
  noindex: "Hide from search engines must be true or false",
  coverFocus: "The cover's focal point must be two percentages, such as 50% 0%",
} as const;

/** An original in the media library (`/media/<sha256>.<ext>`), not a resized copy. */
export function isLibraryImage(value: string): boolean {
  const match = MEDIA_URL.exec(value);
  return match !== null && match[2] === undefined;
}

/** An absolute http(s) address another site can be told to treat as the original. */
export function isCanonicalUrl(value: string): boolean {
  return /^https?:\/\/\S+$/i.test(value) && URL.canParse(value);
}

/**
 * Where a card crops the cover: a CSS `object-position` of two percentages, across then down
 * (docs/decisions/118-covers-shown-whole.md).
 */
export function isFocalPoint(value: string): boolean {
  const match = /^(\d{1,3})% (\d{1,3})%$/.exec(value);
  return match !== null && Number(match[1]) <= 100 && Number(match[2]) <= 100;
}

/** The optional settings stored as text: an empty one sent is removed from the post. */
export const SEO_TEXT_FIELDS = ["metaTitle", "metaDescription", "socialImage", "canonicalUrl", "coverFocus"] as const;

const seoText = (max: number, message: string) => z.string({ error: message }).trim().max(max, message);

export const seoFields = {
  metaTitle: seoText(SEO_LIMITS.metaTitle, SEO_MESSAGES.metaTitle).optional(),
  metaDescription: seoText(SEO_LIMITS.metaDescription, SEO_MESSAGES.metaDescription).optional(),
  socialImage: z
    .string({ error: SEO_MESSAGES.socialImage })
    .trim()
    .refine((v) => v === "" || isLibraryImage(v), SEO_MESSAGES.socialImage)
    .optional(),
  canonicalUrl: z
    .string({ error: SEO_MESSAGES.canonicalUrl })
    .trim()
    .max(LIMITS.url, POST_MESSAGES.tooLong)
    .refine((v) => v === "" || isCanonicalUrl(v), SEO_MESSAGES.canonicalUrl)
    .optional(),
  noindex: z.boolean({ error: SEO_MESSAGES.noindex }).optional(),
  coverFocus: z
    .string({ error: SEO_MESSAGES.coverFocus })
    .trim()
    .refine((v) => v === "" || isFocalPoint(v), SEO_MESSAGES.coverFocus)
    .optional(),
};

/** The publishing lifecycle's fields a post and a page share: a schedule and the bylines. */
export const publishingFields = {
  /**
   * When a draft goes public by itself: ISO 8601 with its offset, stored as UTC; `null` clears
   * the schedule. A time already past is refused when it is sent, not later.
   */
  publishAt: z.iso
    .datetime({ offset: true, error: POST_MESSAGES.publishAt })
    .max(40, POST_MESSAGES.publishAt)
    // A time that is no time at all has its own message above.
    .refine((v) => !(Date.parse(v) <= Date.now()), POST_MESSAGES.publishAtPast)
    .transform((v) => new Date(v).toISOString())
    .nullable()
    .optional(),
  /** User ids in byline order; left out on create, the creator (docs/decisions/130-bylines-and-author-pages.md). */
  // One message for the whole list, under `authors`, whichever id is wrong: the form shows it by the picker.
  authors: z
    .custom<number[]>(
      (ids) =>
        Array.isArray(ids) &&
        ids.length >= 1 &&
        ids.length <= MAX_AUTHORS &&
        ids.every((id) => Number.isSafeInteger(id) && (id as number) > 0) &&
        new Set(ids).size === ids.length,
      { error: POST_MESSAGES.authors },
    )
    .optional(),
};

const postFields = {
  ...seoFields,
  title: z
    .string({ error: POST_MESSAGES.title })
    .trim()
    .min(5, POST_MESSAGES.title)
    .max(LIMITS.title, POST_MESSAGES.tooLong),
  summary: z
    .string({ error: POST_MESSAGES.summary })
    .trim()
    .min(10, POST_MESSAGES.summary)
    .max(LIMITS.summary, POST_MESSAGES.tooLong),
  content: z
    .string({ error: POST_MESSAGES.content })
    .min(MIN_CONTENT_LENGTH, POST_MESSAGES.content)
    .max(LIMITS.content, POST_MESSAGES.tooLong),
  /** Optional: empty means the company logo is the thumbnail (docs/product.md section 2). */
  coverImage: httpUrl.optional(),
  /**
   * A post left without `published` is a draft: nothing goes public by omission (docs/product.md
   * section 5, docs/decisions/101-drafts-until-published.md); `published: true` still publishes.
   */
  published: z.boolean({ error: POST_MESSAGES.published }).default(false),
  /**
   * A post published before and published again keeps its first public date; `true` dates it
   * anew, as the republish's time. Never stored; ignored by a save that does not publish.
   */
  publishAsNew: z.boolean({ error: POST_MESSAGES.publishAsNew }).optional(),
  /**
   * "Also send by email": when the post becomes published (now, or by its schedule), its send to
   * the newsletter's readers is queued once. Editors and admins only (docs/decisions/247-newsletter-sends-through-the-outbox.md).
   */
  emailOnPublish: z.boolean({ error: POST_MESSAGES.emailOnPublish }).optional(),
  publishAt: publishingFields.publishAt,
  tags: z
    .array(
      z.string({ error: POST_MESSAGES.tags }).trim().min(1, POST_MESSAGES.tags).max(LIMITS.tag, POST_MESSAGES.tooLong),
      {
        error: POST_MESSAGES.tags,
      },
    )
    .max(LIMITS.tags, POST_MESSAGES.tooLong)
    .optional(),
  authors: publishingFields.authors,
};

export const slugSchema = z
  .string({ error: POST_MESSAGES.slugLength })
  .trim()
  .min(3, POST_MESSAGES.slugLength)
  .max(LIMITS.slug, POST_MESSAGES.tooLong)
  .regex(SLUG_PATTERN, POST_MESSAGES.slugPattern);

/** The admin CMS post form and the create/update calls. */
export const postInputSchema = z.object({ ...postFields, slug: slugSchema });

/** docs/product.md section 5: the Post Update Test Tool uses the same rules without the slug pattern. */
export const testUpdatePostSchema = z.object({
  ...postFields,
  slug: z
    .string({ error: POST_MESSAGES.slugLength })
    .trim()
    .min(3, POST_MESSAGES.slugLength)
    .max(LIMITS.slug, POST_MESSAGES.tooLong),
});

/**
 * The rules every post the store takes in from outside must meet, whatever wrote it (a restored
 * backup, an imported db.json): the slug pattern, the cover address rule and real dates, the
 * rules whose breach reaches a reader (a link, an address, "Invalid Date" in a feed). The
 * writer's minimum lengths are not among them, so an older post shorter than today's minimums
 * still comes back (docs/decisions/081-restore-runs-the-post-rules.md).
 */
const dateTime = z.string().refine((v) => !Number.isNaN(Date.parse(v)), POST_MESSAGES.dateTime);
export const postRulesSchema = z.object({
  // The form's upper bounds too (docs/decisions/156-restores-bounded-as-writes.md): a post past
  // them costs every reader's render what no write is allowed to cost.
  title: z.string().max(LIMITS.title, POST_MESSAGES.tooLong),
  slug: z.string().max(LIMITS.slug, POST_MESSAGES.tooLong).regex(SLUG_PATTERN, POST_MESSAGES.slugPattern),
  summary: z.string().max(LIMITS.summary, POST_MESSAGES.tooLong).optional(),
  content: z.string().max(LIMITS.content, POST_MESSAGES.tooLong),
  coverImage: z
    .string()
    .max(LIMITS.url, POST_MESSAGES.tooLong)
    .refine((v) => v === "" || isCoverImageUrl(v), POST_MESSAGES.coverImage)
    .optional(),
  tags: z.array(z.unknown()).max(LIMITS.tags, POST_MESSAGES.tooLong),
  createdAt: dateTime,
  updatedAt: dateTime,
  // A restored address reaches every reader's page head, as the cover's does.
  socialImage: z.string().refine(isLibraryImage, SEO_MESSAGES.socialImage).optional(),
  canonicalUrl: z.string().refine(isCanonicalUrl, SEO_MESSAGES.canonicalUrl).optional(),
  noindex: z.boolean({ error: SEO_MESSAGES.noindex }).optional(),
  coverFocus: z.string().refine(isFocalPoint, SEO_MESSAGES.coverFocus).optional(),
  // A schedule the scheduler could not read would never go out, nor say why.
  publishAt: dateTime.optional(),
});

export const TAG_MESSAGES = {
  name: "Tag name must be at least 2 characters",
  slugLength: "Tag slug must be at least 2 characters",
} as const;

export const tagSchema = z.object({
  name: z.string({ error: TAG_MESSAGES.name }).trim().min(2, TAG_MESSAGES.name).max(LIMITS.tag, POST_MESSAGES.tooLong),
  slug: z
    .string({ error: TAG_MESSAGES.slugLength })
    .trim()
    .min(2, TAG_MESSAGES.slugLength)
    .max(LIMITS.tag, POST_MESSAGES.tooLong)
    .regex(SLUG_PATTERN, POST_MESSAGES.slugPattern),
});

/** docs/product.md section 5, login and register. Creating a user asks for 8 characters. */
export const AUTH_FORM_MESSAGES = {
  username: "Username must be at least 3 characters",
  password: "Password must be at least 6 characters",
  newPassword: "Password must be at least 8 characters",
  usernamePattern: "Username may contain only letters, numbers, dots, hyphens and underscores",
  passwordsDiffer: "Passwords don't match",
  role: PERMISSION_MESSAGES.roleInvalid,
  tooLong: TOO_LONG,
  /** One answer for a wrong password and an unknown user, so neither reveals which usernames exist. */
  invalidCredentials: "Invalid username or password",
  tooManyAttempts: "Too many failed sign-in attempts. Please wait a few minutes and try again.",
  accountDisabled: "This account is disabled. Ask an admin to enable it.",
} as const;

const username = z
  .string({ error: AUTH_FORM_MESSAGES.username })
  .trim()
  .min(3, AUTH_FORM_MESSAGES.username)
  .max(50, AUTH_FORM_MESSAGES.tooLong);

export const loginSchema = z.object({
  username,
  password: z
    .string({ error: AUTH_FORM_MESSAGES.password })
    .min(6, AUTH_FORM_MESSAGES.password)
    .max(200, AUTH_FORM_MESSAGES.tooLong),
  /** The second factor (docs/decisions/220-two-factor-secrets-in-the-user-record.md): a code from the app or a recovery code. */
  code: z.string().max(40, AUTH_FORM_MESSAGES.tooLong).optional(),
  /** Or a passkey's answer as the second factor (docs/decisions/240-passkeys-in-the-user-record.md). */
  passkey: assertionSchema.optional(),
  /** Skip the second factor in this browser for 30 days (docs/decisions/221-remember-this-browser.md). */
  remember: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

const newPassword = z
  .string({ error: AUTH_FORM_MESSAGES.newPassword })
  .min(8, AUTH_FORM_MESSAGES.newPassword)
  .max(200, AUTH_FORM_MESSAGES.tooLong);

export const newUserSchema = z.object({
  username: username.regex(/^[A-Za-z0-9._-]+$/, AUTH_FORM_MESSAGES.usernamePattern),
  password: newPassword,
  role: z.enum(ROLES, { error: AUTH_FORM_MESSAGES.role }).default("writer"),
});
export type NewUserInput = z.input<typeof newUserSchema>;

export const registerSchema = newUserSchema
  .extend({ confirmPassword: z.string().optional() })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: AUTH_FORM_MESSAGES.passwordsDiffer,
    path: ["confirmPassword"],
  });

/** Changing one's own password: the current one proves it is the owner, not a borrowed session. */
export const PASSWORD_CHANGE_MESSAGES = {
  currentPassword: "Enter your current password",
  wrongCurrentPassword: "Your current password is not correct",
  samePassword: "The new password must differ from the current one",
} as const;

export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: PASSWORD_CHANGE_MESSAGES.currentPassword })
      .min(1, PASSWORD_CHANGE_MESSAGES.currentPassword)
      .max(200, AUTH_FORM_MESSAGES.tooLong),
    newPassword,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    message: PASSWORD_CHANGE_MESSAGES.samePassword,
    path: ["newPassword"],
  });

/** `POST /api/auth/logout`: no body, `{}`, or `{"everywhere": true}` to end every session of the caller. */
export const logoutSchema = z.object({
  everywhere: z.boolean({ error: "everywhere must be true or false" }).optional(),
});

import "./zod-jitless";
import { z } from "zod";
import { blockListSchema, type Block } from "./blocks";
import { publishingFields, seoFields } from "./schemas";

/**
 * Pages the marketing team builds of blocks (docs/cms-guide.md "Pages"): their address rules,
 * the form's schema and the messages, shared by the admin and every server write.
 */

/** The subject of pages' revisions, preview links and schedules (src/server/revisions/). */
export const PAGE_SUBJECT = "page";

export const PAGE_LIMITS = { title: 120, path: 100, segment: 60 } as const;

/**
 * The first segments the site already answers, which a page may never take: the site's own
 * routes (src/app/routes.ts), the API, the browser's files, images and social cards, and the
 * addresses other features keep for themselves.
 */
export const RESERVED_SEGMENTS: readonly string[] = [
  "admin",
  "api",
  "assets",
  "blog",
  "industries",
  "media",
  "social",
  "system",
  "search",
  "preview",
  "newsletter",
  // The utility pages (docs/product.md section 2).
  "create-post-direct",
  "emergency-post",
  "delete-posts",
  "delete-all-posts",
  "direct-delete",
  "test-update",
  // Feeds and files a crawler asks for.
  "rss.xml",
  "sitemap.xml",
  "robots.txt",
  "favicon.svg",
  "favicon.ico",
  "logo.svg",
  "manifest.webmanifest",
];

export const PAGE_MESSAGES = {
  title: "Title must be at least 2 characters",
  titleLong: `Title must be at most ${PAGE_LIMITS.title} characters`,
  path: "Path must be one or two segments of lowercase letters, digits and hyphens, such as /pricing or /company/careers",
  pathLong: `Path must be at most ${PAGE_LIMITS.path} characters`,
  pathReserved: (path: string) => `${path} is already an address of the site; choose another path`,
  pathTaken: (path: string) => `A page with the path ${path} already exists`,
  pathInTrash: (path: string) =>
    `A page in the Trash has the path ${path}: restore it or delete it for good before using the path again`,
  published: "Published must be true or false",
  formErrors: "Please fix the highlighted fields and try again.",
  nothingToUpdate: "Nothing to update: send at least one field of the page.",
  invalidId: "Page id must be a positive whole number",
  notFound: (id: number) => `Page ${id} not found.`,
  notInTrash: (id: number) => `Page ${id} is not in the Trash.`,
  notFoundApi: "Page not found.",
  alreadyPublished: "This page is already published: unpublish it before scheduling it",
  homePathTaken: "/ is the home page's path; choose another path",
  homePathKept: "The home page stays at /: its path cannot change",
  homeStaysPublished:
    "The home page cannot be unpublished or scheduled: the site would answer nothing at /. Edit its blocks and publish them instead",
  homeNotDeleted:
    "The home page cannot be deleted: the site would answer nothing at /. Hide or remove its blocks instead",
} as const;

/**
 * The home page's path: the one page of blocks at / (docs/decisions/280-the-home-page-is-a-page-of-blocks.md),
 * made from the site content on the first start of the release that brought it. No other page
 * may take it, and the home page keeps it, stays published and cannot be deleted.
 */
export const HOME_PAGE_PATH = "/";

const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The path as stored: lower case, one leading slash, no trailing one. */
export function normalizePagePath(raw: string): string {
  const trimmed = raw.trim().toLowerCase().replace(/\/+$/, "");
  return trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}

/** The path's segments when it has the form of a page's address (one or two segments), else undefined. */
export function pagePathSegments(path: string): string[] | undefined {
  const segments = path.split("/").slice(1);
  if (path[0] !== "/" || segments.length < 1 || segments.length > 2) return undefined;
  return segments.every((s) => s.length <= PAGE_LIMITS.segment && SEGMENT.test(s)) ? segments : undefined;
}

/** Whether a page may live at this path: its first segment is none the site answers already. */
export const isReservedPagePath = (path: string) => RESERVED_SEGMENTS.includes(path.split("/")[1] ?? "");

const pagePath = z
  .string({ error: PAGE_MESSAGES.path })
  .max(PAGE_LIMITS.path, PAGE_MESSAGES.pathLong)
  .transform(normalizePagePath)
  // One message: a reserved address says so, whatever its shape.
  .superRefine((path, ctx) => {
    // The home page's own path, sent back as it is by its editor; the store refuses it for any other page.
    if (path === HOME_PAGE_PATH) return;
    if (isReservedPagePath(path)) ctx.addIssue({ code: "custom", message: PAGE_MESSAGES.pathReserved(path) });
    else if (pagePathSegments(path) === undefined) ctx.addIssue({ code: "custom", message: PAGE_MESSAGES.path });
  });

/** The page form and the create and update calls; `published` and `publishAt` ask the lifecycle. */
export const pageInputSchema = z.object({
  title: z
    .string({ error: PAGE_MESSAGES.title })
    .trim()
    .min(2, PAGE_MESSAGES.title)
    .max(PAGE_LIMITS.title, PAGE_MESSAGES.titleLong),
  path: pagePath,
  blocks: blockListSchema.default([]),
  metaTitle: seoFields.metaTitle,
  metaDescription: seoFields.metaDescription,
  socialImage: seoFields.socialImage,
  canonicalUrl: seoFields.canonicalUrl,
  noindex: seoFields.noindex,
  published: z.boolean({ error: PAGE_MESSAGES.published }).default(false),
  ...publishingFields,
});
export type PageInput = z.infer<typeof pageInputSchema>;

/** The text settings an empty value removes from the page. */
export const PAGE_CLEARED_BY_EMPTY = ["metaTitle", "metaDescription", "socialImage", "canonicalUrl"] as const;

/** The fields a page's revision keeps, in the order the History names them. */
export const PAGE_REVISION_FIELDS = [
  "title",
  "path",
  "blocks",
  "published",
  "metaTitle",
  "metaDescription",
  "socialImage",
  "canonicalUrl",
  "noindex",
  "publishAt",
  "authors",
] as const;

/** A page as the CMS calls answer it. */
export type CmsPage = {
  id: number;
  title: string;
  path: string;
  blocks: Block[];
  published: boolean;
  createdAt: string;
  updatedAt: string;
  publishedAt?: string;
  publishAt?: string;
  metaTitle?: string;
  metaDescription?: string;
  socialImage?: string;
  canonicalUrl?: string;
  noindex?: boolean;
  authors?: number[];
  submittedAt?: string;
  createdBy?: number;
  updatedBy?: number;
};

/** A published page as the public call and the page's route have it. */
export type PublicPage = Pick<
  CmsPage,
  | "id"
  | "title"
  | "path"
  | "blocks"
  | "publishedAt"
  | "updatedAt"
  | "metaTitle"
  | "metaDescription"
  | "socialImage"
  | "canonicalUrl"
  | "noindex"
>;

/** A page's status in the admin's list. */
export function pageStatus(page: Pick<CmsPage, "published" | "publishAt" | "submittedAt">) {
  if (page.published) return "Published";
  if (page.publishAt) return "Scheduled";
  return page.submittedAt ? "In review" : "Draft";
}

/** The admin's Pages screens' words (src/app/routes/admin.pages.tsx, the block editor's src/shared/page-editor.ts). */
export const PAGES_SCREEN = {
  tab: "Pages",
  intro: "Pages the team builds of blocks, at an address of their own such as /pricing.",
  none: "No pages yet: start one with New page.",
  title: "Title",
  path: "Path",
  status: "Status",
  metaTitle: "Meta title",
  metaDescription: "Meta description",
  canonical: "Canonical URL",
  noindex: "Hide from search engines (noindex)",
} as const;

/**
 * The public face of a blog post, shared by the pages, the public API and the feeds, with the
 * user-facing messages of docs/product.md section 8 for the blog.
 */
import type { ResponsiveImage } from "./media";
import type { PostStatus } from "./post-status";
import type { PublicAuthor } from "./authors";
import type { ReviewNote } from "./review";

export type Tag = { id: number; name: string; slug: string };

/**
 * What a list card needs (docs/product.md section 2): no content, so list pages stay small, and no
 * time of the last save, which no card shows: a save that leaves every field here as it was
 * changes no page showing the card (docs/decisions/140-a-card-is-not-its-page.md).
 */
export type PostListItem = {
  id: number;
  title: string;
  slug: string;
  summary: string;
  coverImage?: string;
  /** The cover with its size and resized copies, when it is an uploaded image. */
  cover?: ResponsiveImage;
  /** Where a card crops the cover, as CSS `object-position` (docs/decisions/118-covers-shown-whole.md). */
  coverFocus?: string;
  /** When the draft was created. */
  createdAt: string;
  /**
   * When it first went public: the date readers see, and the public lists' order
   * (docs/decisions/185-published-means-published.md).
   */
  publishedAt: string;
  tags: Tag[];
  /** Minutes to read the content, at least 1 (reading-time.ts). */
  readingMinutes: number;
};

/** A post's search and social settings, each absent when unset (docs/decisions/116-per-post-search-settings.md). */
export type PostSeo = {
  metaTitle?: string;
  metaDescription?: string;
  /** An original in the media library (`/media/...`); without one, the generated social card. */
  socialImage?: string;
  canonicalUrl?: string;
  /** Hidden from search engines: robots noindex, and left out of the sitemap and RSS. */
  noindex?: boolean;
};

/**
 * A post's authors: their user ids in byline order, and what the byline shows of those still
 * known, empty when none is (docs/decisions/130-bylines-and-author-pages.md).
 */
export type PostAuthors = { authors: number[]; authorProfiles: PublicAuthor[] };

/** A published post as the public sees it: summary resolved, content sanitized. */
export type PublicPost = PostListItem &
  PostSeo &
  PostAuthors & { content: string; published: boolean; updatedAt: string };

/** docs/architecture.md section 5: /blog shows 12 posts a page. */
export const BLOG_PAGE_SIZE = 12;

/** The thumbnail when a post has no cover image (docs/product.md section 3). */
export const DEFAULT_COVER_IMAGE = "/logo.svg";

export const BLOG_MESSAGES = {
  title: "Blog",
  intro: "Notes on queues, waiting and the people in them, from the QueueWise team.",
  loading: "Loading blog posts...",
  empty: "No blog posts found.",
  listErrorTitle: "Error loading blog posts",
  listErrorDescription: "Please try again later.",
  postErrorToastTitle: "Error loading blog post",
  postErrorToastDescription: "The requested post could not be found or loaded. Please try again later.",
  postErrorTitle: "Unable to Load Blog Post",
  postErrorText: "There was an error loading this blog post. Please try again later.",
  notFoundTitle: "Blog Post Not Found",
  notFoundText: "The post you are looking for does not exist or is no longer published.",
  notFoundApi: "Post Not Found",
  /** `GET /api/public/blog/posts?page=N` past the last page: a 404, as `/blog?page=N` (docs/product.md section 7). */
  pageNotFoundApi: "Page Not Found",
  untitled: "Untitled Post",
  dateUnavailable: "Publication date unavailable",
  backToBlog: "Back to Blog",
  returnToBlog: "Return to Blog",
  rss: "RSS feed",
  search: "Search the blog",
  related: "Related posts",
} as const;

/**
 * A post as the CMS sees it: drafts too, and an old post's `excerpt` kept (docs/product.md section 3);
 * who created it and who saved it last, by id and by name, when known (older posts have neither,
 * and a removed user's name is gone).
 */
export type CmsPost = Omit<PublicPost, "readingMinutes" | "publishedAt" | keyof PostAuthors> &
  Partial<PostAuthors> & {
    /**
     * When it first went public, kept while it is unpublished; null for a post never published.
     * Every answer carries it (post-view.ts); optional only so a hand-made CmsPost may leave it out.
     */
    publishedAt?: string | null;
    excerpt?: string;
    /** In the review queue since (docs/decisions/126-review-before-publish.md), and by whom. */
    submittedAt?: string;
    submittedBy?: number;
    /** The note of the editor who last sent it back, until it is submitted again. */
    reviewNote?: ReviewNote;
    createdBy?: number;
    updatedBy?: number;
    createdByName?: string;
    updatedByName?: string;
    /** Where the post stands (post-status.ts). */
    status: PostStatus;
    /** While scheduled: when it goes public (UTC, ISO 8601), and who scheduled it. */
    publishAt?: string;
    scheduledBy?: number;
    /** A schedule carried out after its time: when it was due and when it went out. */
    publishedLate?: { planned: string; published: string };
    /** The editor has shown its "Embedded videos found" notice once: it is not shown again. */
    videosNoticed?: boolean;
  };

/** A row of the admin posts list: a CmsPost without its content, which the editor loads when it opens one. */
export type CmsListItem = Omit<CmsPost, "content">;

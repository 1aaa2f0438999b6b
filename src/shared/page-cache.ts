/**
 * The page cache's two declarations: which routes' answers it may keep (PageCacheRule), and what
 * each kept answer shows of the content (its topics).
 *
 * What a public answer shows of the content, so the page cache drops it exactly when that changes
 * (docs/decisions/069-pages-say-what-they-show.md). An answer lists its topics in this header,
 * space-separated, as a CDN's surrogate keys are
 * (https://www.fastly.com/documentation/reference/http/http-headers/Surrogate-Key/); the cache
 * reads it when it keeps the answer and never sends it on.
 */
export const SHOWS_HEADER = "Surrogate-Key";

/** Anything of any published post: the feeds, the sitemap, the public API's lists and tags. */
export const SHOWS_POSTS = "posts";
/**
 * Which posts are published and in which order, but not their fields: the blog's list pages,
 * which name each post they show with showsCard, so saving one post drops only the page showing it.
 */
export const SHOWS_POST_LIST = "post-list";
/**
 * One post by slug, all of it: its page, its API answer, or their 404 while no published post has
 * the slug.
 */
export const showsPost = (slug: string) => `post:${encodeSlug(slug)}`;
/**
 * One post's card by slug, on a list page or under another post (related posts): dropped only when
 * what the card shows changes, not by a save of the post's content alone
 * (docs/decisions/140-a-card-is-not-its-page.md).
 */
export const showsCard = (slug: string) => `card:${encodeSlug(slug)}`;
/** The published posts carrying one tag: the tag's list, and the related posts under a post with it. */
export const showsTag = (slug: string) => `tag:${encodeSlug(slug)}`;

/**
 * One author, by username: their page (profile and posts) and the bylines naming them
 * (docs/decisions/130-bylines-and-author-pages.md).
 */
export const showsAuthor = (username: string) => `author:${encodeSlug(username)}`;

/**
 * One page of blocks by its path, all of it: its page, its public call, or their 404 while no
 * published page has the path (src/server/pages/page-shown.ts).
 */
export const showsPage = (path: string) => `page:${encodeSlug(path)}`;
/** Which pages are published, at which paths and when they changed: the sitemap. */
export const SHOWS_PAGES = "pages";

/** The published site content (docs/product.md section 10), all of it: the public site call. */
export const SHOWS_SITE = "site";
/** The home page's own copy and its industry cards. */
export const SHOWS_SITE_HOME = "site:home";
/** The industry cards of /industries. */
export const SHOWS_SITE_INDUSTRIES = "site:industries";
/** One industry's own page, by id. */
export const showsIndustry = (id: string) => `site:industry:${encodeSlug(id)}`;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A slug percent-encoded for a URL or a header, where spaces and non-ASCII letters (a restored
 * post's slug may hold any) would split a topic or be refused by Node. A lone surrogate becomes
 * U+FFFD first, as encodeURIComponent throws on it.
 */
export const encodeSlug = (slug: string) => encodeURIComponent(slug.replace(LONE_SURROGATE, "\uFFFD"));

/**
 * What a page that shows no content at all declares (robots.txt): no write drops it. A page must
 * say so; one that names no topic is taken to show anything.
 */
export const SHOWS_NOTHING = "nothing";
/**
 * The topic the cache files an answer under when the answer names none: every write that changes
 * what the public sees drops it, so a route that forgets its topics is rendered too often rather
 * than kept stale (docs/decisions/069-pages-say-what-they-show.md).
 */
export const SHOWS_UNDECLARED = "undeclared";

/** The header for an answer that shows these topics. */
export const showsHeader = (topics: readonly string[]) => ({ [SHOWS_HEADER]: topics.join(" ") });

/**
 * A route's leave to keep its answers in the page cache, declared where the route is: a route
 * module's `handle.pageCache`, or beside an Express router's mount (app.ts). Only answers that are
 * a pure function of their URL and the content may declare it (docs/architecture.md section 6).
 */
export type PageCacheRule = {
  /**
   * The query parameters the answer reads; every other one is left out of the cache key, so a
   * cache-buster or a tracking tag (`?utm_source=x`) finds the one kept answer.
   */
  reads?: readonly string[];
};

/** The `handle` of a route module whose answers the page cache may keep. */
export type PageCacheHandle = { pageCache: PageCacheRule };

/** The handle of a route whose answers may be kept and read no query parameter. */
export const CACHEABLE_PAGE: PageCacheHandle = { pageCache: {} };

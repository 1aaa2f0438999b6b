/**
 * The public site's search (docs/product.md section 11): its limits, its words and the shape of
 * its answers, shared by the page, the API and the index.
 */
import { SEARCH_PATH } from "./search-link";

/** Longer queries are refused: no reader types them, and each word costs a fuzzy lookup. */
export const MAX_QUERY_LENGTH = 200;
/** Results a page shows (and the API answers per `page`). */
export const SEARCH_PAGE_SIZE = 10;

export const SEARCH_MESSAGES = {
  title: "Search",
  intro: "Search the blog, the site's pages, the industries we serve and the topics we write about.",
  label: "Search the site",
  button: "Search",
  placeholder: "e.g. airport, wait-time forecast",
  hint: "Type a word or two. Close spellings and the start of a word are found too.",
  tooLong: `Keep the search under ${MAX_QUERY_LENGTH} characters.`,
  badPage: "Page must be a whole number from 1.",
  noResults: (query: string) => `Nothing matches “${query}”. Try another word or a shorter one.`,
  found: (total: number, query: string) => `${total} ${total === 1 ? "result" : "results"} for “${query}”`,
} as const;

export const SEARCH_TYPES = ["post", "page", "industry", "tag"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  post: "Post",
  page: "Page",
  industry: "Industry",
  tag: "Tag",
};

export type SearchResult = {
  type: SearchType;
  title: string;
  url: string;
  /** HTML: the text around the match, escaped, with each matched word in `<mark>`. */
  snippet: string;
  /** A post's public date (ISO), when it has one. */
  date?: string;
};

export type SearchAnswer = {
  query: string;
  results: SearchResult[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

/** The query as searched: spaces folded, ends trimmed. */
export const normalQuery = (q: string) => q.replace(/\s+/g, " ").trim();

export type SearchRequest =
  { ok: true; query: string; page: number } | { ok: false; query: string; errors: Record<string, string[]> };

/** Reads `?q=&page=` as the page and the API both take them; field messages for what is wrong. */
export function readSearchParams(params: URLSearchParams): SearchRequest {
  const query = normalQuery(params.get("q") ?? "");
  const pageParam = params.get("page");
  const errors: Record<string, string[]> = {};
  if (query.length > MAX_QUERY_LENGTH) errors.q = [SEARCH_MESSAGES.tooLong];
  const page = pageParam === null || pageParam === "" ? 1 : /^\d{1,6}$/.test(pageParam) ? Number(pageParam) : 0;
  if (page < 1) errors.page = [SEARCH_MESSAGES.badPage];
  return Object.keys(errors).length ? { ok: false, query, errors } : { ok: true, query, page };
}

/** The page's address for a query and a page of its results. */
export function searchHref(query: string, page = 1): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set("page", String(page));
  return `${SEARCH_PATH}?${params.toString()}`;
}

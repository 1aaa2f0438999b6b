/**
 * The way to the public site's search from every page (the header, the blog): its address and the
 * link's words, apart from the rest of src/shared/search.ts, so each public page's shared
 * JavaScript carries only these.
 */
export const SEARCH_PATH = "/search";

export const SEARCH_LINK_LABEL = "Search";

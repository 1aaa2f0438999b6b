/**
 * The contact form's hidden fields naming the visit it was sent from (the page with its query,
 * and the document's referrer), filled in by the browser: the page is served from the page cache
 * alike to everyone, so the server cannot write them (docs/decisions/106-analytics-without-cookies.md).
 */
export const VISIT_FIELDS = { page: "visit_page", referrer: "visit_referrer" } as const;

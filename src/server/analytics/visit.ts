import { UTM_KEYS } from "~/shared/analytics";

/**
 * The parts of a page view the analytics keep, read with string scans rather than `new URL`, which
 * would cost more than answering a kept page (docs/decisions/106-analytics-without-cookies.md).
 */

/** A host name: letters, digits, dots and hyphens, as DNS allows (RFC 1123 section 2.1). */
const HOST = /^[a-z0-9.-]{1,253}$/;
/** Where a URL's host ends: a path, a query, a fragment or a port. */
const HOST_END = /[/?#:]/;

/** The host a Referer URL names, lower-cased and without its port; "" when there is none or it is not a URL. */
export function referrerHost(referer: string | undefined): string {
  if (!referer) return "";
  const start = referer.indexOf("://");
  if (start < 1) return "";
  const rest = referer.slice(start + 3, start + 3 + 260);
  const end = rest.search(HOST_END);
  const host = (end === -1 ? rest : rest.slice(0, end)).toLowerCase();
  return HOST.test(host) ? host : "";
}

/** The host name of a Host header, without its port. */
export function hostName(host: string | undefined): string {
  if (!host) return "";
  const colon = host.indexOf(":");
  return (colon === -1 ? host : host.slice(0, colon)).toLowerCase();
}

/** The longest UTM value kept; longer ones are cut. */
const MAX_UTM = 100;

export type Utm = Partial<Record<(typeof UTM_KEYS)[number], string>>;

/** The UTM values of a URL's query (RFC 3986 section 3.4); undefined when it has none. */
export function utmOf(url: string): Utm | undefined {
  const q = url.indexOf("?");
  if (q === -1 || !url.includes("utm_", q)) return undefined;
  const params = new URLSearchParams(url.slice(q + 1));
  const utm: Utm = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim().slice(0, MAX_UTM);
    if (value) utm[key] = value;
  }
  return Object.keys(utm).length ? utm : undefined;
}

/** A campaign's key in the aggregates: its UTM values as a query string, in one order. */
export function campaignKey(utm: Utm | undefined): string {
  if (!utm) return "";
  const params = new URLSearchParams();
  for (const key of UTM_KEYS) if (utm[key]) params.set(key, utm[key]);
  return params.toString();
}

/** The UTM values of a campaign's key (campaignKey's inverse); undefined for "". */
export function utmOfCampaign(key: string): Utm | undefined {
  return key === "" ? undefined : utmOf(`?${key}`);
}

/** Where a sign-in goes when the page to return to is not a path on this site. */
export const RETURN_HOME = "/admin";

/** Longer than any address of the site; a longer one is refused rather than parsed. */
const MAX_LENGTH = 2048;
const ORIGIN = "http://return-to.invalid";

/**
 * The path on this site to send a browser back to after signing in, or RETURN_HOME
 * (docs/decisions/154-return-to-a-path-on-this-site.md). A browser resolves a `Location` as a URL:
 * `//evil.example`, `/\evil.example` (a backslash is a slash in http URLs) and a tab or newline
 * inside `//` (removed by the URL parser) all name another host, and so does what a path
 * normalises to, as `/.//evil.example` does to `//evil.example`. So the value is refused when,
 * once its backslashes and encoded slashes (`%2f`, `%5c`) are slashes and its dot segments are
 * resolved, it is not a path that starts with exactly one slash and holds no empty segment
 * (`//`); and anything with a control character. What is returned is the parsed URL's path and
 * query, so it is the value the checks saw.
 */
export function pathOnThisSite(value: unknown): string {
  if (typeof value !== "string" || value.length > MAX_LENGTH || !value.startsWith("/")) return RETURN_HOME;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\u0000-\u001f\u007f]/.test(value)) return RETURN_HOME;
  const end = value.search(/[?#]/);
  const path = end === -1 ? value : value.slice(0, end);
  const slashes = path.replace(/%(?:2f|5c)/gi, "/").replace(/\\/g, "/");
  if (!URL.canParse(slashes, ORIGIN) || !URL.canParse(value, ORIGIN)) return RETURN_HOME;
  const normalised = new URL(slashes, ORIGIN);
  if (normalised.origin !== ORIGIN || normalised.pathname.includes("//")) return RETURN_HOME;
  const url = new URL(value, ORIGIN);
  const answer = url.pathname + url.search;
  // The parsed path of the value itself, checked again: what the browser is sent must pass too.
  if (url.origin !== ORIGIN || /^\/[/\\]/.test(answer) || url.pathname.includes("//")) return RETURN_HOME;
  return answer;
}

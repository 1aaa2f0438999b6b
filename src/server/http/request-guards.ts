import type { IncomingMessage } from "node:http";
import type { ErrorRequestHandler, RequestHandler } from "express";
import { HttpError } from "./errors";
import type { TrustProxyFn } from "./security-headers";

export const REQUEST_MESSAGES = {
  malformedPath: "The address has a malformed %-escape.",
  methodNotAllowed: (method: string) => `The method ${method} is not allowed here.`,
  badRequest: "The request could not be read.",
  badTarget: "The request target must be a path on this site, such as /blog.",
  badHost: "The request needs a Host header naming this site.",
} as const;

/** Pages answer GET and HEAD, and POST for the forms' actions; /api also takes PUT, PATCH and DELETE. */
export const PAGE_METHODS = ["GET", "HEAD", "POST"] as const;
export const API_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");

/** RFC 3986 section 3.2: a host (a bracketed IPv6 literal or a reg-name) and an optional port. */
const AUTHORITY = /^(?:\[[0-9a-f:.]+\]|[a-z0-9\-._~!$&'()*+,;=%]+)(?::\d{0,5})?$/i;
const isAuthority = (value: string | undefined) =>
  value !== undefined && AUTHORITY.test(value) && URL.canParse(`http://${value}/`);

/**
 * What keeps a request from being understood, or undefined when nothing does: the one check the
 * page cache makes before answering a kept page and the app makes before any route
 * (`rejectUnreadableRequests`), so a request the app refuses is never answered from the cache
 * (docs/decisions/079-request-targets-and-hosts.md, 155-paths-starting-with-two-slashes.md).
 *
 * - The target must be a path (RFC 9112 section 3.2): not the absolute form
 *   (`GET http://evil.example/admin`), which clients send to proxies and this server is not one,
 *   and not a path starting with `//` or `/\`, which a URL parser reads as a host
 *   (`GET //evil.example/admin` would render /admin for a request URL on evil.example).
 * - React Router builds each page's URL from the Host header (X-Forwarded-Host behind a trusted
 *   proxy, as Express's `req.host` reads it), so both must be an authority: a request without a
 *   Host (HTTP/1.0 allows one) or with `Host: a b` is a 400.
 * - A method outside the lists above is a 405 with `Allow` (RFC 9110 section 15.5.6), and a path
 *   with a malformed %-escape a 400: routers and React Router would otherwise fail to decode it,
 *   or to build a Fetch Request for a method like TRACE, and answer 500.
 */
export function unreadableRequest(
  req: IncomingMessage,
  trust: TrustProxyFn,
  target = req.url ?? "",
): HttpError | undefined {
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return new HttpError(400, REQUEST_MESSAGES.badTarget);
  }
  const host = req.headers.host;
  if (!isAuthority(host) || !isAuthority(forwardedHost(req, trust) ?? host)) {
    return new HttpError(400, REQUEST_MESSAGES.badHost);
  }
  const path = target.split(/[?#]/, 1)[0]!;
  const allowed: readonly string[] = isApi(path) ? API_METHODS : PAGE_METHODS;
  if (!allowed.includes(req.method ?? "")) {
    return new HttpError(405, REQUEST_MESSAGES.methodNotAllowed(req.method ?? ""), undefined, {
      Allow: allowed.join(", "),
    });
  }
  try {
    decodeURIComponent(path);
  } catch {
    return new HttpError(400, REQUEST_MESSAGES.malformedPath);
  }
  return undefined;
}

/** X-Forwarded-Host's first value from a trusted proxy, as Express 5's `req.host` reads it. */
function forwardedHost(req: IncomingMessage, trust: TrustProxyFn): string | undefined {
  const value = req.headers["x-forwarded-host"];
  if (typeof value !== "string" || value === "" || !trust(req.socket.remoteAddress, 0)) return undefined;
  const comma = value.indexOf(",");
  return comma === -1 ? value : value.slice(0, comma).trimEnd();
}

/** The app's use of `unreadableRequest`, before any route runs; the error handler answers it. */
export const rejectUnreadableRequests: RequestHandler = (req, _res, next) => {
  next(unreadableRequest(req, req.app.get("trust proxy fn") as TrustProxyFn, req.originalUrl));
};

/**
 * Errors from Express's own parts (body-parser, the router) carry a 4xx `status` and
 * `expose: true` in the http-errors style: they are the client's, so they keep their status
 * with a message of ours instead of becoming a logged 500.
 */
export const clientErrorsKeepTheirStatus: ErrorRequestHandler = (err, _req, _res, next) => {
  if (err instanceof HttpError || typeof err !== "object" || err === null) return next(err);
  const { status, statusCode, expose } = err as { status?: unknown; statusCode?: unknown; expose?: unknown };
  const code = typeof status === "number" ? status : statusCode;
  if (typeof code === "number" && code >= 400 && code < 500 && expose !== false) {
    return next(new HttpError(code, REQUEST_MESSAGES.badRequest));
  }
  next(err);
};

import type { ErrorRequestHandler, RequestHandler } from "express";
import { HttpError } from "./errors";

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
 * Checks every request can be understood before any route sees it (RFC 9110 sections 15.5.1 and
 * 15.5.6): a path with a malformed %-escape is a 400, a method outside the lists above a 405
 * with `Allow`. Routers and React Router would otherwise fail to decode it, or to build a Fetch
 * Request for a method like TRACE, and answer 500.
 *
 * React Router builds each page's URL from the Host header (X-Forwarded-Host behind a trusted
 * proxy) and the request target, so both must make a URL: a request without a Host (HTTP/1.0
 * allows one) or with one that is no authority (`Host: a b`) is a 400, and so is a target in
 * absolute form (`GET http://evil.example/admin`), which clients send to proxies and this server
 * is not one (docs/decisions/079-request-targets-and-hosts.md).
 */
export const rejectUnreadableRequests: RequestHandler = (req, res, next) => {
  if (!req.originalUrl.startsWith("/")) return next(new HttpError(400, REQUEST_MESSAGES.badTarget));
  if (!isAuthority(req.get("host")) || !isAuthority(req.host))
    return next(new HttpError(400, REQUEST_MESSAGES.badHost));
  const allowed: readonly string[] = isApi(req.path) ? API_METHODS : PAGE_METHODS;
  if (!allowed.includes(req.method)) {
    res.set("Allow", allowed.join(", "));
    return next(new HttpError(405, REQUEST_MESSAGES.methodNotAllowed(req.method)));
  }
  try {
    decodeURIComponent(req.path);
  } catch {
    return next(new HttpError(400, REQUEST_MESSAGES.malformedPath));
  }
  next();
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

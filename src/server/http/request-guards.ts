import type { ErrorRequestHandler, RequestHandler } from "express";
import { HttpError } from "./errors";

export const REQUEST_MESSAGES = {
  malformedPath: "The address has a malformed %-escape.",
  methodNotAllowed: (method: string) => `The method ${method} is not allowed here.`,
  badRequest: "The request could not be read.",
} as const;

/** Pages answer GET and HEAD, and POST for the forms' actions; /api also takes PUT, PATCH and DELETE. */
export const PAGE_METHODS = ["GET", "HEAD", "POST"] as const;
export const API_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");

/**
 * Checks every request can be understood before any route sees it (RFC 9110 sections 15.5.1 and
 * 15.5.6): a path with a malformed %-escape is a 400, a method outside the lists above a 405
 * with `Allow`. Routers and React Router would otherwise fail to decode it, or to build a Fetch
 * Request for a method like TRACE, and answer 500.
 */
export const rejectUnreadableRequests: RequestHandler = (req, res, next) => {
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

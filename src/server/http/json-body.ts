import express, { type Request, type RequestHandler } from "express";
import { HttpError, ValidationError } from "~/server/http/errors";

export const MAX_JSON_BODY = "32kb";
/** A whole backup of thousands of posts, uploaded to restore-posts only. */
export const MAX_BACKUP_BODY = "20mb";
export const MAX_FORM_BYTES = 32 * 1024;
/** The site's whole content (src/shared/site-content.ts): thirty industries of five long paragraphs fit. */
export const MAX_SITE_BODY = "1mb";

const tooLarge = (limit: string) => `The request body is too large (at most ${limit}).`;

export const JSON_BODY_MESSAGES = {
  contentType: "Send the request body as JSON (Content-Type: application/json).",
  malformed: "The request body is not valid JSON.",
  tooLarge: tooLarge(MAX_JSON_BODY),
  backupTooLarge: tooLarge(MAX_BACKUP_BODY),
  siteTooLarge: tooLarge(MAX_SITE_BODY),
  charset: "Send the request body as UTF-8 JSON.",
  encoding: "Send the request body uncompressed, or compressed with gzip, deflate or br.",
} as const;

/** RFC 9110 section 15.5.16: a body in a type, charset or coding the endpoint does not take. */
const unsupported = (message: string) => new HttpError(415, message);

/** No Content-Length (or 0) and no Transfer-Encoding: what a client sends for "no payload" (RFC 9110 section 8.6). */
const hasNoBody = (req: Request) => !req.get("transfer-encoding") && Number(req.get("content-length") ?? 0) === 0;

/**
 * A JSON body parser for write endpoints. Every way a body can be wrong answers a 4xx with a clear
 * message: 415 for another content type (a form, multipart), charset or Content-Encoding, 400 for
 * a body that is too large or not JSON. `optional`: a request without a body passes, leaving
 * `req.body` undefined.
 */
function jsonBodyUpTo(limit: string, { optional = false } = {}): RequestHandler {
  const parse = express.json({ limit, strict: true });
  return (req, res, next) => {
    if (optional && hasNoBody(req)) return next();
    if (!req.is("application/json")) return next(unsupported(JSON_BODY_MESSAGES.contentType));
    parse(req, res, (err?: unknown) => {
      const type = (err as { type?: string } | undefined)?.type;
      if (type === "entity.too.large") return next(new ValidationError(tooLarge(limit)));
      if (type === "entity.parse.failed") return next(new ValidationError(JSON_BODY_MESSAGES.malformed));
      if (type === "charset.unsupported") return next(unsupported(JSON_BODY_MESSAGES.charset));
      if (type === "encoding.unsupported") return next(unsupported(JSON_BODY_MESSAGES.encoding));
      next(err); // other body-parser errors carry their own 4xx status (request-guards.ts)
    });
  };
}

export const jsonBody = jsonBodyUpTo(MAX_JSON_BODY);

/** A call whose body may be left out (`POST /api/auth/logout`); `req.body` is then undefined. */
export const optionalJsonBody = jsonBodyUpTo(MAX_JSON_BODY, { optional: true });

/** POST /api/debug/restore-posts: no body restores the newest backup; a body may be a whole backup file. */
export const backupBody = jsonBodyUpTo(MAX_BACKUP_BODY, { optional: true });

/** PUT /api/admin/site/draft: the site's whole draft in one body. */
export const siteBody = jsonBodyUpTo(MAX_SITE_BODY);

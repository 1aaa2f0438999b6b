import express, { type Request, type RequestHandler } from "express";
import { ValidationError } from "../errors";

export const MAX_JSON_BODY = "32kb";
/** A whole backup of thousands of posts, uploaded to restore-posts only (issue 5). */
export const MAX_BACKUP_BODY = "20mb";
export const MAX_FORM_BYTES = 32 * 1024;

const tooLarge = (limit: string) => `The request body is too large (at most ${limit}).`;

export const JSON_BODY_MESSAGES = {
  contentType: "Send the request body as JSON (Content-Type: application/json).",
  malformed: "The request body is not valid JSON.",
  tooLarge: tooLarge(MAX_JSON_BODY),
  backupTooLarge: tooLarge(MAX_BACKUP_BODY),
} as const;

/** No Content-Length (or 0) and no Transfer-Encoding: what a client sends for "no payload" (RFC 9110 section 8.6). */
const hasNoBody = (req: Request) => !req.get("transfer-encoding") && Number(req.get("content-length") ?? 0) === 0;

/**
 * A JSON body parser for write endpoints. Every way a body can be wrong answers 400 with a clear
 * message (issue 2), where body-parser alone would answer 413/415 or ignore a wrong content type.
 * `optional`: a request without a body passes, leaving `req.body` undefined.
 */
function jsonBodyUpTo(limit: string, { optional = false } = {}): RequestHandler {
  const parse = express.json({ limit, strict: true });
  return (req, res, next) => {
    if (optional && hasNoBody(req)) return next();
    if (!req.is("application/json")) return next(new ValidationError(JSON_BODY_MESSAGES.contentType));
    parse(req, res, (err?: unknown) => {
      const type = (err as { type?: string } | undefined)?.type;
      if (type === "entity.too.large") return next(new ValidationError(tooLarge(limit)));
      if (type === "entity.parse.failed") return next(new ValidationError(JSON_BODY_MESSAGES.malformed));
      next(err);
    });
  };
}

export const jsonBody = jsonBodyUpTo(MAX_JSON_BODY);

/** A small JSON body that may be left out (POST /api/admin/force-remove-test-posts). */
export const smallOptionalBody = jsonBodyUpTo(MAX_JSON_BODY, { optional: true });

/** POST /api/debug/restore-posts: no body restores the newest backup; a body may be a whole backup file. */
export const backupBody = jsonBodyUpTo(MAX_BACKUP_BODY, { optional: true });

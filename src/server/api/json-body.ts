import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { ValidationError } from "../errors";

export const MAX_JSON_BODY = "32kb";
export const MAX_FORM_BYTES = 32 * 1024;

export const JSON_BODY_MESSAGES = {
  contentType: "Send the request body as JSON (Content-Type: application/json).",
  malformed: "The request body is not valid JSON.",
  tooLarge: `The request body is too large (at most ${MAX_JSON_BODY}).`,
} as const;

const parseJson = express.json({ limit: MAX_JSON_BODY, strict: true });

/**
 * Parses a JSON body for write endpoints. Every way a body can be wrong answers 400 with a clear
 * message (issue 2), where body-parser alone would answer 413/415 or ignore a wrong content type.
 */
export const jsonBody: RequestHandler = (req, res, next) => {
  if (!req.is("application/json")) return next(new ValidationError(JSON_BODY_MESSAGES.contentType));
  parseJson(req, res, next);
};

/** Turns body-parser's own errors into our 400s; must sit right after `jsonBody`'s routes. */
export const jsonBodyErrors: ErrorRequestHandler = (err, _req, _res, next) => {
  const type = (err as { type?: string }).type;
  if (type === "entity.too.large") return next(new ValidationError(JSON_BODY_MESSAGES.tooLarge));
  if (type === "entity.parse.failed") return next(new ValidationError(JSON_BODY_MESSAGES.malformed));
  next(err);
};

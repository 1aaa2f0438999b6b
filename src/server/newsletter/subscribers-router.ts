import express, { Router, type Request, type RequestHandler } from "express";
import multer from "multer";
import type { Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import { whoOf } from "~/server/activity/who";
import { HttpError, ValidationError } from "~/server/http/errors";
import { parseId } from "~/server/posts/post-history";
import { SUBSCRIBERS_IMPORT_MAX_BYTES, SUBSCRIBERS_MESSAGES as M } from "~/shared/subscribers";

/**
 * /api/admin/subscribers (docs/api.md "Subscribers"; docs/decisions/261-subscribers-imported-with-their-consent.md):
 * the list with `?q=&status=&page=` and the counts, its CSV, an import and a deletion. Admins only
 * ("subscribers.manage"; an API token needs the "subscribers:manage" scope); writes same-origin.
 */
export function subscribersRouter(context: AppContext, { allow, requireSameOrigin }: Guards): Router {
  const { subscriberAdmin, sessions } = context;
  const router = Router();
  const manage = allow("subscribers.manage");

  router.get("/admin/subscribers", manage, async (req, res) => {
    res.json(await subscriberAdmin.list(req.query));
  });

  router.get("/admin/subscribers.csv", manage, async (req, res) => {
    const csv = await subscriberAdmin.csv(req.query);
    res.set("Content-Type", "text/csv; charset=utf-8");
    res.attachment(`subscribers-${new Date().toISOString().slice(0, 10)}.csv`);
    res.send(csv);
  });

  router.post("/admin/subscribers/import", requireSameOrigin, manage, csvUpload, async (req, res) => {
    const { file, note } = uploaded(req);
    res.json(await subscriberAdmin.import(await whoOf(sessions, req, res), file, note));
  });

  router.delete("/admin/subscribers/:id", requireSameOrigin, manage, async (req, res) => {
    const id = parseId(req.params.id, M.invalidId);
    res.json(await subscriberAdmin.remove(await whoOf(sessions, req, res), id));
  });

  return router;
}

/** The file and the consent note of either body: a form's (multipart) or a script's (text/csv, ?consent=). */
function uploaded(req: Request): { file: string | undefined; note: unknown } {
  if (typeof req.body === "string") return { file: req.body, note: req.query.consent };
  const fields = (req.body ?? {}) as Record<string, unknown>;
  const file = req.file && req.file.size > 0 ? decodeUtf8(req.file.buffer) : undefined;
  return { file, note: fields.consent };
}

/** The file as UTF-8, as spreadsheet programs save CSV; bytes that are not are a 400 on the file. */
function decodeUtf8(bytes: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ValidationError(M.fileRequired, { file: [M.fileRequired] });
  }
}

const parseMultipart = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: SUBSCRIBERS_IMPORT_MAX_BYTES, files: 1, fields: 5 },
}).single("file");
const parseText = express.text({ type: "text/csv", limit: SUBSCRIBERS_IMPORT_MAX_BYTES });

/** Either body, within the size limit (413 past it); any other type is a 415. */
const csvUpload: RequestHandler = (req, res, next) => {
  if (req.is("multipart/form-data")) {
    parseMultipart(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError && error.code === "LIMIT_FILE_SIZE")
        return next(new HttpError(413, M.fileTooLarge));
      next(new ValidationError(M.fileRequired, { file: [M.fileRequired] }));
    });
    return;
  }
  if (req.is("text/csv")) {
    parseText(req, res, (error?: unknown) => {
      const type = (error as { type?: string } | undefined)?.type;
      if (type === "entity.too.large") return next(new HttpError(413, M.fileTooLarge));
      next(error);
    });
    return;
  }
  next(new HttpError(415, M.contentType));
};

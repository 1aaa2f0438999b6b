import fs from "node:fs/promises";
import os from "node:os";
import { Router, type RequestHandler } from "express";
import multer from "multer";
import type { Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import { ConflictError, HttpError, ValidationError } from "~/server/http/errors";
import { IMPORT_FORMATS, IMPORT_MESSAGES, IMPORT_UPLOAD_MAX_BYTES, type ImportFormat } from "~/shared/import";
import { ImportFileError } from "./import-errors";
import { createImageStore } from "./import-images";
import { checkExport, runImport } from "./importer";

/** Says one import runs already: each would read and write the same records. */
const BUSY_MESSAGE = "An import is running; wait for it to finish.";

/**
 * `POST /api/admin/import?dryRun=1` (docs/api.md "Import"): admins only, same origin. A multipart
 * body with `format` (wordpress or ghost) and the export as `file`, kept in a temporary file while
 * it is read and removed after. The answer is the report (src/shared/import.ts); a file that is not
 * the export named is a 400. One import at a time per instance.
 */
export function importRouter({ store, media, config }: AppContext, { allow, requireSameOrigin }: Guards): Router {
  const router = Router();
  let running = false;

  router.post("/admin/import", requireSameOrigin, allow("import.run"), oneExport, async (req, res) => {
    const file = req.file;
    try {
      const given = (req.body as Record<string, unknown> | undefined)?.format;
      const format = typeof given === "string" ? given : "";
      if (!IMPORT_FORMATS.includes(format as ImportFormat))
        throw new ValidationError(IMPORT_MESSAGES.formatRequired, { format: [IMPORT_MESSAGES.formatRequired] });
      if (!file) throw new ValidationError(IMPORT_MESSAGES.fileRequired, { file: [IMPORT_MESSAGES.fileRequired] });
      if (running) throw new ConflictError(BUSY_MESSAGE);
      running = true;
      try {
        const dryRun = req.query.dryRun === "1" || req.query.dryRun === "true";
        const label = file.originalname || "The file";
        await checkExport(format as ImportFormat, file.path, label).catch(asBadRequest);
        const images = dryRun
          ? undefined
          : createImageStore({ media, allowPrivate: config.importAllowPrivate, timeoutMs: config.importTimeoutMs });
        const report = await runImport({
          store,
          format: format as ImportFormat,
          file: file.path,
          label,
          dryRun,
          images,
        }).catch(asBadRequest);
        res.json(report);
      } finally {
        running = false;
      }
    } finally {
      if (file) await fs.rm(file.path, { force: true });
    }
  });

  return router;
}

function asBadRequest(error: unknown): never {
  if (error instanceof ImportFileError) throw new ValidationError(error.message, { file: [error.message] });
  throw error;
}

const parseOne = multer({
  storage: multer.diskStorage({ destination: os.tmpdir() }),
  limits: { fileSize: IMPORT_UPLOAD_MAX_BYTES, files: 1, fields: 5 },
}).single("file");

const oneExport: RequestHandler = (req, res, next) => {
  parseOne(req, res, (error: unknown) => {
    if (!error) return next();
    if (error instanceof multer.MulterError && error.code === "LIMIT_FILE_SIZE")
      return next(new HttpError(413, IMPORT_MESSAGES.tooLarge));
    next(new ValidationError(IMPORT_MESSAGES.fileRequired, { file: [IMPORT_MESSAGES.fileRequired] }));
  });
};

import { Router, type RequestHandler } from "express";
import multer from "multer";
import { MAX_UPLOAD_BYTES, MEDIA_MESSAGES, type UploadResult } from "~/shared/media";
import type { Guards } from "~/server/auth/guards";
import { HttpError, ValidationError } from "~/server/http/errors";
import type { MediaLibrary } from "~/server/media/media-library";
import type { MediaService } from "~/server/media/media-service";

/**
 * Image uploads for the editor and the cover field (any signed-in writer, same origin), and the
 * admin Media panel's list and delete (docs/architecture.md section 4).
 */
export function mediaApiRouter(
  { media, mediaAdmin }: { media: MediaLibrary; mediaAdmin: MediaService },
  { allow, requireSameOrigin }: Guards,
): Router {
  const router = Router();

  router.post("/cms/uploads", allow("media.upload"), requireSameOrigin, oneFile, async (req, res) => {
    if (!req.file) throw new ValidationError(MEDIA_MESSAGES.noFile, { file: [MEDIA_MESSAGES.noFile] });
    const { url, type, width, height, bytes } = await media.upload(req.file.buffer);
    const answer: UploadResult = { url, type, width, height, bytes };
    res.status(201).json(answer);
  });

  router.get("/cms/media", allow("media.manage"), async (_req, res) => {
    res.json({ media: await mediaAdmin.list() });
  });

  router.delete("/cms/media/:name", allow("media.manage"), requireSameOrigin, async (req, res) => {
    await mediaAdmin.remove(String(req.params.name));
    res.json({ success: true, message: MEDIA_MESSAGES.deleted });
  });

  return router;
}

/** One file in memory, at most MAX_UPLOAD_BYTES: a bigger one is a 413 with the reason, not a 500. */
const parseOne = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 },
}).single("file");

const oneFile: RequestHandler = (req, res, next) => {
  parseOne(req, res, (error: unknown) => {
    if (!error) return next();
    if (error instanceof multer.MulterError) {
      if (error.code === "LIMIT_FILE_SIZE") return next(new HttpError(413, MEDIA_MESSAGES.tooLarge));
      return next(new ValidationError(MEDIA_MESSAGES.noFile, { file: [MEDIA_MESSAGES.noFile] }));
    }
    // Not multipart at all, or a broken body.
    next(new ValidationError(MEDIA_MESSAGES.noFile, { file: [MEDIA_MESSAGES.noFile] }));
  });
};

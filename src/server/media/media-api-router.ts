import { Router, type Request, type RequestHandler, type Response } from "express";
import multer from "multer";
import { MAX_UPLOAD_BYTES, MEDIA_MESSAGES, type UploadResult } from "~/shared/media";
import type { Guards } from "~/server/auth/guards";
import { HttpError, ValidationError } from "~/server/http/errors";
import type { AppContext } from "~/server/context";
import { createUploadLimits } from "./upload-limits";

/**
 * Image uploads for the editor and the cover field (any signed-in writer, same origin), and the
 * admin Media panel's list and delete (docs/architecture.md section 4). Each user's uploads are
 * limited by number a minute (counted before the body is read) and by bytes a day, and refused
 * while the disk is near full (upload-limits.ts).
 */
export function mediaApiRouter(
  {
    media,
    mediaAdmin,
    sessions,
    config,
    store,
  }: Pick<AppContext, "media" | "mediaAdmin" | "sessions" | "config" | "store">,
  { allow, requireSameOrigin }: Guards,
): Router {
  const router = Router();
  const limits = createUploadLimits(config, store.rateCounters?.bind(store));
  const userId = async (req: Request, res: Response) => (await sessions.user(req, res))!.id; // `allow` checked it

  const countUpload: RequestHandler = async (req, res, next) => {
    await limits.countUpload(await userId(req, res));
    next();
  };

  router.post("/cms/uploads", allow("media.upload"), requireSameOrigin, countUpload, oneFile, async (req, res) => {
    if (!req.file) throw new ValidationError(MEDIA_MESSAGES.noFile, { file: [MEDIA_MESSAGES.noFile] });
    const refund = await limits.admit(await userId(req, res), req.file.size);
    const { url, type, width, height, bytes } = await media.upload(req.file.buffer).catch(async (error: unknown) => {
      await refund(); // nothing stored: the day's bytes are not spent
      throw error;
    });
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

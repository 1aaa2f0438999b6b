import { Router } from "express";
import type { MediaLibrary } from "./media-library";

/** Content-addressed, so a URL's bytes never change (docs/architecture.md section 6). */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * `GET /media/<name>`: an uploaded image or one of its resized copies. The URL is matched
 * against the one pattern of media names and looked up in the library, so no request path ever
 * becomes a file path: `..`, encoded slashes or other files in the folder simply are not found.
 * Express's sendFile (the `send` package) answers Range, If-Range, If-None-Match (304) and HEAD
 * against the strong ETag set here.
 */
export function mediaRouter(media: MediaLibrary): Router {
  const router = Router();
  router.get(/^\/media\/.*/, async (req, res, next) => {
    const found = await media.locate(req.path);
    if (!found) {
      res.status(404).type("text/plain").set("Cache-Control", "no-store").send("Not found");
      return;
    }
    res.set({
      "Content-Type": found.type,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": MEDIA_CACHE_CONTROL,
      ETag: found.etag,
      // An image opened on its own must never run as a page, whatever a browser guesses.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
    res.sendFile(found.file, { etag: false, lastModified: false, cacheControl: false, dotfiles: "deny" }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  });
  return router;
}

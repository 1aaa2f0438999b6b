/**
 * What a data folder holds besides db.json and its journal (docs/architecture.md section 4), named
 * here, below the features that write them, so the store can tell a site's folder from an empty
 * one (first-start.ts) without knowing those features.
 */
/** The uploaded images' originals (src/server/media/). */
export const MEDIA_FOLDER = "media";
/** Resized copies: always made again from the originals, so backups leave them out. */
export const MEDIA_CACHE_FOLDER = "media-cache";
/** The backups this site made (src/server/backups/). */
export const BACKUPS_FOLDER = "backups";
/** Signed-in sessions (src/server/auth/session-records.ts). */
export const SESSIONS_FILE = "sessions.json";
/** The generated session secret, when SESSION_SECRET is not set (src/server/auth/session-secret.ts). */
export const SESSION_SECRET_FILE = "session-secret";

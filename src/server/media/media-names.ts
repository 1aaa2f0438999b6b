/** Where a data folder keeps its images (docs/architecture.md section 4), and what their files are called. */
export const MEDIA_FOLDER = "media";
/** Resized copies: always made again from the originals, so backups leave them out. */
export const MEDIA_CACHE_FOLDER = "media-cache";
/** Drawn social cards, inside the media cache (social-cards.ts). */
export const SOCIAL_CARDS_FOLDER = "social-cards";

/** `<sha256 of the bytes>.<ext>`: the only names the library reads, serves or restores. */
export const MEDIA_NAME = /^([0-9a-f]{64})\.(png|gif|jpg|bmp|ico|webp)$/;

export const isMediaName = (name: string) => MEDIA_NAME.test(name);

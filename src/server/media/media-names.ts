/** Where a data folder keeps its images (store/folder-layout.ts), and what their files are called. */
export { MEDIA_CACHE_FOLDER, MEDIA_FOLDER } from "~/server/store/folder-layout";
/** Drawn social cards, inside the media cache (social-cards.ts). */
export const SOCIAL_CARDS_FOLDER = "social-cards";

/** `<sha256 of the bytes>.<ext>`: the only names the library reads, serves or restores. */
export const MEDIA_NAME = /^([0-9a-f]{64})\.(png|gif|jpg|bmp|ico|webp)$/;

export const isMediaName = (name: string) => MEDIA_NAME.test(name);

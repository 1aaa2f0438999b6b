/**
 * Uploaded images (docs/architecture.md section 4: `DATA_DIR/media`, content-addressed): the
 * accepted types, limits, URL shapes and the messages the editor, the API and the tests share.
 */

/** docs/product.md section 5 (png, gif, jpeg, bmp, x-icon) and webp. SVG never: it can carry script. */
export const MEDIA_TYPES = {
  png: "image/png",
  gif: "image/gif",
  jpg: "image/jpeg",
  bmp: "image/bmp",
  ico: "image/x-icon",
  webp: "image/webp",
} as const;
import { plural } from "./plural";

export type MediaExtension = keyof typeof MEDIA_TYPES;
export type MediaType = (typeof MEDIA_TYPES)[MediaExtension];

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Widths of the resized copies used through srcset; only those narrower than the original are made. */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;

/** An original: `/media/<sha256>.<ext>`; a resized copy: `/media/<sha256>-<width>w.<ext>`. */
export const MEDIA_URL = /^\/media\/([0-9a-f]{64})(?:-(\d{2,4})w)?\.(png|gif|jpg|bmp|ico|webp)$/;

/** The answer of POST /api/cms/uploads. */
export type UploadResult = { url: string; type: MediaType; width: number; height: number; bytes: number };

/** An image with what the browser needs to pick a size and keep the layout still. */
export type ResponsiveImage = { src: string; srcSet?: string; width?: number; height?: number };

/** One row of the admin Media panel. */
export type MediaItem = UploadResult & {
  name: string;
  createdAt: string;
  usedBy: { id: number; title: string }[];
  inBackups: number;
};

/** Images one user may upload a minute, and bytes a day (UPLOAD_RATE, UPLOAD_QUOTA_BYTES). */
export type UploadLimits = { perMinute: number; bytesPerDay: number };

/**
 * A writer pasting a page of screenshots stays well inside the rate; 256 MB a day is 25 of the
 * largest files an upload may be, where a flood of them filled 315 MB in two seconds.
 */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { perMinute: 10, bytesPerDay: 256 * 1024 * 1024 };

export const MEDIA_MESSAGES = {
  noFile: 'Send the image as multipart/form-data in a field named "file".',
  tooLarge: `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Make it smaller and try again.`,
  unsupported:
    "Only PNG, GIF, JPEG, BMP, ICO and WebP images can be uploaded (recognised by their content, not their name).",
  svgRefused: "SVG images cannot be uploaded: they can carry scripts. Export the image as PNG instead.",
  damaged: "The image is damaged or incomplete, so it was not stored.",
  tooManyPixels: (megapixels: number) =>
    `The image has more than ${megapixels} megapixels. Make it smaller (fewer pixels wide and high) and try again.`,
  polyglot: "The file holds more than an image (for instance HTML or script), so it was not stored.",
  notFound: "There is no such image.",
  inUse: (where: string) => `The image is still used by ${where}, so it was not deleted.`,
  /** A post in the Trash, or an earlier version a History restore could bring back, still shows it. */
  inTrash: (title: string) => `"${title}" in the Trash`,
  avatarOf: (username: string) => `the avatar of ${username}`,
  inHistory: (n: number) => `earlier versions of ${plural(n, "post")}`,
  deleted: "Image deleted.",
  /** Past a user's upload rate or daily quota (UPLOAD_RATE, UPLOAD_QUOTA_BYTES): 429 with Retry-After. */
  tooManyUploads: (perMinute: number) =>
    `You have uploaded ${perMinute} images in the last minute, the most one person may. Wait a minute, then try again.`,
  uploadQuota: (bytes: number) =>
    `You have uploaded ${bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`} of images today, the most one person may in a day. ` +
    "Reuse an image already in the library, or ask an admin.",
  /** The data folder's disk below the reserve health keeps (MIN_FREE_BYTES) once this image is stored: 507. */
  diskTooFull:
    "The server's disk is too full to take this image: nothing was saved. Free disk space on the server, then try again.",
  uploading: "Uploading image...",
  uploadFailed: "The image could not be uploaded",
} as const;

/** Social cards (OpenGraph `og:image`, Twitter `twitter:image`): 1200x630 PNGs the server makes. */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

export const socialCardPaths = {
  home: "/social/home.png",
  blog: "/social/blog.png",
  industries: "/social/industries.png",
  industry: (id: string) => `/social/industries/${id}.png`,
  /** The post's edit time in the name, so a crawler that kept the old card fetches the new one. */
  /** An author page's card, by user id (a username may hold letters a card's address does not). */
  author: (id: number) => `/social/authors/${id}.png`,
  post: (post: { id: number; updatedAt: string }) =>
    `/social/posts/${post.id}-${Date.parse(post.updatedAt).toString(36)}.png`,
  /** A page of blocks' card, by id, its edit time in the name as a post's. */
  page: (page: { id: number; updatedAt: string }) =>
    `/social/pages/${page.id}-${Date.parse(page.updatedAt).toString(36)}.png`,
} as const;

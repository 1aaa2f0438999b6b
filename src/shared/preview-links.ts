import { formatDateTime } from "./dates";

/**
 * Preview links (docs/decisions/181-shared-preview-links.md): a signed address that shows a post,
 * draft or not, to someone without an account, for a week, until the post's links are revoked.
 * Keyed by the post's id, so a link survives a change of slug.
 */
export const PREVIEW_LINK_DAYS = 7;
export const PREVIEW_LINK_MS = PREVIEW_LINK_DAYS * 24 * 60 * 60 * 1000;

/** The page's path prefix; the token follows it. */
export const PREVIEW_LINK_PREFIX = "/preview/";

export const previewLinkPath = (token: string) => `${PREVIEW_LINK_PREFIX}${token}`;

/** The API's path for a post's links (docs/api.md). */
export const previewLinksApiPath = (postId: number) => `/api/cms/posts/${postId}/preview-links`;

/** What `POST /api/cms/posts/{id}/preview-links` answers. */
export type PreviewLink = { url: string; expiresAt: string };

export const PREVIEW_LINK_MESSAGES = {
  heading: "Share preview link",
  intro: `A link that shows this post, as it is when opened, to anyone who has it, without an account, for ${PREVIEW_LINK_DAYS} days. Search engines are told not to index it.`,
  create: "Share preview link",
  linkLabel: "Preview link",
  copy: "Copy",
  copied: "Link copied",
  copyFailed: "Could not copy; select the link and copy it by hand.",
  expires: (at: string) => `Expires ${formatDateTime(at)}`,
  revoke: "Revoke links",
  revokeConfirm: "Every preview link of this post, shared or not, stops working. New ones can be made after.",
  revoked: "Preview links revoked",
  createFailed: "Could not create the preview link",
  revokeFailed: "Could not revoke the preview links",
  /** The bar over a shared preview. */
  bar: (expiresAt: string) => `Shared preview — not public. This link expires ${formatDateTime(expiresAt)}.`,
  /** An expired, revoked or altered link: nothing says what it was a link to. */
  notFoundTitle: "Preview link not available",
  notFoundText: "This preview link has expired, was revoked, or is not valid. Ask whoever sent it for a new one.",
} as const;

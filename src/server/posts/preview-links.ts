import { NOBODY, type ActivityLog, type Who } from "~/server/activity/activity-log";
import { NotFoundError } from "~/server/http/errors";
import type { Store } from "~/server/records/store";
import type { PublicPost } from "~/shared/blog";
import { PREVIEW_LINK_MS, previewLinkPath, type PreviewLink } from "~/shared/preview-links";
import type { BlogService } from "./blog";
import { assertMay } from "./post-access";
import { POST_ACTIVITY, postNotFoundMessage } from "./post-lifecycle";
import { assertPostId, parsePostId } from "./posts";
import { previewLinkKey, readPreviewToken, signPreviewToken } from "~/server/lifecycle/preview-token";
import { POST_SUBJECT } from "~/shared/revisions";

export type PreviewLinks = {
  /** A link to the post, valid for a week; 404 for a missing post, 403 for whoever may not edit it. */
  create(id: unknown, who?: Who): Promise<PreviewLink>;
  /** Ends every link of the post made so far; the same refusals as create. */
  revoke(id: unknown, who?: Who): Promise<{ revoked: true }>;
  /** The post a token shows and when the link expires; undefined for an expired, revoked or altered one. */
  open(token: string): Promise<{ post: PublicPost; expiresAt: string } | undefined>;
};

/**
 * Preview links to share a post with someone who has no account
 * (docs/decisions/181-shared-preview-links.md): signed, valid for PREVIEW_LINK_DAYS, revoked
 * together by raising the post's `previewGeneration`. `now` is the clock, for tests.
 */
export function createPreviewLinks(
  { store, blog, activity }: { store: Store; blog: BlogService; activity?: ActivityLog },
  {
    sessionSecret,
    publicUrl,
    now = () => Date.now(),
  }: { sessionSecret: string; publicUrl: string; now?: () => number },
): PreviewLinks {
  const key = previewLinkKey(sessionSecret);

  /** The post whoever asks may edit: a 404 first, so a refusal never says more than the id's absence. */
  const editable = async (rawId: unknown, who: Who) => {
    const id = typeof rawId === "number" ? rawId : parsePostId(rawId);
    assertPostId(id);
    const post = await store.getPostById(id);
    if (!post) throw new NotFoundError(postNotFoundMessage(id));
    assertMay(who, "posts.edit", post);
    return post;
  };

  return {
    async create(rawId, who = NOBODY) {
      const post = await editable(rawId, who);
      const expiresAt = new Date(now() + PREVIEW_LINK_MS).toISOString();
      const token = signPreviewToken(
        { subject: POST_SUBJECT, id: post.id, expiresAt, generation: post.previewGeneration ?? 0 },
        key,
      );
      await activity?.record("preview-link", who, POST_ACTIVITY.previewLink(post, expiresAt));
      return { url: `${publicUrl}${previewLinkPath(token)}`, expiresAt };
    },

    async revoke(rawId, who = NOBODY) {
      const post = await store.revokePreviewLinks((await editable(rawId, who)).id);
      await activity?.record("preview-revoke", who, POST_ACTIVITY.record(post));
      return { revoked: true };
    },

    async open(token) {
      const payload = readPreviewToken(token, key);
      if (!payload || payload.subject !== POST_SUBJECT || Date.parse(payload.expiresAt) <= now()) return undefined;
      const post = await store.getPostById(payload.id);
      if (!post || (post.previewGeneration ?? 0) !== payload.generation) return undefined;
      return { post: await blog.previewOf(post), expiresAt: payload.expiresAt };
    },
  };
}

import type { CmsPost } from "~/shared/blog";
import { POST_MESSAGES } from "~/shared/schemas";
import {
  REVISION_MESSAGES,
  type PostSnapshot,
  type RevisionDetail,
  type RevisionSummary,
  type TrashedPostSummary,
} from "~/shared/revisions";
import { ForbiddenError, NotFoundError, ValidationError } from "~/server/http/errors";
import { can, forbiddenMessage } from "~/shared/permissions";
import { revisionSummaryOf } from "~/server/lifecycle/history";
import type { Post, Revision, TrashedPost } from "~/server/store/types";
import { NOBODY, type ActivityLog, type Who } from "~/server/activity/activity-log";
import { POST_ACTIVITY, postNotFoundMessage } from "./post-lifecycle";
import { inputOf } from "./post-revisions";
import { POST_SUBJECT } from "~/shared/revisions";
import type { HistoryPolicy } from "~/server/lifecycle/trash";
import { cmsPostOf, contentReady, sanitizeAhead } from "./post-view";
import { withAuthorName } from "./post-authors";
import type { Store } from "~/server/records/store";

/** A post's History panel and the Trash view, behind /api/cms (history-router.ts). */
export type PostHistory = {
  /**
   * Newest first. Every read names who asks: a trashed post's history is the Trash's, so only a
   * role that may manage the Trash reads it (src/shared/permissions.ts).
   */
  list(postId: number, who: Who): Promise<RevisionSummary[]>;
  get(postId: number, revisionId: number, who: Who): Promise<RevisionDetail>;
  /** Saves the revision's fields as a new revision; answers the post as now saved. */
  restore(postId: number, revisionId: number, who?: Who): Promise<CmsPost>;
  /** The post's old slugs that lead to it (its redirects). */
  redirects(postId: number, who: Who): Promise<string[]>;
  trash(): Promise<TrashedPostSummary[]>;
  untrash(postId: number, who?: Who): Promise<CmsPost>;
  deleteForGood(postId: number, who?: Who): Promise<TrashedPostSummary>;
};

/** A route parameter as a positive id, or the 400 with `field`'s message. */
export function parseId(param: unknown, message: string, field = "id"): number {
  const id = typeof param === "string" && /^\d{1,15}$/.test(param) ? Number(param) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new ValidationError(message, { [field]: [message] });
  return id;
}

export const postIdOf = (param: unknown) => parseId(param, POST_MESSAGES.invalidId);
export const revisionIdOf = (param: unknown) => parseId(param, REVISION_MESSAGES.invalidRevision, "rev");

/** Restores and deletions for good are in the activity log (docs/decisions/102-activity-log.md). */
export function createPostHistory(store: Store, policy: HistoryPolicy, activity?: ActivityLog): PostHistory {
  const trashSummary = (p: TrashedPost): TrashedPostSummary => ({
    id: p.id,
    title: p.title,
    slug: p.slug,
    published: p.published,
    deletedAt: p.deletedAt,
    deletedBy: p.deletedBy ?? null,
    expiresAt: new Date(Date.parse(p.deletedAt) + policy.trashDays * 24 * 60 * 60 * 1000).toISOString(),
  });

  /** A post as the editor gets it, with who created it and who saved it last (post-authors.ts). */
  const named = async (post: Post) => withAuthorName(store, cmsPostOf(post, await contentReady(post)));

  /**
   * A trashed post's history stays readable, so the Trash view can show what it held, but only
   * under the Trash's own rule: whoever may not open the Trash may not read what it holds either,
   * one revision or the list.
   */
  async function assertKnown(postId: number, who: Who): Promise<void> {
    if (await store.getPostById(postId)) return;
    if ((await store.listTrash()).some((p) => p.id === postId)) {
      if (can(who.role, "trash.manage", {}, who.scopes)) return;
      throw new ForbiddenError(forbiddenMessage("trash.manage"));
    }
    throw new NotFoundError(postNotFoundMessage(postId));
  }

  async function find(postId: number, revisionId: number, who: Who): Promise<Revision> {
    await assertKnown(postId, who);
    const found = (await store.listRevisions(POST_SUBJECT, postId)).find((r) => r.id === revisionId);
    if (!found) throw new NotFoundError(REVISION_MESSAGES.notFound(revisionId));
    return found;
  }

  return {
    async list(postId, who) {
      await assertKnown(postId, who);
      return (await store.listRevisions(POST_SUBJECT, postId)).map(revisionSummaryOf);
    },
    async get(postId, revisionId, who) {
      const found = await find(postId, revisionId, who);
      return { ...revisionSummaryOf(found), snapshot: found.snapshot as PostSnapshot };
    },
    async restore(postId, revisionId, who = NOBODY) {
      const found = await find(postId, revisionId, who);
      const changes = inputOf(found.snapshot as PostSnapshot);
      // Sanitized before the write (long content in the worker), which reads the post's card.
      if (changes.content !== undefined) await sanitizeAhead([changes.content]);
      const save = { by: who.user, origin: "restore", restoredFrom: revisionId } as const;
      const post = await store.updatePost(postId, changes, save);
      await activity?.record("restore", who, POST_ACTIVITY.revisionRestored(post, revisionId));
      return named(post);
    },
    async redirects(postId, who) {
      await assertKnown(postId, who);
      return (await store.listPostRedirects()).filter((r) => r.to === postId).map((r) => r.from);
    },
    async trash() {
      return (await store.listTrash()).map(trashSummary).reverse();
    },
    async untrash(postId, who = NOBODY) {
      const post: Post = await store.restoreFromTrash(postId);
      await activity?.record("restore", who, POST_ACTIVITY.untrashed(post));
      return named(post);
    },
    async deleteForGood(postId, who = NOBODY) {
      const gone = await store.deleteForGood(postId);
      await activity?.record("delete", who, POST_ACTIVITY.deletedForGood(gone));
      return trashSummary(gone);
    },
  };
}

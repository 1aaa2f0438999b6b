import type { CmsPost } from "~/shared/blog";
import { POST_MESSAGES } from "~/shared/schemas";
import {
  REVISION_MESSAGES,
  type PostSnapshot,
  type RevisionDetail,
  type RevisionSummary,
  type TrashedPostSummary,
} from "~/shared/revisions";
import { NotFoundError, ValidationError } from "~/server/http/errors";
import type { Actor, Post, Revision, Store, TrashedPost } from "~/server/store/types";
import { postNotFoundMessage } from "./post-changes";
import { inputOf, POST_SUBJECT } from "./post-revisions";
import type { HistoryPolicy } from "./post-trash";
import { cmsPostOf } from "./post-view";

/** A post's History panel and the Trash view, behind /api/cms (history-router.ts). */
export type PostHistory = {
  /** Newest first. */
  list(postId: number): Promise<RevisionSummary[]>;
  get(postId: number, revisionId: number): Promise<RevisionDetail>;
  /** Saves the revision's fields as a new revision; answers the post as now saved. */
  restore(postId: number, revisionId: number, by?: Actor): Promise<CmsPost>;
  /** The post's old slugs that lead to it (its redirects). */
  redirects(postId: number): Promise<string[]>;
  trash(): Promise<TrashedPostSummary[]>;
  untrash(postId: number): Promise<CmsPost>;
  deleteForGood(postId: number): Promise<TrashedPostSummary>;
};

/** A route parameter as a positive id, or the 400 with `field`'s message. */
export function parseId(param: unknown, message: string, field = "id"): number {
  const id = typeof param === "string" && /^\d{1,15}$/.test(param) ? Number(param) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new ValidationError(message, { [field]: [message] });
  return id;
}

export const postIdOf = (param: unknown) => parseId(param, POST_MESSAGES.invalidId);
export const revisionIdOf = (param: unknown) => parseId(param, REVISION_MESSAGES.invalidRevision, "rev");

function summaryOf(r: Revision): RevisionSummary {
  return {
    id: r.id,
    createdAt: r.createdAt,
    savedAt: r.savedAt,
    by: r.by ?? null,
    changed: r.changed,
    ...(r.origin && { origin: r.origin }),
    ...(r.restoredFrom !== undefined && { restoredFrom: r.restoredFrom }),
  };
}

export function createPostHistory(store: Store, policy: HistoryPolicy): PostHistory {
  const trashSummary = (p: TrashedPost): TrashedPostSummary => ({
    id: p.id,
    title: p.title,
    slug: p.slug,
    published: p.published,
    deletedAt: p.deletedAt,
    deletedBy: p.deletedBy ?? null,
    expiresAt: new Date(Date.parse(p.deletedAt) + policy.trashDays * 24 * 60 * 60 * 1000).toISOString(),
  });

  /** A trashed post's history stays readable, so the Trash view can show what it held. */
  async function assertKnown(postId: number): Promise<void> {
    if (await store.getPostById(postId)) return;
    if ((await store.listTrash()).some((p) => p.id === postId)) return;
    throw new NotFoundError(postNotFoundMessage(postId));
  }

  async function find(postId: number, revisionId: number): Promise<Revision> {
    await assertKnown(postId);
    const found = (await store.listRevisions(POST_SUBJECT, postId)).find((r) => r.id === revisionId);
    if (!found) throw new NotFoundError(REVISION_MESSAGES.notFound(revisionId));
    return found;
  }

  return {
    async list(postId) {
      await assertKnown(postId);
      return (await store.listRevisions(POST_SUBJECT, postId)).map(summaryOf);
    },
    async get(postId, revisionId) {
      const found = await find(postId, revisionId);
      return { ...summaryOf(found), snapshot: found.snapshot as PostSnapshot };
    },
    async restore(postId, revisionId, by) {
      const found = await find(postId, revisionId);
      const changes = inputOf(found.snapshot as PostSnapshot);
      const post = await store.updatePost(postId, changes, { by, origin: "restore", restoredFrom: revisionId });
      return cmsPostOf(post);
    },
    async redirects(postId) {
      await assertKnown(postId);
      return (await store.listPostRedirects()).filter((r) => r.to === postId).map((r) => r.from);
    },
    async trash() {
      return (await store.listTrash()).map(trashSummary).reverse();
    },
    async untrash(postId) {
      const post: Post = await store.restoreFromTrash(postId);
      return cmsPostOf(post);
    },
    async deleteForGood(postId) {
      return trashSummary(await store.deleteForGood(postId));
    },
  };
}

import { NotFoundError } from "~/server/http/errors";
import {
  DEFAULT_REVISION_POLICY,
  dropRevisions,
  prunedRevisions,
  type RevisionPolicy,
} from "~/server/revisions/revision-changes";
import type { Change } from "~/server/store/change";
import type { DbFile } from "~/server/store/db-schema";
import type { Snapshot } from "~/server/store/db-snapshot";
import { redirectsAfter, redirectTarget } from "~/server/store/slug-redirects";
import type { Post, TrashedPost } from "~/server/store/types";
import { REVISION_MESSAGES } from "~/shared/revisions";
import { POST_SUBJECT } from "./post-revisions";

/** How long history is kept: revisions by the policy, trashed posts for `trashDays`. */
export type HistoryPolicy = { revisions: RevisionPolicy; trashDays: number };

export const DEFAULT_HISTORY_POLICY: HistoryPolicy = { revisions: DEFAULT_REVISION_POLICY, trashDays: 30 };

function trashed(snap: Snapshot, id: number): TrashedPost {
  const post = snap.data.trash?.find((p) => p.id === id);
  if (!post) throw new NotFoundError(REVISION_MESSAGES.notInTrash(id));
  return post;
}

/** Puts a trashed post back as it was deleted; its slug was kept for it, so it is free. */
export function restoreFromTrash(snap: Snapshot, id: number): Change<Post> {
  const { deletedAt: _at, deletedBy: _by, ...post } = trashed(snap, id);
  const next = {
    ...snap.data,
    posts: [post].concat(snap.data.posts),
    trash: snap.data.trash!.filter((p) => p.id !== id),
  };
  return { next, result: post, kinds: ["posts"] };
}

/** The data without these trashed posts, their revisions and the old slugs leading to them. */
function withoutForGood(data: DbFile, ids: ReadonlySet<number>): DbFile {
  if (ids.size === 0) return data;
  const next = dropRevisions({ ...data, trash: data.trash?.filter((p) => !ids.has(p.id)) }, POST_SUBJECT, ids);
  const postRedirects = redirectsAfter(
    data.postRedirects,
    [],
    () => false,
    (id) => ids.has(id),
  );
  return { ...next, postRedirects };
}

export function deleteForGood(snap: Snapshot, id: number): Change<TrashedPost> {
  const post = trashed(snap, id);
  // Nothing public changes: the post was already off every page.
  return { next: withoutForGood(snap.data, new Set([id])), result: post, kinds: [] };
}

/** Trashed posts past the trash period go for good, and revisions past the policy (at start, then periodically). */
export function sweepHistory(snap: Snapshot, policy: HistoryPolicy, now: string): Change<{ expired: number[] }> {
  const since = Date.parse(now) - policy.trashDays * 24 * 60 * 60 * 1000;
  const expired = (snap.data.trash ?? []).filter((p) => Date.parse(p.deletedAt) < since).map((p) => p.id);
  const data = withoutForGood(snap.data, new Set(expired));
  const list = data.revisions ?? [];
  const revisions = prunedRevisions(list, policy.revisions, now);
  if (data === snap.data && revisions === list) return { result: { expired }, kinds: [] };
  return { next: { ...data, revisions: revisions as DbFile["revisions"] }, result: { expired }, kinds: [] };
}

/**
 * The post an old slug leads to, when no post holds that slug: `shown` while it is published and
 * on the site, so the old address answers 301; otherwise the old address is a 404 that names the
 * post's slug too, so the page cache drops it when the post is shown again.
 */
export function resolvePostRedirect(snap: Snapshot, slug: string): { slug: string; shown: boolean } | undefined {
  if (snap.postsBySlug.has(slug)) return undefined;
  const to = redirectTarget(snap.data.postRedirects, slug);
  if (to === undefined) return undefined;
  const live = snap.postsById.get(to);
  const post = live ?? snap.data.trash?.find((p) => p.id === to);
  return post && { slug: post.slug, shown: live?.published === true };
}

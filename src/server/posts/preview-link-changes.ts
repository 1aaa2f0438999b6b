import { NotFoundError } from "~/server/http/errors";
import type { Change } from "~/server/store/change";
import type { Snapshot } from "~/server/store/db-snapshot";
import type { Post } from "~/server/store/types";
import { postNotFoundMessage } from "./post-changes";

/**
 * Ends every preview link of a post made so far (docs/decisions/181-shared-preview-links.md) by
 * raising its `previewGeneration`. Not a save of the post: its updatedAt, last writer and
 * revisions stay as they are.
 */
export function revokePreviewLinks(snap: Snapshot, id: number): Change<Post> {
  const old = snap.postsById.get(id);
  if (!old) throw new NotFoundError(postNotFoundMessage(id));
  const post: Post = { ...old, previewGeneration: (old.previewGeneration ?? 0) + 1 };
  const next = { ...snap.data, posts: snap.data.posts.map((p) => (p.id === id ? post : p)) };
  return { next, result: post, kinds: ["posts"] };
}

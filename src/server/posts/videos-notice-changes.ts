import { NotFoundError } from "~/server/http/errors";
import type { Change } from "~/server/store/change";
import type { Snapshot } from "~/server/store/db-snapshot";
import type { Post } from "~/server/store/types";
import { postNotFoundMessage } from "./post-changes";

/**
 * Notes that the editor's "Embedded videos found" notice was shown for a post, so it is not shown
 * again (docs/product.md section 8). Not a save of the post: its updatedAt, last writer and
 * revisions stay as they are, so nobody's open editor takes it for a colleague's save.
 */
export function noteVideosNotice(snap: Snapshot, id: number): Change<Post> {
  const old = snap.postsById.get(id);
  if (!old) throw new NotFoundError(postNotFoundMessage(id));
  const post: Post = { ...old, videosNoticed: true };
  const next = { ...snap.data, posts: snap.data.posts.map((p) => (p.id === id ? post : p)) };
  return { next, result: post, kinds: ["posts"] };
}

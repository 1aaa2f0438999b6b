import { activityWords } from "~/server/lifecycle/activity-words";
import type { Lifecycle } from "~/server/lifecycle/lifecycle";
import type { Post } from "~/server/store/types";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { POST_REVISION_FIELDS, REVISION_MESSAGES, POST_SUBJECT } from "~/shared/revisions";
import { snapshotOf } from "./post-revisions";

export const postNotFoundMessage = (id: number) => `Post ${id} not found.`;

/**
 * Posts in the publishing lifecycle (src/server/lifecycle/): db.json's `posts`, `trash` and
 * `postRedirects`, found by the snapshot's indexes, kept in the revisions as `post`.
 */
export const POSTS: Lifecycle<Post> = {
  subject: POST_SUBJECT,
  kind: "posts",
  items: { of: (data) => data.posts, with: (data, posts) => ({ ...data, posts }) },
  trash: { of: (data) => data.trash ?? [], with: (data, trash) => ({ ...data, trash }) },
  redirects: { of: (data) => data.postRedirects ?? [], with: (data, postRedirects) => ({ ...data, postRedirects }) },
  addressOf: (post) => post.slug,
  byId: (snap, id) => snap.postsById.get(id),
  byAddress: (snap, slug) => snap.postsBySlug.get(slug),
  snapshotOf,
  revisionFields: POST_REVISION_FIELDS,
  messages: { notFound: postNotFoundMessage, notInTrash: REVISION_MESSAGES.notInTrash },
  activityName: (post) => ACTIVITY_MESSAGES.post(post.id, post.title),
};

/** What the activity log says of posts (src/server/lifecycle/activity-words.ts). */
export const POST_ACTIVITY = activityWords(POSTS);

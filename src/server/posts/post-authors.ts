import type { CmsPost } from "~/shared/blog";
import type { PublicAuthor } from "~/shared/authors";
import { POST_MESSAGES } from "~/shared/schemas";
import { ValidationError } from "~/server/http/errors";
import type { Snapshot } from "~/server/store/db-snapshot";
import { publicAuthorOf } from "~/server/users/profiles";
import type { Post, User } from "~/server/store/types";
import type { Store } from "~/server/records/store";

/**
 * A post's authors' ids in byline order: those it names, or its creator on a post from before
 * authors were kept; none when neither is known (docs/decisions/130-bylines-and-author-pages.md).
 */
export function authorsOf(post: Pick<Post, "authors" | "createdBy">): number[] {
  return post.authors ?? (post.createdBy === undefined ? [] : [post.createdBy]);
}

/** The bylines of a post's known authors; a removed user is left out, never an error. */
export function bylineOf(post: Pick<Post, "authors" | "createdBy">, userById: (id: number) => User | undefined) {
  return authorsOf(post).flatMap((id): PublicAuthor[] => {
    const user = userById(id);
    return user ? [publicAuthorOf(user)] : [];
  });
}

/**
 * Checked inside the write, so a user removed meanwhile is caught: every id names a user, but
 * those in `kept` (the post's authors before this save) may name a removed one.
 */
export function assertAuthorsKnown(snap: Snapshot, ids: readonly number[] | undefined, kept: readonly number[] = []) {
  const unknown = ids?.find((id) => !snap.usersById.has(id) && !kept.includes(id));
  if (unknown === undefined) return;
  const message = POST_MESSAGES.unknownAuthor(unknown);
  throw new ValidationError(message, { authors: [message] });
}

/** Users by id, read once for every post an answer names (bylines, the CMS's author names). */
export async function userLookup(store: Store): Promise<(id: number) => User | undefined> {
  const users = new Map((await store.listUsers()).map((user) => [user.id, user]));
  return (id) => users.get(id);
}

/**
 * The names of who created a post and who saved it last, beside their ids: the admin list and
 * the editor show names, and writers may not list users. A post from before authors were kept,
 * or a removed user, gets no name, never an error.
 */
export async function withAuthorNames<T extends Pick<CmsPost, "createdBy" | "updatedBy" | "authors">>(
  store: Store,
  posts: T[],
): Promise<(T & Pick<CmsPost, "createdByName" | "updatedByName" | "authors" | "authorProfiles">)[]> {
  const userById = await userLookup(store);
  const nameOf = (id: number | undefined) => (id === undefined ? undefined : userById(id)?.username);
  return posts.map((post) => {
    const [createdByName, updatedByName] = [nameOf(post.createdBy), nameOf(post.updatedBy)];
    return {
      ...post,
      ...(createdByName && { createdByName }),
      ...(updatedByName && { updatedByName }),
      // Absent, as the names are, on a post whose author nobody knows.
      ...(authorsOf(post).length > 0 && {
        authors: authorsOf(post),
        authorProfiles: bylineOf(post, userById),
      }),
    };
  });
}

/** One post with its authors' names, as the editor gets it after a save or a restore. */
export async function withAuthorName<T extends Pick<CmsPost, "createdBy" | "updatedBy" | "authors">>(
  store: Store,
  post: T,
) {
  return (await withAuthorNames(store, [post]))[0]!;
}

import type { CmsPost } from "~/shared/blog";
import type { Store } from "~/server/store/types";

/**
 * The names of who created a post and who saved it last, beside their ids: the admin list and
 * the editor show names, and writers may not list users. A post from before authors were kept,
 * or a removed user, gets no name, never an error.
 */
export async function withAuthorNames<T extends Pick<CmsPost, "createdBy" | "updatedBy">>(
  store: Store,
  posts: T[],
): Promise<(T & Pick<CmsPost, "createdByName" | "updatedByName">)[]> {
  const names = new Map<number, string | undefined>();
  const nameOf = async (id: number | undefined) => {
    if (id === undefined) return undefined;
    if (!names.has(id)) names.set(id, (await store.getUserById(id))?.username);
    return names.get(id);
  };
  const named = [];
  for (const post of posts) {
    const [createdByName, updatedByName] = [await nameOf(post.createdBy), await nameOf(post.updatedBy)];
    named.push({ ...post, ...(createdByName && { createdByName }), ...(updatedByName && { updatedByName }) });
  }
  return named;
}

/** One post with its authors' names, as the editor gets it after a save or a restore. */
export async function withAuthorName<T extends Pick<CmsPost, "createdBy" | "updatedBy">>(store: Store, post: T) {
  return (await withAuthorNames(store, [post]))[0]!;
}

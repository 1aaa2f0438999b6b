import { POST_QUERY_MESSAGES, POSTS_PAGE_SIZE, postQuerySchema, type PostSearchPage } from "~/shared/post-query";
import { fieldErrors } from "~/shared/field-errors";
import { ValidationError } from "~/server/http/errors";
import { cmsListItemOf } from "./post-view";
import { withAuthorNames } from "./post-authors";
import { pageOrEmpty } from "~/server/http/paging";
import type { Store } from "~/server/records/store";

export type PostSearch = { search(query: unknown): Promise<PostSearchPage> };

export const createPostSearch = (store: Store): PostSearch => ({ search: (query) => searchPosts(store, query) });

const time = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? -Infinity : t;
};

/**
 * The Posts tab: title search, status and tag filters, created or updated order, 20 a page. The
 * filters read the stored posts and only the page's rows are built, without content: the editor
 * loads the one post it opens (PostService.get).
 */
export async function searchPosts(store: Store, raw: unknown): Promise<PostSearchPage> {
  const parsed = postQuerySchema.safeParse(raw);
  if (!parsed.success) throw new ValidationError(POST_QUERY_MESSAGES.invalid, fieldErrors(parsed.error));
  const { q, status, tag, sort, page } = parsed.data;
  const all = await store.listPosts(); // newest created first
  const counts = { all: all.length, published: all.filter((p) => p.published).length, drafts: 0 };
  counts.drafts = counts.all - counts.published;
  const needle = q.toLowerCase();
  const shown = all.filter(
    (p) =>
      (status === "all" || p.published === (status === "published")) &&
      (!tag || p.tags.some((t) => t.slug === tag)) &&
      (!needle || p.title.toLowerCase().includes(needle)),
  );
  if (sort === "updated") shown.sort((a, b) => time(b.updatedAt) - time(a.updatedAt) || b.id - a.id);
  const { items, ...position } = pageOrEmpty(shown, page, POSTS_PAGE_SIZE);
  return { posts: await withAuthorNames(store, items.map(cmsListItemOf)), ...position, counts };
}

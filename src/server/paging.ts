/** One page of a list, pages counted from 1 (the blog's `?page=N` and the public API's `?page=&pageSize=`). */
export type Page<T> = { items: T[]; page: number; pageCount: number; total: number };

/**
 * The `page`th page of `pageSize` items. An empty list still has its one, empty, page; a page
 * that is not a whole number from 1 to the last is `undefined`, for the caller to answer 404 or [].
 */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): Page<T> | undefined {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  if (!Number.isInteger(page) || page < 1 || page > pageCount) return undefined;
  return { items: items.slice((page - 1) * pageSize, page * pageSize), page, pageCount, total: items.length };
}

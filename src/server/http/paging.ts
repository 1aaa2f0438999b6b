/** One page of a list, pages counted from 1 (the blog's `?page=N`, the API's and the admin tabs' `page`). */
export type Page<T> = { items: T[]; page: number; pageCount: number; total: number };

const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * The `page`th page of `pageSize` items. An empty list still has its one, empty, page; a page
 * that is not a whole number from 1 to the last is `undefined`, for the caller to answer 404 or [].
 */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): Page<T> | undefined {
  const pageCount = pageCountOf(items.length, pageSize);
  if (!Number.isInteger(page) || page < 1 || page > pageCount) return undefined;
  return { items: items.slice((page - 1) * pageSize, page * pageSize), page, pageCount, total: items.length };
}

/** As pageOf, for a `page` already checked to be a whole number from 1: past the last page it is empty. */
export function pageOrEmpty<T>(items: readonly T[], page: number, pageSize: number): Page<T> {
  return (
    pageOf(items, page, pageSize) ?? {
      items: [],
      page,
      pageCount: pageCountOf(items.length, pageSize),
      total: items.length,
    }
  );
}

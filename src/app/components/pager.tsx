import { Link } from "react-router";
import { buttonClasses } from "~/app/components/ui/button";

/** What a pager's links say: the blog's lists go to newer and older posts, search results back and on. */
export type PagerWords = { label: string; previous: string; next: string };

export const BLOG_PAGER: PagerWords = { label: "Pages", previous: "← Newer posts", next: "Older posts →" };

/** The links around "Page N of M" for a list shown a page at a time; nothing on one page. */
export function Pager({
  page,
  pageCount,
  hrefOf,
  words = BLOG_PAGER,
}: {
  page: number;
  pageCount: number;
  /** The address of another page of the same list. */
  hrefOf: (page: number) => string;
  words?: PagerWords;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={words.label} className="mt-10 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} className={buttonClasses({ variant: "outline" })}>
          {words.previous}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={hrefOf(page + 1)} className={buttonClasses({ variant: "outline" })}>
          {words.next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

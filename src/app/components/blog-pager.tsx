import { Link } from "react-router";
import { buttonClasses } from "~/app/components/ui/button";

/** Newer and older posts around "Page N of M", for /blog and the author pages; nothing on one page. */
export function BlogPager({
  page,
  pageCount,
  hrefOf,
}: {
  page: number;
  pageCount: number;
  /** The address of another page of the same list. */
  hrefOf: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-10 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} className={buttonClasses({ variant: "outline" })}>
          ← Newer posts
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={hrefOf(page + 1)} className={buttonClasses({ variant: "outline" })}>
          Older posts →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

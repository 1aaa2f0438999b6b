import { Link } from "react-router";
import { pageMeta } from "~/app/lib/meta";
import { buttonClasses } from "./ui/button";
import { CenteredCard } from "./ui/card";

/** docs/product.md section 2: the fallback for any unmatched path (and unknown industries). */
export const NOT_FOUND = {
  title: "404 Page Not Found",
  hint: "Did you forget to add the page to the router?",
} as const;

/** The not-found answer's title and description: the not-found route's, and a page route's for a path no page holds. */
export const notFoundMeta = () => pageMeta(NOT_FOUND.title, NOT_FOUND.hint);

export function NotFoundCard() {
  return (
    <CenteredCard>
      <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-7 w-7 text-red-600"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="10" />
          <path d="M12 7v6M12 16.5v.5" />
        </svg>
        {NOT_FOUND.title}
      </h1>
      <p className="mt-4 text-sm text-slate-600">{NOT_FOUND.hint}</p>
      <Link to="/" className={buttonClasses({ variant: "outline" }, "mt-6")}>
        Back to Home
      </Link>
    </CenteredCard>
  );
}

import { Link } from "react-router";
import { buttonClasses } from "~/app/components/ui/button";
import { formatDateTime } from "~/shared/dates";
import { REVIEW_MESSAGES, type ReviewItem } from "~/shared/review";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { editorPath } from "./posts-list";

/** The Review screen: posts awaiting review, the longest waiting first, each a link to its editor. */
export function ReviewPanel({ items, failed }: { items: ReviewItem[] | undefined; failed: boolean }) {
  const M = REVIEW_MESSAGES;
  return (
    <section aria-labelledby="review-heading" className="space-y-4">
      <div>
        <h2 id="review-heading" className="text-xl font-semibold text-slate-900">
          {M.heading}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{M.intro}</p>
      </div>
      {failed ? (
        <p className="text-slate-600">{M.loadFailed}</p>
      ) : items?.length === 0 ? (
        <p className="text-slate-600">{M.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label={M.heading}>
          {items?.map((item) => (
            <li key={item.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold wrap-anywhere text-slate-900">{item.title}</p>
                <p className="mt-0.5 text-xs text-slate-600">
                  {M.submittedBy(item.submittedByName ?? ACTIVITY_MESSAGES.nobody, formatDateTime(item.submittedAt))}
                </p>
              </div>
              <Link
                to={editorPath(item)}
                aria-label={`${M.open} ${item.title}`}
                className={buttonClasses({ variant: "outline", size: "sm" }, "self-start sm:self-auto")}
              >
                {M.open}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

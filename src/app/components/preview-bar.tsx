import { Link } from "react-router";
import { PREVIEW_MESSAGES } from "~/shared/preview";
import { PREVIEW_LINK_MESSAGES } from "~/shared/preview-links";

/**
 * The bar over a previewed post (docs/decisions/020-draft-preview.md), or over any page showing
 * the site content's draft (`site`), so nobody mistakes a draft for the public page. Sticky, so a
 * screenshot of any part of a long post still says so. Over a shared preview link (`sharedUntil`,
 * docs/decisions/181-shared-preview-links.md) it says when the link expires, and leads nowhere in the admin.
 */
export function PreviewBar({
  published = false,
  site = false,
  sharedUntil,
}: {
  published?: boolean;
  site?: boolean;
  sharedUntil?: string;
}) {
  return (
    <div
      role="status"
      className={
        "sticky top-16 z-30 border-y px-4 py-2 text-sm font-semibold " +
        (published ? "border-sky-300 bg-sky-50 text-sky-900" : "border-amber-300 bg-amber-100 text-amber-950")
      }
    >
      <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <span>
          {sharedUntil
            ? PREVIEW_LINK_MESSAGES.bar(sharedUntil)
            : site
              ? PREVIEW_MESSAGES.siteDraftBar
              : published
                ? PREVIEW_MESSAGES.publishedBar
                : PREVIEW_MESSAGES.draftBar}
        </span>
        {!sharedUntil && (
          <Link to="/admin" className="underline underline-offset-2">
            {PREVIEW_MESSAGES.backToAdmin}
          </Link>
        )}
      </div>
    </div>
  );
}

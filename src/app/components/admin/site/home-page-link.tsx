import { Link } from "react-router";
import { buttonClasses } from "~/app/components/ui/button";
import { HOME_PAGE_PATH } from "~/shared/pages";
import { SITE_TAB_MESSAGES as M } from "./site-messages";
import { usePublishedPages } from "./page-choice";

/**
 * The Site tab's Home part: the home page is a page of blocks
 * (docs/decisions/280-the-home-page-is-a-page-of-blocks.md), edited, previewed and published in
 * the block editor like any page, so this part only leads there.
 */
export function HomePageLink() {
  const { pages, failed } = usePublishedPages();
  const home = pages?.find((page) => page.path === HOME_PAGE_PATH);
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="text-lg font-semibold text-slate-900">{M.homeHeading}</h3>
      <p className="text-sm text-slate-600">{M.homeIntro}</p>
      {home ? (
        <Link to={`/admin/pages/${home.id}`} className={buttonClasses({})}>
          {M.editHome}
        </Link>
      ) : (
        <p className="text-sm text-slate-600">{failed ? M.pagesFailed : M.pagesLoading}</p>
      )}
    </div>
  );
}

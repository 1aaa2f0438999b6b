import { useEffect, useState } from "react";
import { api } from "~/app/lib/api";
import { Field, inputClasses } from "~/app/components/ui/field";
import type { CmsPage } from "~/shared/pages";
import { PRIVACY_MESSAGES } from "~/shared/page-links";
import { SITE_LIMITS } from "~/shared/site-content";
import { SITE_TAB_MESSAGES as M } from "./site-messages";
import { useSiteField } from "./site-editor-context";
import { SiteTextField } from "./site-fields";
import { pathKey, type Path } from "./site-paths";

/** A published page as the Site tab offers it: shown by title, kept by id (docs/cms-guide.md "Pages"). */
export type PageOption = Pick<CmsPage, "id" | "title" | "path">;

/** The published pages, by title; null while they load, and empty when they could not be read. */
export function usePublishedPages(): { pages: PageOption[] | null; failed: boolean } {
  const [state, setState] = useState<{ pages: PageOption[] | null; failed: boolean }>({ pages: null, failed: false });
  useEffect(() => {
    let live = true;
    api
      .get<CmsPage[]>("/api/cms/pages")
      .then((list) => {
        const pages = list
          .filter((page) => page.published)
          .map(({ id, title, path }) => ({ id, title, path }))
          .sort((a, b) => a.title.localeCompare(b.title));
        if (live) setState({ pages, failed: false });
      })
      .catch(() => {
        if (live) setState({ pages: [], failed: true });
      });
    return () => {
      live = false;
    };
  }, []);
  return state;
}

const idOf = (path: Path) => `site-${pathKey(path).replaceAll(".", "-")}`;

/** The published pages as options; a chosen page not among them (a draft, or still loading) keeps its own. */
function PageOptions({ pages, chosen }: { pages: PageOption[] | null; chosen: number | undefined }) {
  const listed = chosen === undefined || pages?.some((page) => page.id === chosen);
  return (
    <>
      {!listed && <option value={chosen}>{pages ? M.pageNotPublished(chosen) : M.pagesLoading}</option>}
      {pages && pages.length > 0 && (
        <optgroup label={M.publishedPages}>
          {pages.map((page) => (
            <option key={page.id} value={page.id}>
              {page.title}
            </option>
          ))}
        </optgroup>
      )}
    </>
  );
}

type NamedLink = { label: string; href: string; page?: number };

/**
 * Where a header or footer link leads: an address typed in, or a published page chosen by title.
 * A page is kept by its id, with its path as the address used while it is not published, so the
 * link follows the page when its path changes (src/shared/page-links.ts).
 */
export function LinkTarget({ path, pages }: { path: Path; pages: PageOption[] | null }) {
  const { value: link, set } = useSiteField<NamedLink>(path);
  const { error } = useSiteField<number | undefined>([...path, "page"]);
  const choose = (value: string) => {
    if (value === "") {
      const { page: _page, ...address } = link;
      set(address);
      return;
    }
    const page = pages?.find((p) => p.id === Number(value));
    if (page) set({ ...link, page: page.id, href: page.path });
  };
  const shownPath = pages?.find((p) => p.id === link.page)?.path ?? link.href;
  return (
    <div className="space-y-2">
      <Field id={idOf([...path, "page"])} label={M.leadsTo} error={error}>
        {(a) => (
          <select {...a} value={link.page ?? ""} onChange={(e) => choose(e.target.value)} className={inputClasses}>
            <option value="">{M.anAddress}</option>
            <PageOptions pages={pages} chosen={link.page} />
          </select>
        )}
      </Field>
      {link.page === undefined ? (
        <SiteTextField path={[...path, "href"]} label={M.address} max={SITE_LIMITS.url} />
      ) : (
        <p className="text-xs text-slate-600">{M.pageAt(shownPath)}</p>
      )}
    </div>
  );
}

/** The privacy policy page: while it is published, every contact form links it in its consent line. */
export function PrivacyPolicyPicker({ pages, failed }: { pages: PageOption[] | null; failed: boolean }) {
  const path = ["links", "privacyPolicyPage"] as const;
  const { value, set, error } = useSiteField<number | undefined>(path);
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">{M.privacyHint(`${PRIVACY_MESSAGES.consent} ${PRIVACY_MESSAGES.link}`)}</p>
      <Field id={idOf(path)} label={M.privacyPage} error={error}>
        {(a) => (
          <select
            {...a}
            value={value ?? ""}
            onChange={(e) => set(e.target.value === "" ? undefined : Number(e.target.value))}
            className={inputClasses}
          >
            <option value="">{M.noPrivacyPage}</option>
            <PageOptions pages={pages} chosen={value} />
          </select>
        )}
      </Field>
      {failed && <p className="text-sm text-red-700">{M.pagesFailed}</p>}
      {pages?.length === 0 && !failed && <p className="text-sm text-slate-600">{M.noPublishedPages}</p>}
    </div>
  );
}

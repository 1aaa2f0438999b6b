import { useRouteLoaderData } from "react-router";
import { linksWithPagePaths } from "~/shared/page-links";
import type { SiteContent, SiteLinks } from "~/shared/site-content";

/**
 * What every page with the site's header and footer shows of the site's content (the site
 * layout's loader data): the links, and the shown industries' ids and titles for the menus, the
 * footer and the contact form. Only these few strings reach the browser, never the whole content.
 */
export type SiteChrome = {
  links: SiteLinks;
  industries: { id: string; title: string }[];
  /** An editor's preview of the draft (src/server/site/site-service.ts). */
  preview: boolean;
  /** The privacy policy page's path, while one is chosen and published: the contact form links it. */
  privacyPolicy?: string;
};

export const SITE_LAYOUT_ID = "routes/site-layout";

/** `pagePaths`: the published pages' paths by id, which the links to pages follow (page-links.ts). */
export function chromeOf(
  content: SiteContent,
  preview: boolean,
  pagePaths: ReadonlyMap<number, string> = new Map(),
): SiteChrome {
  const industries = content.industries.filter((i) => i.shown).map(({ id, title }) => ({ id, title }));
  return { ...linksWithPagePaths(content.links, pagePaths), industries, preview };
}

const EMPTY: SiteChrome = {
  links: {
    header: [],
    footer: { industriesTitle: "", companyTitle: "", companyLinks: [], communityTitle: "" },
    sisterProduct: { name: "", url: "" },
    community: [],
    copyrightHolder: "",
  },
  industries: [],
  preview: false,
};

/** The chrome of the page being shown; empty when the layout's loader failed (its error boundary). */
export function useSiteChrome(): SiteChrome {
  return useRouteLoaderData<{ chrome?: SiteChrome }>(SITE_LAYOUT_ID)?.chrome ?? EMPTY;
}

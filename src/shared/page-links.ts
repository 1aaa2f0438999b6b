import type { SiteLinks } from "./site-content";

/**
 * The contact form's line when a privacy policy page is chosen: "By sending this form you agree
 * to our privacy policy", the last two words its link. Here, not in pages.ts, so the form (on
 * every public page) loads no schema code (docs/decisions/002-small-public-javascript.md).
 */
export const PRIVACY_MESSAGES = { consent: "By sending this form you agree to our", link: "privacy policy" } as const;

/**
 * The site's links with each link to a page of blocks pointing at the page's path now
 * (docs/cms-guide.md "Pages"): a link names its page by id, so a change of the page's path moves
 * the menus with it; a page not published keeps the address saved with the link. The privacy
 * policy page's path, while it is published, is `privacyPolicy`.
 */
export function linksWithPagePaths(
  links: SiteLinks,
  paths: ReadonlyMap<number, string>,
): { links: SiteLinks; privacyPolicy?: string } {
  const follow = <L extends { href: string; page?: number }>(link: L): L => {
    const path = link.page === undefined ? undefined : paths.get(link.page);
    return path === undefined ? link : { ...link, href: path };
  };
  const privacyPolicy = links.privacyPolicyPage === undefined ? undefined : paths.get(links.privacyPolicyPage);
  return {
    links: {
      ...links,
      header: links.header.map(follow),
      footer: { ...links.footer, companyLinks: links.footer.companyLinks.map(follow) },
    },
    ...(privacyPolicy !== undefined && { privacyPolicy }),
  };
}

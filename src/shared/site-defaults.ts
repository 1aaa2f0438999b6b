import { HOME } from "./home-copy";
import { INDUSTRIES } from "./industries";
import type { SiteContent, SiteLinks } from "./site-content";
import { SITE } from "./site";

/**
 * The site's content on a fresh data folder, and wherever nothing has been published yet: the
 * texts the site was built with (docs/product.md sections 2 and 9), so a site looks the same until
 * its team edits it. Server-side only in practice: pages get the content from their loaders, so
 * no page's JavaScript carries these texts (docs/decisions/002-small-public-javascript.md).
 */
const LINKS: SiteLinks = {
  header: [
    { label: "About", href: "/#about" },
    { label: "Technology", href: "/#core-tech" },
    { label: "Industries", href: "/industries" },
    { label: "Blog", href: "/blog" },
    { label: "Contact", href: "/#contact" },
  ],
  footer: {
    industriesTitle: "Industries",
    companyTitle: "Company",
    companyLinks: [
      { label: "About", href: "/#about" },
      { label: "Technology", href: "/#core-tech" },
      { label: "Contact", href: "/#contact" },
    ],
    communityTitle: "Community",
  },
  sisterProduct: { name: SITE.sisterSite.name, url: SITE.sisterSite.url },
  community: SITE.community.map(({ name, url }) => ({ name, url })),
  copyrightHolder: SITE.name,
  postCallToAction: {
    text: "Have queues like these? Tell us where people wait, and we will show you what QueueWise can do about it.",
    button: "Contact us",
  },
};

export const DEFAULT_SITE_CONTENT: SiteContent = {
  home: HOME,
  industries: [...INDUSTRIES],
  links: LINKS,
};

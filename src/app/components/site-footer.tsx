import { Link } from "react-router";
import { useSiteChrome } from "~/app/lib/site-chrome";
import { SITE, copyrightLine } from "~/shared/site";
import { ExternalLink } from "./external-link";
import { Logo } from "./logo";
import { industryPath } from "./nav-links";
import { SiteLink } from "./site-link";

/** The footer's id, which the document head's first-paint hint names (src/app/root.tsx). */
export const SITE_FOOTER_ID = "site-footer";

/** docs/product.md section 9: the footer lists the first five industries. */
const FOOTER_INDUSTRIES = 5;
const linkClass = "text-slate-300 hover:text-white";

/** The columns' titles and links are the site's content (docs/product.md section 10). */
export function SiteFooter() {
  const { links, industries } = useSiteChrome();
  const { footer, sisterProduct, community, copyrightHolder } = links;
  return (
    <footer id={SITE_FOOTER_ID} className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <Logo className="[&_span]:text-white" />
          <p className="text-sm">{SITE.tagline}</p>
        </div>
        <FooterColumn title={footer.industriesTitle}>
          {industries.slice(0, FOOTER_INDUSTRIES).map((industry) => (
            <li key={industry.id}>
              <Link to={industryPath(industry.id)} className={linkClass}>
                {industry.title}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title={footer.companyTitle}>
          {footer.companyLinks.map((l) => (
            <li key={l.href + l.label}>
              <SiteLink href={l.href} className={linkClass}>
                {l.label}
              </SiteLink>
            </li>
          ))}
          {sisterProduct.url && (
            <li>
              <ExternalLink href={sisterProduct.url} className={linkClass}>
                {sisterProduct.name}
              </ExternalLink>
            </li>
          )}
        </FooterColumn>
        <FooterColumn title={footer.communityTitle}>
          {community.map((c) => (
            <li key={c.name + c.url}>
              <ExternalLink href={c.url} className={linkClass}>
                {c.name}
              </ExternalLink>
            </li>
          ))}
        </FooterColumn>
      </div>
      {/* The server's year stands if the browser's clock has already crossed into the next one. */}
      <div className="border-t border-slate-800 py-6 text-center text-sm text-slate-400" suppressHydrationWarning>
        {copyrightLine(copyrightHolder)}
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="space-y-2 text-sm">{children}</ul>
    </div>
  );
}

import { Link } from "react-router";
import { INDUSTRIES } from "~/shared/industries";
import { SITE, copyrightLine } from "~/shared/site";
import { ExternalLink } from "./external-link";
import { Logo } from "./logo";
import { SECTION_LINKS, industryPath } from "./nav-links";

/** docs/product.md section 9: the footer lists the first five industries. */
const FOOTER_INDUSTRIES = INDUSTRIES.slice(0, 5);
const linkClass = "text-slate-300 hover:text-white";

export function SiteFooter() {
  return (
    <footer id="site-footer" className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <Logo className="[&_span]:text-white" />
          <p className="text-sm">{SITE.tagline}</p>
        </div>
        <FooterColumn title="Industries">
          {FOOTER_INDUSTRIES.map((industry) => (
            <li key={industry.id}>
              <Link to={industryPath(industry.id)} className={linkClass}>
                {industry.title}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="Company">
          {[SECTION_LINKS.about, SECTION_LINKS.technology, SECTION_LINKS.contact].map((l) => (
            <li key={l.to}>
              <Link to={l.to} className={linkClass}>
                {l.label}
              </Link>
            </li>
          ))}
          <li>
            <ExternalLink href={SITE.sisterSite.url} className={linkClass}>
              {SITE.sisterSite.name}
            </ExternalLink>
          </li>
        </FooterColumn>
        <FooterColumn title="Community">
          {SITE.community.map((c) => (
            <li key={c.name}>
              <ExternalLink href={c.url} className={linkClass}>
                {c.name}
              </ExternalLink>
            </li>
          ))}
        </FooterColumn>
      </div>
      {/* The server's year stands if the browser's clock has already crossed into the next one. */}
      <div className="border-t border-slate-800 py-6 text-center text-sm text-slate-400" suppressHydrationWarning>
        {copyrightLine()}
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

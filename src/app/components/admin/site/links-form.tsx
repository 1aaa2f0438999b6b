import { SITE_LIMITS as L } from "~/shared/site-content";
import { Card } from "~/app/components/ui/card";
import { LinkTarget, PrivacyPolicyPicker, usePublishedPages } from "./page-choice";
import { SiteLinkList, SiteTextField } from "./site-fields";
import { SITE_TAB_MESSAGES as M } from "./site-messages";

/**
 * The header's links in order, the footer's columns, the sister product, the community links, the
 * copyright holder and the privacy policy page. A header or company link leads to an address or
 * to a published page, chosen by title.
 */
export function LinksForm() {
  const { pages, failed } = usePublishedPages();
  const target = (path: readonly (string | number)[]) => <LinkTarget path={path} pages={pages} />;
  return (
    <div className="space-y-6">
      <Card className="space-y-4">
        <h3 className="text-lg font-semibold text-slate-900">Header</h3>
        <p className="text-sm text-slate-600">The link to /industries opens the industries menu.</p>
        <SiteLinkList
          path={["links", "header"]}
          label="Header links"
          nameKey="label"
          hrefKey="href"
          nameMax={L.label}
          maxItems={L.listItems}
          target={target}
        />
      </Card>
      <Card className="space-y-4">
        <h3 className="text-lg font-semibold text-slate-900">Footer</h3>
        <div className="grid gap-4 sm:grid-cols-3">
          <SiteTextField path={["links", "footer", "industriesTitle"]} label="Industries column" max={L.label} />
          <SiteTextField path={["links", "footer", "companyTitle"]} label="Company column" max={L.label} />
          <SiteTextField path={["links", "footer", "communityTitle"]} label="Community column" max={L.label} />
        </div>
        <SiteLinkList
          path={["links", "footer", "companyLinks"]}
          label="Company links"
          nameKey="label"
          hrefKey="href"
          nameMax={L.label}
          maxItems={L.listItems}
          target={target}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SiteTextField path={["links", "sisterProduct", "name"]} label="Sister product" max={L.label} />
          <SiteTextField path={["links", "sisterProduct", "url"]} label="Sister product address" max={L.url} />
        </div>
        <SiteLinkList
          path={["links", "community"]}
          label="Community links"
          nameKey="name"
          hrefKey="url"
          nameMax={L.label}
          maxItems={L.listItems}
        />
        <SiteTextField path={["links", "copyrightHolder"]} label="Copyright holder" max={L.title} />
      </Card>
      <Card className="space-y-4">
        <h3 className="text-lg font-semibold text-slate-900">{M.privacyTitle}</h3>
        <PrivacyPolicyPicker pages={pages} failed={failed} />
      </Card>
      <Card className="space-y-4">
        <h3 className="text-lg font-semibold text-slate-900">End of every post</h3>
        <p className="text-sm text-slate-600">A line and a button leading to the home page's contact form.</p>
        <SiteTextField path={["links", "postCallToAction", "text"]} label="Call to action" max={L.text} multiline />
        <SiteTextField path={["links", "postCallToAction", "button"]} label="Button" max={L.label} />
      </Card>
    </div>
  );
}

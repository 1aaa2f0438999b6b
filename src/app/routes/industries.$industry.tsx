import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/industries.$industry";
import { CheckList } from "~/app/components/check-list";
import { ContactSection } from "~/app/components/contact-section";
import { Icon, IconTile } from "~/app/components/icon";
import { IndustryHeroArt } from "~/app/components/industry-hero-art";
import { industryPath } from "~/app/components/nav-links";
import { ScrollLink } from "~/app/components/scroll-link";
import { buttonClasses } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { contactAction } from "~/app/lib/contact-action.server";
import { pageMeta } from "~/app/lib/meta";
import { SITE_PREVIEW_HEADERS, siteContentFor } from "~/app/lib/site-content.server";
import { socialMeta } from "~/app/lib/social-meta";
import { socialCardPaths } from "~/shared/media";
import { CACHEABLE_PAGE, showsIndustry } from "~/shared/page-cache";

export const INDUSTRY_PAGE = {
  backToHome: "Back to Home",
  keyFeatures: "Key Features",
  contactUs: "Contact Us",
  contactIntro: "Tell us how your queues work today and we will show you how QueueWise can help.",
} as const;

// Kept by the page cache until a publish changes this industry (src/shared/page-cache.ts).
export const handle = CACHEABLE_PAGE;

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [...pageMeta(data.industry.title, data.industry.description), ...data.social] : [];

/**
 * A shown industry of the published content (docs/product.md section 10), or of an editor's draft.
 * An id the industry had before answers 301 to its new address, one taken off the site 410 Gone,
 * an unknown one the 404 card (docs/decisions/112-industry-addresses-kept.md).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { content, preview, headers } = await siteContentFor(request, context, [showsIndustry(params.industry)]);
  const answer = context.site.industryAt(params.industry, content, await context.site.formerIds());
  if (!answer) throw data(null, { status: 404, headers });
  const noStore = preview ? SITE_PREVIEW_HEADERS : {};
  if ("movedTo" in answer)
    return redirect(industryPath(answer.movedTo) + (preview ? "?preview" : ""), { status: 301, headers: noStore });
  if ("gone" in answer) throw data(null, { status: 410, headers: noStore });
  const { industry } = answer;
  // The social tags are made here, on the server, so their code stays out of the page's JavaScript.
  const social = socialMeta({
    publicUrl: context.config.publicUrl,
    title: industry.title,
    description: industry.description,
    url: industryPath(industry.id),
    image: socialCardPaths.industry(industry.id),
  });
  // Even positions and odd ones mirror the hero's picture, so neighbouring pages differ in shape.
  const mirrored = content.industries.filter((i) => i.shown).indexOf(industry) % 2 === 1;
  return data({ industry, mirrored, social }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export const action = (args: Route.ActionArgs) => contactAction(args);

export default function IndustryPage({ loaderData: { industry, mirrored } }: Route.ComponentProps) {
  const [lead, ...rest] = industry.pageDescription;
  return (
    <>
      <section className="overflow-hidden bg-gradient-to-b from-brand-50 to-white px-4 pt-10 pb-16">
        <div className="mx-auto max-w-6xl">
          <Link to="/" className={buttonClasses({ variant: "ghost", size: "sm" }, "-ml-3")}>
            <Icon name="arrow-left" className="h-4 w-4" />
            {INDUSTRY_PAGE.backToHome}
          </Link>
          <div className="mt-6 grid items-center gap-10 lg:grid-cols-2">
            <div>
              <IconTile name={industry.icon} />
              <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{industry.title}</h1>
              <p className="mt-5 text-lg text-slate-700">{lead}</p>
              <div className="mt-8">
                <ScrollLink target="contact" className={buttonClasses({ size: "lg" })}>
                  {INDUSTRY_PAGE.contactUs}
                </ScrollLink>
              </div>
            </div>
            <IndustryHeroArt icon={industry.icon} scene={industry.scene} mirrored={mirrored} />
          </div>
        </div>
      </section>
      <section className="bg-white px-4 pt-4 pb-20">
        <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-[1.4fr_1fr]">
          <div className="space-y-4 text-lg text-slate-700">
            {rest.map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
          <Card className="self-start">
            <h2 className="text-2xl font-bold">{INDUSTRY_PAGE.keyFeatures}</h2>
            <CheckList items={industry.features} className="mt-4 space-y-3" itemClassName="gap-3 text-slate-700" />
          </Card>
        </div>
      </section>
      <ContactSection
        title={`Talk to us about ${industry.title}`}
        intro={INDUSTRY_PAGE.contactIntro}
        industry={industry.id}
      />
    </>
  );
}

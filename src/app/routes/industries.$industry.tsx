import { data, Link } from "react-router";
import type { Route } from "./+types/industries.$industry";
import { CheckList } from "~/app/components/check-list";
import { ContactSection } from "~/app/components/contact-section";
import { Icon, IconTile } from "~/app/components/icon";
import { IndustryHeroArt } from "~/app/components/industry-hero-art";
import { INDUSTRY_ICONS } from "~/app/components/industry-icons";
import { ScrollLink } from "~/app/components/scroll-link";
import { buttonClasses } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { contactAction } from "~/app/lib/contact-action.server";
import { pageMeta } from "~/app/lib/meta";
import { socialMeta } from "~/app/lib/social-meta";
import { findIndustry } from "~/shared/industries";
import { socialCardPaths } from "~/shared/media";
import { industryPageDescription } from "~/shared/industry-pages";
import { CACHEABLE_PAGE } from "~/shared/page-cache";

export const INDUSTRY_PAGE = {
  backToHome: "Back to Home",
  keyFeatures: "Key Features",
  contactIntro: "Tell us how your queues work today and we will show you how QueueWise can help.",
} as const;

// Kept by the page cache; shows no content, so no write drops it (src/shared/page-cache.ts).
export const handle = CACHEABLE_PAGE;

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [...pageMeta(data.industry.title, data.industry.description), ...data.social] : [];

/**
 * An unknown id is a 404 with the not-found card (docs/product.md section 2). The long description comes
 * with the page's data, so the ten texts stay out of every page's JavaScript.
 */
export function loader({ params, context }: Route.LoaderArgs) {
  const industry = findIndustry(params.industry);
  if (!industry) throw data(null, { status: 404 });
  // The social tags are made here, on the server, so their code stays out of the page's JavaScript.
  const social = socialMeta({
    publicUrl: context.config.publicUrl,
    title: industry.title,
    description: industry.description,
    url: `/industries/${industry.id}`,
    image: socialCardPaths.industry(industry.id),
  });
  return { industry, paragraphs: industryPageDescription(industry.id), social };
}

export const action = (args: Route.ActionArgs) => contactAction(args);

export default function IndustryPage({ loaderData: { industry, paragraphs } }: Route.ComponentProps) {
  const [lead, ...rest] = paragraphs;
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
              <IconTile name={INDUSTRY_ICONS[industry.id]} />
              <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{industry.title}</h1>
              <p className="mt-5 text-lg text-slate-700">{lead}</p>
              <div className="mt-8">
                <ScrollLink target="contact" className={buttonClasses({ size: "lg" })}>
                  Contact Us
                </ScrollLink>
              </div>
            </div>
            <IndustryHeroArt industry={industry} />
          </div>
        </div>
      </section>
      <section className="bg-white px-4 pt-4 pb-20">
        <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-[1.4fr_1fr]">
          <div className="space-y-4 text-lg text-slate-700">
            {rest.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
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

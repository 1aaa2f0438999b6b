import { data } from "react-router";
import type { Route } from "./+types/industries";
import { ContactSection } from "~/app/components/contact-section";
import { IndustryCard } from "~/app/components/industry-card";
import { contactAction } from "~/app/lib/contact-action.server";
import { pageMeta } from "~/app/lib/meta";
import { industryCards, siteContentFor } from "~/app/lib/site-content.server";
import { socialMeta } from "~/app/lib/social-meta";
import { socialCardPaths } from "~/shared/media";
import { CACHEABLE_PAGE, SHOWS_SITE_INDUSTRIES } from "~/shared/page-cache";

export const INDUSTRIES_PAGE = {
  title: "Industry Solutions",
  intro: "Every industry queues differently. See how intelligent queuing fits the way yours works.",
  contactTitle: "Get in Touch",
  contactIntro: "Tell us about your lines and your customers, and we will show you what QueueWise can do for them.",
  learnMore: "Learn More",
} as const;

// Kept by the page cache until a publish changes an industry's card (src/shared/page-cache.ts).
export const handle = CACHEABLE_PAGE;

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(INDUSTRIES_PAGE.title, INDUSTRIES_PAGE.intro),
  ...(data?.social ?? []),
];

/** The shown industries of the published content (docs/product.md section 10), or an editor's draft. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { content, headers } = await siteContentFor(request, context, [SHOWS_SITE_INDUSTRIES]);
  // The social tags are made here, on the server, so their code stays out of the page's JavaScript.
  const social = socialMeta({
    publicUrl: context.config.publicUrl,
    title: INDUSTRIES_PAGE.title,
    description: INDUSTRIES_PAGE.intro,
    url: "/industries",
    image: socialCardPaths.industries,
  });
  return data({ social, industries: industryCards(content) }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export const action = (args: Route.ActionArgs) => contactAction(args);

/** docs/product.md section 2, /industries: every shown industry with full description and every feature. */
export default function Industries({ loaderData: { industries } }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white px-4 pt-16 pb-20">
        <div className="mx-auto max-w-6xl">
          <div className="mx-auto mb-12 max-w-3xl text-center">
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{INDUSTRIES_PAGE.title}</h1>
            <p className="mt-4 text-lg text-slate-600">{INDUSTRIES_PAGE.intro}</p>
          </div>
          <div className="grid gap-6 sm:grid-cols-2">
            {industries.map((industry, index) => (
              <IndustryCard
                key={industry.id}
                industry={industry}
                linkLabel={INDUSTRIES_PAGE.learnMore}
                headingLevel="h2"
                index={index}
              />
            ))}
          </div>
        </div>
      </section>
      <ContactSection title={INDUSTRIES_PAGE.contactTitle} intro={INDUSTRIES_PAGE.contactIntro} />
    </>
  );
}

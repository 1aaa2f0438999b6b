import type { Route } from "./+types/industries";
import { ContactSection } from "~/app/components/contact-section";
import { IndustryCard } from "~/app/components/industry-card";
import { contactAction } from "~/app/lib/contact-action.server";
import { pageMeta } from "~/app/lib/meta";
import { socialMeta } from "~/app/lib/social-meta";
import { INDUSTRIES } from "~/shared/industries";
import { socialCardPaths } from "~/shared/media";
import { CACHEABLE_PAGE } from "~/shared/page-cache";

export const INDUSTRIES_PAGE = {
  title: "Industry Solutions",
  intro: "Every industry queues differently. See how intelligent queuing fits the way yours works.",
  contactTitle: "Get in Touch",
  contactIntro: "Tell us about your lines and your customers, and we will show you what QueueWise can do for them.",
} as const;

// Kept by the page cache; shows no content, so no write drops it (src/shared/page-cache.ts).
export const handle = CACHEABLE_PAGE;

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(INDUSTRIES_PAGE.title, INDUSTRIES_PAGE.intro),
  ...(data?.social ?? []),
];

// The social tags are made here, on the server, so their code stays out of the page's JavaScript.
export const loader = ({ context }: Route.LoaderArgs) => ({
  social: socialMeta({
    publicUrl: context.config.publicUrl,
    title: INDUSTRIES_PAGE.title,
    description: INDUSTRIES_PAGE.intro,
    url: "/industries",
    image: socialCardPaths.industries,
  }),
});

export const action = (args: Route.ActionArgs) => contactAction(args);

/** docs/product.md section 2, /industries: all ten with full description and every feature. */
export default function Industries() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white px-4 pt-16 pb-20">
        <div className="mx-auto max-w-6xl">
          <div className="mx-auto mb-12 max-w-3xl text-center">
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{INDUSTRIES_PAGE.title}</h1>
            <p className="mt-4 text-lg text-slate-600">{INDUSTRIES_PAGE.intro}</p>
          </div>
          <div className="grid gap-6 sm:grid-cols-2">
            {INDUSTRIES.map((industry, index) => (
              <IndustryCard
                key={industry.id}
                industry={industry}
                linkLabel="Learn More"
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

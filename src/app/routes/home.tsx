import { data, Link } from "react-router";
import type { Route } from "./+types/home";
import { CheckList } from "~/app/components/check-list";
import { ContactSection } from "~/app/components/contact-section";
import { ExternalLink } from "~/app/components/external-link";
import { HeroIllustration } from "~/app/components/hero-illustration";
import { Icon, IconTile } from "~/app/components/icon";
import type { IconName } from "~/app/components/icon-names";
import { IndustryCard } from "~/app/components/industry-card";
import { ScrollLink } from "~/app/components/scroll-link";
import { PageSection } from "~/app/components/section-heading";
import { buttonClasses } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { contactAction } from "~/app/lib/contact-action.server";
import { pageMeta } from "~/app/lib/meta";
import { industryCards, siteContentFor } from "~/app/lib/site-content.server";
import { socialMeta } from "~/app/lib/social-meta";
import { socialCardPaths } from "~/shared/media";
import { SITE } from "~/shared/site";
import type { SiteHome } from "~/shared/site-content";
import { CACHEABLE_PAGE, SHOWS_SITE_HOME } from "~/shared/page-cache";

// Kept by the page cache until a publish changes its copy or cards (src/shared/page-cache.ts).
export const handle = CACHEABLE_PAGE;

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(SITE.name, SITE.description),
  ...(data?.social ?? []),
];

/** The published home copy and industry cards (docs/product.md section 10), or an editor's draft of them. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { content, headers } = await siteContentFor(request, context, [SHOWS_SITE_HOME]);
  // The social tags are made here, on the server, so their code stays out of the page's JavaScript.
  const social = socialMeta({
    publicUrl: context.config.publicUrl,
    title: `${SITE.name} | ${SITE.tagline}`,
    description: SITE.description,
    url: "/",
    image: socialCardPaths.home,
  });
  return data({ social, home: content.home, industries: industryCards(content) }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export const action = (args: Route.ActionArgs) => contactAction(args);

/** docs/product.md section 2, Home: hero, About, Core Technology, Industry Use Cases, call to action, contact. */
export default function Home({ loaderData: { home, industries } }: Route.ComponentProps) {
  const { hero, about, coreTech, industriesSection, cta, contact } = home;
  return (
    <>
      <section className="overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white px-4 pt-14 pb-16 sm:pt-20">
        <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-[1.05fr_1fr]">
          <div className="text-center lg:text-left">
            <p className="inline-flex items-center gap-2 rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-800">
              <Icon name="sparkles" className="h-4 w-4" />
              {hero.eyebrow}
            </p>
            <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-6xl">
              {hero.headline}
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 lg:mx-0">{hero.subheadline}</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
              <ScrollLink target="industries" className={buttonClasses({ size: "lg" })}>
                {hero.primaryButton}
              </ScrollLink>
              <ScrollLink target="contact" className={buttonClasses({ size: "lg", variant: "outline" })}>
                {hero.secondaryButton}
              </ScrollLink>
            </div>
          </div>
          <HeroIllustration />
        </div>
        <div className="mx-auto max-w-6xl">
          <CardGrid cards={hero.cards} icons={["clock", "shield-check", "sparkles"]} headingLevel="h2" />
        </div>
      </section>

      <PageSection id="about" title={about.title} background="bg-white">
        <div className="mx-auto max-w-3xl space-y-4 text-lg text-slate-700">
          {about.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
        <CardGrid cards={about.cards} icons={["lightbulb", "code-xml", "puzzle"]} />
        <div className="mt-10 text-center">
          <ExternalLink href={about.productButton.url} className={buttonClasses({ variant: "secondary", size: "lg" })}>
            {about.productButton.label}
          </ExternalLink>
        </div>
      </PageSection>

      <HowItWorks {...home.howItWorks} />

      <PageSection id="core-tech" title={coreTech.title} intro={coreTech.intro} background="bg-white">
        <div className="grid gap-6 md:grid-cols-2">
          {coreTech.blocks.map((block, i) => (
            <Card key={i}>
              <IconTile name={i === 0 ? "brain-circuit" : "plug-zap"} />
              <h3 className="mt-4 text-xl font-semibold">{block.title}</h3>
              <p className="mt-2 text-slate-600">{block.text}</p>
              <CheckList items={block.points} className="mt-4 space-y-2 text-slate-700" itemClassName="gap-2" />
            </Card>
          ))}
        </div>
        <h3 className="mt-14 text-center text-2xl font-bold">{coreTech.benefits.title}</h3>
        <CardGrid cards={coreTech.benefits.items} icons={["timer", "layers", "chart-column"]} headingLevel="h4" />
      </PageSection>

      <FactsBand {...home.facts} />

      <PageSection
        id="industries"
        title={industriesSection.title}
        intro={industriesSection.intro}
        background="bg-slate-50"
      >
        <div className="grid gap-6 md:grid-cols-2">
          {industries.map((industry) => (
            <IndustryCard
              key={industry.id}
              industry={industry}
              featureCount={3}
              linkLabel={industriesSection.learnMoreLabel}
            />
          ))}
        </div>
        <div className="mt-10 text-center">
          <Link to="/industries" className={buttonClasses({ variant: "outline", size: "lg" })}>
            {industriesSection.exploreAllLabel}
          </Link>
        </div>
      </PageSection>

      <section aria-labelledby="cta-heading" className="bg-brand-800 px-4 py-16 text-center text-white">
        <h2 id="cta-heading" className="text-3xl font-bold">
          {cta.headline}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-brand-100">{cta.text}</p>
        <ScrollLink target="contact" className={buttonClasses({ variant: "secondary", size: "lg" }, "mt-8")}>
          {cta.button}
        </ScrollLink>
      </section>

      <ContactSection title={contact.title} intro={contact.intro} />
    </>
  );
}

function CardGrid({
  cards,
  icons,
  headingLevel: Heading = "h3",
}: {
  cards: readonly { title: string; text: string }[];
  icons: readonly IconName[];
  headingLevel?: "h2" | "h3" | "h4";
}) {
  return (
    <div className="mt-12 grid gap-6 text-left md:grid-cols-3">
      {cards.map((card, i) => (
        <Card key={i}>
          <div className="flex items-center gap-4 md:block">
            <IconTile name={icons[i] ?? "sparkles"} />
            <Heading className="text-lg font-semibold text-slate-900 md:mt-4">{card.title}</Heading>
          </div>
          <p className="mt-2 text-slate-600">{card.text}</p>
        </Card>
      ))}
    </div>
  );
}

const STEP_ICONS: readonly IconName[] = ["qr-code", "coffee", "bell-ring", "user-check"];

/** The visitor's path through a queue, numbered, one row on wide screens. */
function HowItWorks({ title, intro, steps }: SiteHome["howItWorks"]) {
  return (
    <PageSection headingId="how-heading" title={title} intro={intro} background="bg-slate-50">
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, i) => (
          <li key={i} className="relative rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-center justify-between">
              <IconTile name={STEP_ICONS[i] ?? "check"} />
              <span className="text-4xl font-extrabold text-brand-200" aria-hidden="true">
                {i + 1}
              </span>
            </div>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">
              <span className="sr-only">Step {i + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
    </PageSection>
  );
}

/** What the product does, in figures (product facts, not customer claims). */
function FactsBand({ title, items }: SiteHome["facts"]) {
  return (
    <section aria-labelledby="facts-heading" className="bg-brand-900 px-4 py-14 text-white">
      <div className="mx-auto max-w-6xl">
        <h2 id="facts-heading" className="text-center text-sm font-semibold tracking-widest text-brand-200 uppercase">
          {title}
        </h2>
        <dl className="mt-8 grid grid-cols-2 gap-8 text-center lg:grid-cols-4">
          {items.map((fact, i) => (
            <div key={i} className="flex flex-col-reverse justify-end">
              <dt className="mt-2 text-brand-100">{fact.label}</dt>
              <dd className="text-4xl font-extrabold tracking-tight sm:text-5xl">{fact.figure}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

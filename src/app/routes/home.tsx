import { data, Link } from "react-router";
import type { Route } from "./+types/home";
import { CheckList } from "~/app/components/check-list";
import { ContactSection } from "~/app/components/contact-section";
import { ExternalLink } from "~/app/components/external-link";
import { FeatureItems } from "~/app/components/feature-items";
import { FigureList } from "~/app/components/figure-list";
import { HeroIllustration } from "~/app/components/hero-illustration";
import { HERO } from "~/app/components/hero-layout";
import { Icon, IconTile } from "~/app/components/icon";
import type { IconName } from "~/app/components/icon-names";
import { IndustryCard } from "~/app/components/industry-card";
import { ScrollLink } from "~/app/components/scroll-link";
import { PageSection } from "~/app/components/section-heading";
import { StepItems } from "~/app/components/step-items";
import { toneOf } from "~/app/components/tones";
import { buttonClasses } from "~/app/components/ui/button";
import { cn } from "~/app/lib/cn";
import { contactAction } from "~/app/lib/contact-action.server";
import { pageMeta } from "~/app/lib/meta";
import { industryCards, siteContentFor } from "~/app/lib/site-content.server";
import { socialMeta } from "~/app/lib/social-meta";
import { socialCardPaths } from "~/shared/media";
import { SITE } from "~/shared/site";
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

/**
 * docs/product.md section 2, Home: hero, About, Core Technology, Industry Use Cases, call to
 * action, contact. The sections alternate the block variants' bands (white, tinted, dark) and
 * show features open or on panels rather than one bordered card grid after another
 * (docs/decisions/275-block-variants-and-rhythm.md).
 */
export default function Home({ loaderData: { home, industries } }: Route.ComponentProps) {
  const { hero, about, coreTech, industriesSection, cta, contact } = home;
  const [plain, tinted, dark] = [toneOf("plain"), toneOf("tinted"), toneOf("dark")];
  return (
    <>
      <section className={cn("px-4", HERO.band, HERO.gradient)}>
        <div className={cn(HERO.grid, HERO.twoColumns)}>
          <div className="text-center lg:text-left">
            <p className={cn(HERO.badge, "bg-brand-100 text-brand-800")}>
              <Icon name="sparkles" className="h-4 w-4" />
              {hero.eyebrow}
            </p>
            <h1 className={cn(HERO.headline, "text-slate-900")}>{hero.headline}</h1>
            <p className={cn(HERO.lead, "text-slate-600 lg:mx-0")}>{hero.subheadline}</p>
            <div className={cn(HERO.buttons, "lg:justify-start")}>
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
        <div className="mx-auto mt-10 max-w-6xl border-t border-slate-200 pt-8 sm:mt-14 sm:pt-10">
          <FeatureItems
            items={withIcons(hero.cards, ["clock", "shield-check", "sparkles"])}
            tone={plain}
            boxed={false}
            headingLevel="h2"
          />
        </div>
      </section>

      <PageSection id="about" title={about.title} tone={plain}>
        <div className="mx-auto max-w-3xl space-y-4 text-lg text-slate-700">
          {about.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
        <FeatureItems
          items={withIcons(about.cards, ["lightbulb", "code-xml", "puzzle"])}
          tone={plain}
          boxed
          className="mt-12"
        />
        <div className="mt-10 text-center">
          <ExternalLink href={about.productButton.url} className={buttonClasses({ variant: "secondary", size: "lg" })}>
            {about.productButton.label}
          </ExternalLink>
        </div>
      </PageSection>

      <PageSection headingId="how-heading" title={home.howItWorks.title} intro={home.howItWorks.intro} tone={dark}>
        <StepItems steps={withIcons(home.howItWorks.steps, STEP_ICONS)} tone={dark} />
      </PageSection>

      <PageSection id="core-tech" title={coreTech.title} intro={coreTech.intro} tone={tinted}>
        <div className="grid gap-6 md:grid-cols-2">
          {coreTech.blocks.map((block, i) => (
            <div key={i} className={cn(tinted.panel, "p-6 sm:p-8")}>
              <IconTile name={i === 0 ? "brain-circuit" : "plug-zap"} />
              <h3 className="mt-4 text-xl font-semibold">{block.title}</h3>
              <p className="mt-2 text-slate-600">{block.text}</p>
              <CheckList items={block.points} className="mt-4 space-y-2 text-slate-700" itemClassName="gap-2" />
            </div>
          ))}
        </div>
        <h3 className="mt-14 text-center text-2xl font-bold">{coreTech.benefits.title}</h3>
        <FeatureItems
          items={withIcons(coreTech.benefits.items, ["timer", "layers", "chart-column"])}
          tone={tinted}
          boxed={false}
          headingLevel="h4"
          className="mt-10"
        />
      </PageSection>

      <section aria-labelledby="facts-heading" className={cn(dark.band, "px-4 py-14")}>
        <div className="mx-auto max-w-6xl">
          <h2
            id="facts-heading"
            className={cn("text-center text-sm font-semibold tracking-widest uppercase", dark.muted)}
          >
            {home.facts.title}
          </h2>
          <FigureList items={home.facts.items} tone={dark} />
        </div>
      </section>

      <PageSection id="industries" title={industriesSection.title} intro={industriesSection.intro} tone={tinted}>
        <div className="grid gap-4 sm:gap-6 md:grid-cols-2">
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

      <section aria-labelledby="cta-heading" className={cn(dark.band, "px-4 py-16 text-center sm:py-20")}>
        <h2 id="cta-heading" className="mx-auto max-w-3xl text-3xl font-bold text-balance text-white sm:text-4xl">
          {cta.headline}
        </h2>
        <p className={cn("mx-auto mt-4 max-w-2xl text-lg", dark.text)}>{cta.text}</p>
        <ScrollLink target="contact" className={buttonClasses({ variant: "secondary", size: "lg" }, "mt-8")}>
          {cta.button}
        </ScrollLink>
      </section>

      <ContactSection title={contact.title} intro={contact.intro} />
    </>
  );
}

/** The home copy's cards with the pictures the page gives them, in order. */
const withIcons = <T extends { title: string; text: string }>(cards: readonly T[], icons: readonly IconName[]) =>
  cards.map((card, i) => ({ ...card, icon: icons[i] ?? "sparkles" }));

const STEP_ICONS: readonly IconName[] = ["qr-code", "coffee", "bell-ring", "user-check"];

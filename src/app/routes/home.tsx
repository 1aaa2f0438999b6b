import { Link } from "react-router";
import type { Route } from "./+types/home";
import { ContactSection } from "../components/contact-section";
import { ExternalLink } from "../components/external-link";
import { IndustryCard } from "../components/industry-card";
import { ScrollLink } from "../components/scroll-link";
import { SectionHeading } from "../components/section-heading";
import { buttonClasses } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { contactAction } from "../lib/contact-action.server";
import { pageMeta, socialMeta } from "../lib/meta";
import { INDUSTRIES } from "../../shared/industries";
import { socialCardPaths } from "../../shared/media";
import { HOME, SITE } from "../../shared/site";

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(SITE.name, SITE.description),
  ...(data
    ? socialMeta({ publicUrl: data.publicUrl, title: `${SITE.name} | ${SITE.tagline}`, description: SITE.description, url: "/", image: socialCardPaths.home })
    : []),
];

export const loader = ({ context }: Route.LoaderArgs) => ({ publicUrl: context.config.publicUrl });

export const action = (args: Route.ActionArgs) => contactAction(args);

/** SPEC section 2, Home: hero, About, Core Technology, Industry Use Cases, call to action, contact. */
export default function Home() {
  const { hero, about, coreTech, industriesSection, cta, contact } = HOME;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white px-4 pt-20 pb-16">
        <div className="mx-auto max-w-6xl text-center">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">{hero.headline}</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">{hero.subheadline}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ScrollLink target="industries" className={buttonClasses({ size: "lg" })}>
              Explore Use Cases
            </ScrollLink>
            <ScrollLink target="contact" className={buttonClasses({ size: "lg", variant: "outline" })}>
              Contact Us
            </ScrollLink>
          </div>
          <CardGrid cards={hero.cards} headingLevel="h2" />
        </div>
      </section>

      <section id="about" aria-labelledby="about-heading" className="bg-white px-4 py-20">
        <div className="mx-auto max-w-6xl">
          <SectionHeading id="about-heading" title={about.title} />
          <div className="mx-auto max-w-3xl space-y-4 text-lg text-slate-700">
            {about.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <CardGrid cards={about.cards} />
          <div className="mt-10 text-center">
            <ExternalLink href={SITE.sisterSite.url} className={buttonClasses({ variant: "secondary", size: "lg" })}>
              {about.sisterSiteButton}
            </ExternalLink>
          </div>
        </div>
      </section>

      <section id="core-tech" aria-labelledby="core-tech-heading" className="px-4 py-20">
        <div className="mx-auto max-w-6xl">
          <SectionHeading id="core-tech-heading" title={coreTech.title} intro={coreTech.intro} />
          <div className="grid gap-6 md:grid-cols-2">
            {coreTech.blocks.map((block) => (
              <Card key={block.title}>
                <h3 className="text-xl font-semibold">{block.title}</h3>
                <p className="mt-2 text-slate-600">{block.text}</p>
                <ul className="mt-4 space-y-2 text-slate-700">
                  {block.points.map((point) => (
                    <li key={point} className="flex gap-2">
                      <span aria-hidden="true" className="text-brand-700">✓</span>
                      {point}
                    </li>
                  ))}
                </ul>
              </Card>
            ))}
          </div>
          <h3 className="mt-14 text-center text-2xl font-bold">{coreTech.benefits.title}</h3>
          <CardGrid cards={coreTech.benefits.items} headingLevel="h4" />
        </div>
      </section>

      <section id="industries" aria-labelledby="industries-heading" className="bg-white px-4 py-20">
        <div className="mx-auto max-w-6xl">
          <SectionHeading id="industries-heading" title={industriesSection.title} intro={industriesSection.intro} />
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {INDUSTRIES.map((industry) => (
              <IndustryCard key={industry.id} industry={industry} featureCount={3} linkLabel="Learn more" />
            ))}
          </div>
          <div className="mt-10 text-center">
            <Link to="/industries" className={buttonClasses({ variant: "outline", size: "lg" })}>
              {industriesSection.exploreAllLabel}
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="bg-brand-800 px-4 py-16 text-center text-white">
        <h2 id="cta-heading" className="text-3xl font-bold">{cta.headline}</h2>
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
  headingLevel: Heading = "h3",
}: {
  cards: readonly { title: string; text: string }[];
  headingLevel?: "h2" | "h3" | "h4";
}) {
  return (
    <div className="mt-12 grid gap-6 text-left md:grid-cols-3">
      {cards.map((card) => (
        <Card key={card.title}>
          <Heading className="text-lg font-semibold text-slate-900">{card.title}</Heading>
          <p className="mt-2 text-slate-600">{card.text}</p>
        </Card>
      ))}
    </div>
  );
}

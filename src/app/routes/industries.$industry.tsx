import { data, Link } from "react-router";
import type { Route } from "./+types/industries.$industry";
import { ContactSection } from "../components/contact-section";
import { ScrollLink } from "../components/scroll-link";
import { buttonClasses } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { contactAction } from "../lib/contact-action.server";
import { pageMeta, socialMeta } from "../lib/meta";
import { findIndustry } from "../../shared/industries";
import { socialCardPaths } from "../../shared/media";

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        ...pageMeta(data.industry.title, data.industry.description),
        ...socialMeta({
          publicUrl: data.publicUrl,
          title: data.industry.title,
          description: data.industry.description,
          url: `/industries/${data.industry.id}`,
          image: socialCardPaths.industry(data.industry.id),
        }),
      ]
    : [];

/** An unknown id is a 404 with the not-found card (SPEC section 2). */
export function loader({ params, context }: Route.LoaderArgs) {
  const industry = findIndustry(params.industry);
  if (!industry) throw data(null, { status: 404 });
  return { industry, publicUrl: context.config.publicUrl };
}

export const action = (args: Route.ActionArgs) => contactAction(args);

export default function IndustryPage({ loaderData: { industry } }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white px-4 pt-16 pb-20">
        <div className="mx-auto max-w-4xl">
          <Link to="/" className={buttonClasses({ variant: "ghost", size: "sm" })}>
            ← Back to Home
          </Link>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight sm:text-5xl">{industry.title}</h1>
          <div className="mt-6 space-y-4 text-lg text-slate-700">
            {industry.pageDescription.split("\n\n").map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <Card className="mt-10">
            <h2 className="text-2xl font-bold">Key Features</h2>
            <ul className="mt-4 space-y-3">
              {industry.features.map((feature) => (
                <li key={feature} className="flex gap-3 text-slate-700">
                  <span aria-hidden="true" className="text-brand-700">✓</span>
                  {feature}
                </li>
              ))}
            </ul>
          </Card>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <ScrollLink target="contact" className={buttonClasses({ size: "lg" })}>
              Contact Us
            </ScrollLink>
            <Link to="/" className={buttonClasses({ variant: "outline", size: "lg" })}>
              Back to Home
            </Link>
          </div>
        </div>
      </section>
      <ContactSection
        title={`Talk to us about ${industry.title}`}
        intro="Tell us how your queues work today and we will show you how QueueWise can help."
      />
    </>
  );
}

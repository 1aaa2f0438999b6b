import { Link } from "react-router";
import type { Industry } from "../../shared/industries";
import { industryPath } from "./nav-links";
import { Card } from "./ui/card";

/** SPEC section 9: cards on the home page show the first 3 features; the list page shows them all. */
export function IndustryCard({
  industry,
  featureCount,
  linkLabel,
  headingLevel: Heading = "h3",
}: {
  industry: Industry;
  featureCount?: number;
  linkLabel: string;
  headingLevel?: "h2" | "h3";
}) {
  return (
    <Card className="flex h-full flex-col">
      <Heading className="text-xl font-semibold text-slate-900">{industry.title}</Heading>
      <p className="mt-2 text-slate-600">{industry.description}</p>
      <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
        {industry.features.slice(0, featureCount).map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-brand-600" />
            {feature}
          </li>
        ))}
      </ul>
      <Link to={industryPath(industry.id)} className="mt-6 font-medium text-brand-700 hover:underline">
        {linkLabel}
        <span className="sr-only"> about {industry.title}</span> →
      </Link>
    </Card>
  );
}

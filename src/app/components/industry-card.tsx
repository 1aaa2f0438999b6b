import { Link } from "react-router";
import type { SiteIndustry } from "~/shared/site-content";
import { cn } from "~/app/lib/cn";
import { staggerClass } from "~/app/lib/stagger";
import { Icon, IconTile } from "./icon";
import { industryPath } from "./nav-links";
import { Card } from "./ui/card";

/**
 * docs/product.md section 9: cards on the home page show the first 3 features; the list page shows
 * them all, and there (`index` given) the cards fade in one after another, 0.1 s apart, unless the
 * reader asks for reduced motion.
 */
/** What a card shows of an industry. */
export type CardIndustry = Pick<SiteIndustry, "id" | "title" | "description" | "features" | "icon">;

export function IndustryCard({
  industry,
  featureCount,
  linkLabel,
  headingLevel: Heading = "h3",
  index,
}: {
  industry: CardIndustry;
  featureCount?: number;
  linkLabel: string;
  headingLevel?: "h2" | "h3";
  index?: number;
}) {
  return (
    <Card className={cn("flex h-full flex-col", index !== undefined && staggerClass(index))}>
      <div className="flex items-center gap-4">
        <IconTile name={industry.icon} />
        <Heading className="text-xl font-semibold text-slate-900">{industry.title}</Heading>
      </div>
      <p className="mt-4 text-slate-600">{industry.description}</p>
      <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
        {industry.features.slice(0, featureCount).map((feature) => (
          <li key={feature} className="flex gap-2">
            <Icon name="check" className="h-4 w-4 text-emerald-600" />
            {feature}
          </li>
        ))}
      </ul>
      <Link
        to={industryPath(industry.id)}
        className="mt-6 inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
      >
        {linkLabel}
        <span className="sr-only"> about {industry.title}</span>
        <Icon name="arrow-right" className="h-4 w-4" />
      </Link>
    </Card>
  );
}

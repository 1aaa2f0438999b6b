import { cn } from "~/app/lib/cn";
import { IconTile } from "./icon";
import type { IconName } from "./icon-names";
import type { Tone } from "./tones";

export type StepItem = { icon?: IconName; title: string; text: string };

/**
 * A numbered path, one row on wide screens, as the steps block and the home page's How it works
 * show it: each step a panel of the band's tone with its number large beside its icon.
 */
export function StepItems({
  steps,
  tone,
  headingLevel: Heading = "h3",
}: {
  steps: readonly StepItem[];
  tone: Tone;
  headingLevel?: "h2" | "h3";
}) {
  const wide = steps.length >= 4 ? "lg:grid-cols-4" : "lg:grid-cols-3";
  return (
    <ol className={cn("grid gap-4 sm:grid-cols-2 sm:gap-6", wide)}>
      {steps.map((step, i) => (
        <li key={i} className={cn("relative p-6", tone.panel)}>
          <div className="flex items-center justify-between">
            {step.icon ? <IconTile name={step.icon} dark={tone.dark} /> : <span />}
            <span
              className={cn("text-5xl font-extrabold tracking-tight", tone.dark ? "text-brand-400" : "text-brand-200")}
              aria-hidden="true"
            >
              {i + 1}
            </span>
          </div>
          <Heading className={cn("mt-4 text-lg font-semibold", tone.heading)}>
            <span className="sr-only">Step {i + 1}: </span>
            {step.title}
          </Heading>
          <p className={cn("mt-2", tone.muted)}>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

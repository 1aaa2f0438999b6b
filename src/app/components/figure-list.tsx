import { cn } from "~/app/lib/cn";
import type { Tone } from "./tones";

/**
 * Large figures with their labels, as the figures block and the home page's facts band show
 * them. A figure's label comes first in the markup (the term, then its figure) and shows under it.
 */
export function FigureList({ items, tone }: { items: readonly { figure: string; label: string }[]; tone: Tone }) {
  const columns = items.length >= 4 ? "lg:grid-cols-4" : items.length === 3 ? "lg:grid-cols-3" : "";
  return (
    <dl className={cn("mt-8 grid grid-cols-2 gap-x-6 gap-y-8 text-center", columns)}>
      {items.map((item, i) => (
        <div key={i} className="flex flex-col-reverse justify-end">
          <dt className={cn("mt-2", tone.text)}>{item.label}</dt>
          <dd className={cn("text-4xl font-extrabold tracking-tight sm:text-5xl", tone.heading)}>{item.figure}</dd>
        </div>
      ))}
    </dl>
  );
}

import type { ReactNode } from "react";
import { Card } from "~/app/components/ui/card";

type Heading = {
  /** The heading's id, which names the panel's region. */
  id: string;
  heading: ReactNode;
  intro: ReactNode;
  /** What stands under the intro, inside the heading's block (a state line). */
  after?: ReactNode;
};

/** A panel's heading and the paragraph that says what the panel is for. */
export function PanelHeading({ id, heading, intro, after }: Heading) {
  return (
    <div>
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      {after}
    </div>
  );
}

/** An admin panel: a card that is a region named by its heading, the heading and intro first. */
export function PanelCard({
  className = "space-y-6",
  children,
  ...heading
}: Heading & { className?: string; children: ReactNode }) {
  return (
    <Card className={className} role="region" aria-labelledby={heading.id}>
      <PanelHeading {...heading} />
      {children}
    </Card>
  );
}

import type { ReactNode } from "react";
import { cn } from "~/app/lib/cn";

/** The heading and intro that open each home-page section. */
export function SectionHeading({ id, title, intro }: { id?: string; title: string; intro?: string }) {
  return (
    <div className="mx-auto mb-10 max-w-3xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {intro && <p className="mt-4 text-lg text-slate-600">{intro}</p>}
    </div>
  );
}

/** A home-page band: its background, the centred column and the section's heading; `id` is an anchor. */
export function PageSection({
  id,
  headingId,
  title,
  intro,
  background,
  children,
}: {
  id?: string;
  /** The heading's id; `<id>-heading` unless given. */
  headingId?: string;
  title: string;
  intro?: string;
  /** The band's background class, e.g. `bg-white`. */
  background: string;
  children: ReactNode;
}) {
  const labelId = headingId ?? `${id}-heading`;
  return (
    <section id={id} aria-labelledby={labelId} className={cn(background, "px-4 py-20")}>
      <div className="mx-auto max-w-6xl">
        <SectionHeading id={labelId} title={title} intro={intro} />
        {children}
      </div>
    </section>
  );
}

import type { ReactNode } from "react";
import { cn } from "~/app/lib/cn";
import type { Tone } from "./tones";

/** A plain band's words; tones.ts is left to the pages that alternate bands, so other pages do not load it. */
const PLAIN_WORDS = { heading: "text-slate-900", muted: "text-slate-600" };

/** The heading and intro that open each home-page section, in the colours of its band. */
export function SectionHeading({
  id,
  title,
  intro,
  tone = PLAIN_WORDS,
}: {
  id?: string;
  title: string;
  intro?: string;
  tone?: Pick<Tone, "heading" | "muted">;
}) {
  return (
    <div className="mx-auto mb-10 max-w-3xl text-center sm:mb-12">
      <h2 id={id} className={cn("text-3xl font-bold tracking-tight text-balance sm:text-4xl", tone.heading)}>
        {title}
      </h2>
      {intro && <p className={cn("mt-4 text-lg", tone.muted)}>{intro}</p>}
    </div>
  );
}

/**
 * A home-page band in one of the block variants' tones (tones.ts), so the page alternates white,
 * tinted and dark sections: the centred column and the section's heading; `id` is an anchor.
 */
export function PageSection({
  id,
  headingId,
  title,
  intro,
  tone,
  children,
}: {
  id?: string;
  /** The heading's id; `<id>-heading` unless given. */
  headingId?: string;
  title: string;
  intro?: string;
  tone: Tone;
  children: ReactNode;
}) {
  const labelId = headingId ?? `${id}-heading`;
  return (
    <section id={id} aria-labelledby={labelId} className={cn(tone.band, "px-4 py-14 sm:py-20")}>
      <div className="mx-auto max-w-6xl">
        <SectionHeading id={labelId} title={title} intro={intro} tone={tone} />
        {children}
      </div>
    </section>
  );
}

import type { Block } from "~/shared/blocks";
import { cn } from "~/app/lib/cn";
import { Link } from "react-router";
import { ExternalLink } from "../external-link";
import { toneOf } from "../tones";
import { BlockBand, BlockImage, headingIdOf } from "./block-parts";

type LogoStrip = Extract<Block, { type: "logoStrip" }>;

/** A row of logos under a small title; each logo's alt text names its company. */
export function LogoStripBlock({ block }: { block: LogoStrip }) {
  const tone = toneOf(block.variant);
  const headingId = headingIdOf(block.id);
  return (
    <BlockBand block={block} labelledBy={block.title ? headingId : undefined} className="py-12">
      <div className="mx-auto max-w-6xl">
        {block.title && (
          <h2 id={headingId} className={cn("text-center text-sm font-semibold tracking-widest uppercase", tone.muted)}>
            {block.title}
          </h2>
        )}
        <ul className="mt-8 flex flex-wrap items-center justify-center gap-x-12 gap-y-8">
          {block.logos.map((logo, i) => {
            // Logos keep their own colours; on a dark band or a picture they sit on a light tile so every one stays legible.
            const image = <BlockImage src={logo.src} alt={logo.alt} className="h-10 w-auto max-w-40 object-contain" />;
            return (
              <li key={i} className={cn(tone.dark && "rounded-lg bg-white px-4 py-3")}>
                {!logo.href ? (
                  image
                ) : logo.href.startsWith("/") ? (
                  <Link to={logo.href}>{image}</Link>
                ) : logo.href.startsWith("#") ? (
                  <a href={logo.href}>{image}</a>
                ) : (
                  <ExternalLink href={logo.href}>{image}</ExternalLink>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </BlockBand>
  );
}

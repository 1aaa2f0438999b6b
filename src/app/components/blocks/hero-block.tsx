import type { Block } from "~/shared/blocks";
import { cn } from "~/app/lib/cn";
import { HeroIllustration } from "../hero-illustration";
import { Icon } from "../icon";
import { BlockButton, BlockImage, buttonStyles, toneOf } from "./block-parts";

type Hero = Extract<Block, { type: "hero" }>;

/**
 * The page's opening, as the home page's hero: badge, the page's h1, lead, up to two buttons and
 * the product mock or an image beside them (below them on a phone).
 */
export function HeroBlock({ block }: { block: Hero }) {
  const tone = toneOf(block.variant);
  const styles = buttonStyles(tone);
  const { visual } = block;
  const band = block.variant ? tone.band : "bg-gradient-to-b from-brand-50 via-white to-white";
  return (
    <section id={block.anchor || undefined} className={cn(band, "overflow-hidden px-4 pt-14 pb-16 sm:pt-20")}>
      <div
        className={cn(
          "mx-auto grid max-w-6xl items-center gap-12",
          visual.kind !== "none" && "lg:grid-cols-[1.05fr_1fr]",
        )}
      >
        <div className={cn("text-center", visual.kind !== "none" && "lg:text-left")}>
          {block.badge && (
            <p
              className={cn(
                "inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-medium",
                tone.dark ? "bg-brand-800 text-brand-100" : "bg-brand-100 text-brand-800",
              )}
            >
              <Icon name="sparkles" className="h-4 w-4" />
              {block.badge}
            </p>
          )}
          <h1 className={cn("mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-6xl", tone.heading)}>
            {block.headline}
          </h1>
          {block.lead && (
            <p className={cn("mx-auto mt-6 max-w-2xl text-lg", tone.muted, visual.kind !== "none" && "lg:mx-0")}>
              {block.lead}
            </p>
          )}
          {block.buttons.length > 0 && (
            <div
              className={cn(
                "mt-8 flex flex-col justify-center gap-3 sm:flex-row",
                visual.kind !== "none" && "lg:justify-start",
              )}
            >
              {block.buttons.map((button, i) => (
                <BlockButton key={i} href={button.href} label={button.label} style={styles[i]} />
              ))}
            </div>
          )}
        </div>
        {visual.kind === "mock" && <HeroIllustration />}
        {visual.kind === "image" && (
          <BlockImage
            src={visual.src}
            alt={visual.alt}
            width={visual.width}
            height={visual.height}
            eager
            className="mx-auto h-auto w-full max-w-[34rem] rounded-2xl shadow-xl"
          />
        )}
      </div>
    </section>
  );
}

import type { Block } from "~/shared/blocks";
import { cn } from "~/app/lib/cn";
import { HeroIllustration } from "../hero-illustration";
import { HERO } from "../hero-layout";
import { Icon } from "../icon";
import { toneOf } from "../tones";
import { BlockBand, BlockButton, BlockImage, buttonStyles } from "./block-parts";

type Hero = Extract<Block, { type: "hero" }>;

/**
 * The page's opening, as the home page's hero: badge, the page's h1, lead, up to two buttons and
 * the product mock or an image beside them (below them on a phone, within its first screen).
 */
export function HeroBlock({ block }: { block: Hero }) {
  const tone = toneOf(block.variant);
  const styles = buttonStyles(tone);
  const { visual } = block;
  const beside = visual.kind !== "none";
  return (
    <BlockBand block={block} eager className={cn(HERO.band, !block.variant && HERO.gradient)}>
      <div className={cn(HERO.grid, beside && HERO.twoColumns)}>
        <div className={cn("text-center", beside && "lg:text-left")}>
          {block.badge && (
            <p className={cn(HERO.badge, tone.dark ? "bg-white/10 text-brand-100" : "bg-brand-100 text-brand-800")}>
              <Icon name="sparkles" className="h-4 w-4" />
              {block.badge}
            </p>
          )}
          <h1 className={cn(HERO.headline, tone.heading)}>{block.headline}</h1>
          {block.lead && <p className={cn(HERO.lead, tone.muted, beside && "lg:mx-0")}>{block.lead}</p>}
          {block.buttons.length > 0 && (
            <div className={cn(HERO.buttons, beside && "lg:justify-start")}>
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
    </BlockBand>
  );
}

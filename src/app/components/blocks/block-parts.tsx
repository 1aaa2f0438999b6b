import type { ReactNode } from "react";
import { Link } from "react-router";
import type { BlockVariant } from "~/shared/blocks";
import { MEDIA_PLACEHOLDER } from "~/shared/blocks/media-placeholder";
import { cn } from "~/app/lib/cn";
import { ExternalLink } from "../external-link";
import { ScrollLink } from "../scroll-link";
import { toneOf, type Tone } from "../tones";
import { buttonClasses, type ButtonStyle } from "../ui/button";

/**
 * The pieces every block component is made of: its section band in the chosen variant, its
 * heading, its buttons and its images. A variant changes the band's colours, never its content,
 * so a page alternates plain, tinted, dark and pictured sections for rhythm (../tones.ts).
 */

/** The id of a block's heading, for its section's aria-labelledby: block ids are unique on a page. */
export const headingIdOf = (blockId: string) => `block-${blockId}-heading`;

type SectionBlock = { id: string; anchor?: string; variant?: BlockVariant; background?: string };

/**
 * A block's `<section>`: its anchor as the id, its variant's band and, in the image variant, the
 * block's background picture under the overlay. The picture is decorative (alt ""), lazy but for
 * the first screen's block, and a block in the image variant without one shows the dark band.
 */
export function BlockBand({
  block,
  fallback,
  labelledBy,
  eager = false,
  className,
  children,
}: {
  block: SectionBlock;
  fallback?: BlockVariant;
  labelledBy?: string;
  eager?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const variant = block.variant ?? fallback;
  const tone = toneOf(variant);
  const picture = variant === "image" && !!block.background && block.background !== MEDIA_PLACEHOLDER;
  return (
    <section
      id={block.anchor || undefined}
      aria-labelledby={labelledBy}
      className={cn(tone.band, "scroll-mt-4 px-4", picture && "relative isolate overflow-hidden", className)}
    >
      {picture && (
        <>
          <img
            src={block.background}
            alt=""
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="absolute inset-0 -z-20 h-full w-full object-cover"
          />
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-linear-to-br from-brand-950/90 via-brand-950/80 to-slate-950/85"
          />
        </>
      )}
      {children}
    </section>
  );
}

/**
 * A block's band with the centred column and, when the block has a title, the heading that
 * names the section.
 */
export function BlockSection({
  block,
  fallback,
  title,
  intro,
  width = "max-w-6xl",
  className,
  children,
}: {
  block: SectionBlock;
  /** The variant when the block chooses none. */
  fallback?: BlockVariant;
  title?: string;
  intro?: string;
  width?: string;
  className?: string;
  children: ReactNode;
}) {
  const tone = toneOf(block.variant, fallback);
  const headingId = headingIdOf(block.id);
  return (
    <BlockBand
      block={block}
      fallback={fallback}
      labelledBy={title ? headingId : undefined}
      className={cn("py-14 sm:py-20", className)}
    >
      <div className={cn("mx-auto", width)}>
        {(title || intro) && (
          <div className="mx-auto mb-10 max-w-3xl text-center">
            {title && (
              <h2
                id={headingId}
                className={cn("text-3xl font-bold tracking-tight text-balance sm:text-4xl", tone.heading)}
              >
                {title}
              </h2>
            )}
            {intro && <p className={cn("mt-4 text-lg", tone.muted)}>{intro}</p>}
          </div>
        )}
        {children}
      </div>
    </BlockBand>
  );
}

/** The heading level of a block's items: under the block's h2, or standing in for it when the block has no title. */
export const itemHeading = (title: string | undefined) => (title ? "h3" : "h2");

/**
 * A button of a block: a section of this page (`#contact`) scrolls there, a path on the site is
 * a link of the app, an outside address opens in a new tab (docs/product.md section 2).
 */
export function BlockButton({
  href,
  label,
  style,
  className,
}: {
  href: string;
  label: string;
  style?: ButtonStyle;
  className?: string;
}) {
  const classes = buttonClasses({ size: "lg", ...style }, className);
  if (href.startsWith("#"))
    return (
      <ScrollLink target={href.slice(1)} className={classes}>
        {label}
      </ScrollLink>
    );
  if (href.startsWith("/"))
    return (
      <Link to={href} className={classes}>
        {label}
      </Link>
    );
  return (
    <ExternalLink href={href} className={classes}>
      {label}
    </ExternalLink>
  );
}

/** The look of a block's main and second button on its band. */
export const buttonStyles = (tone: Tone): [ButtonStyle, ButtonStyle] =>
  tone.dark ? [{ variant: "secondary" }, { variant: "outline" }] : [{ variant: "default" }, { variant: "outline" }];

/**
 * An image of the media library, or, for a new block's placeholder, an empty frame of the same
 * name (no request for an image that cannot exist).
 */
export function BlockImage({
  src,
  alt,
  width,
  height,
  className,
  eager = false,
}: {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  className?: string;
  eager?: boolean;
}) {
  if (src === MEDIA_PLACEHOLDER)
    return (
      <div
        role="img"
        aria-label={alt}
        className={cn("aspect-video rounded-lg border-2 border-dashed border-slate-300 bg-slate-100", className)}
      />
    );
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={className}
    />
  );
}

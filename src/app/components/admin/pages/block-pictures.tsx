import type { BlockType } from "~/shared/blocks";
import { cn } from "~/app/lib/cn";

/** A shape of a drawing: x, y, width, height in a 64 x 40 box, and its tone. */
type Shape = [number, number, number, number, "ink" | "soft" | "brand" | "band" | "light"];

const TONES = {
  ink: "fill-slate-700",
  soft: "fill-slate-300",
  brand: "fill-brand-600",
  band: "fill-slate-800",
  light: "fill-white",
} as const;

const row = (y: number, widths: number[], h = 2, tone: Shape[4] = "soft", x0 = 8): Shape[] =>
  widths.map((w, i): Shape => [x0, y + i * (h + 2), w, h, tone]);

/** Small wireframes of each block type, drawn as the block lays out its parts. */
const DRAWINGS: Record<BlockType, Shape[]> = {
  hero: [
    [6, 8, 14, 3, "brand"],
    [6, 13, 26, 4, "ink"],
    ...row(20, [24, 20], 2, "soft", 6),
    [6, 28, 10, 4, "brand"],
    [18, 28, 10, 4, "soft"],
    [38, 8, 20, 24, "soft"],
  ],
  richText: [[8, 6, 28, 4, "ink"], ...row(13, [48, 46, 48, 30], 2, "soft"), [8, 30, 40, 2, "soft"]],
  featureGrid: [
    [6, 10, 15, 20, "soft"],
    [24, 10, 15, 20, "soft"],
    [42, 10, 15, 20, "soft"],
    [9, 13, 4, 4, "brand"],
    [27, 13, 4, 4, "brand"],
    [45, 13, 4, 4, "brand"],
    [20, 4, 24, 3, "ink"],
  ],
  steps: [
    [8, 12, 6, 6, "brand"],
    [29, 12, 6, 6, "brand"],
    [50, 12, 6, 6, "brand"],
    [15, 14, 13, 2, "soft"],
    [36, 14, 13, 2, "soft"],
    ...row(22, [10], 2, "ink", 6),
    ...row(22, [10], 2, "ink", 27),
    ...row(22, [10], 2, "ink", 48),
  ],
  callToAction: [
    [0, 8, 64, 24, "band"],
    [14, 13, 36, 4, "light"],
    [24, 22, 16, 5, "brand"],
  ],
  faq: [
    [8, 5, 24, 3, "ink"],
    [8, 11, 48, 6, "soft"],
    [8, 20, 48, 6, "soft"],
    [8, 29, 48, 6, "soft"],
  ],
  testimonial: [
    [10, 6, 6, 6, "brand"],
    ...row(14, [44, 40], 2, "ink", 10),
    [10, 26, 6, 6, "soft"],
    [19, 28, 18, 2, "soft"],
  ],
  logoStrip: [
    [20, 7, 24, 3, "ink"],
    [4, 18, 12, 8, "soft"],
    [19, 18, 12, 8, "soft"],
    [34, 18, 12, 8, "soft"],
    [49, 18, 12, 8, "soft"],
  ],
  figures: [
    [0, 6, 64, 28, "band"],
    [6, 13, 14, 6, "light"],
    [25, 13, 14, 6, "light"],
    [44, 13, 14, 6, "light"],
    [6, 22, 14, 2, "soft"],
    [25, 22, 14, 2, "soft"],
    [44, 22, 14, 2, "soft"],
  ],
  image: [
    [10, 4, 44, 26, "soft"],
    [16, 20, 10, 6, "brand"],
    [30, 14, 14, 12, "ink"],
    [18, 33, 28, 2, "soft"],
  ],
  video: [
    [8, 4, 48, 30, "band"],
    [28, 14, 8, 10, "brand"],
  ],
  industryCards: [
    [6, 8, 15, 24, "soft"],
    [24, 8, 15, 24, "soft"],
    [42, 8, 15, 24, "soft"],
    [9, 11, 5, 5, "brand"],
    [27, 11, 5, 5, "brand"],
    [45, 11, 5, 5, "brand"],
    [9, 27, 8, 2, "brand"],
    [27, 27, 8, 2, "brand"],
    [45, 27, 8, 2, "brand"],
  ],
  latestPosts: [
    [6, 6, 15, 10, "brand"],
    [24, 6, 15, 10, "brand"],
    [42, 6, 15, 10, "brand"],
    [6, 18, 15, 14, "soft"],
    [24, 18, 15, 14, "soft"],
    [42, 18, 15, 14, "soft"],
  ],
  contactForm: [
    [12, 4, 40, 3, "ink"],
    [12, 10, 19, 5, "soft"],
    [33, 10, 19, 5, "soft"],
    [12, 17, 40, 5, "soft"],
    [12, 24, 40, 7, "soft"],
    [12, 33, 14, 4, "brand"],
  ],
  subscribe: [
    [14, 8, 36, 3, "ink"],
    [16, 14, 32, 2, "soft"],
    [12, 22, 28, 6, "soft"],
    [42, 22, 10, 6, "brand"],
  ],
  pricingTable: [
    [6, 8, 15, 26, "soft"],
    [24, 5, 16, 30, "brand"],
    [43, 8, 15, 26, "soft"],
    [9, 12, 8, 3, "ink"],
    [27, 9, 8, 3, "light"],
    [46, 12, 8, 3, "ink"],
  ],
};

/** A block type's picture for the palette and the outline; its name is said beside it, so the picture is decorative. */
export function BlockPicture({ type, className }: { type: BlockType; className?: string }) {
  return (
    <svg
      viewBox="0 0 64 40"
      aria-hidden="true"
      focusable="false"
      className={cn("h-10 w-16 shrink-0 rounded border border-slate-200 bg-slate-50", className)}
    >
      {DRAWINGS[type].map(([x, y, w, h, tone], i) => (
        <rect key={i} x={x} y={y} width={w} height={h} rx={1} className={TONES[tone]} />
      ))}
    </svg>
  );
}

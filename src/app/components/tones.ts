import type { BlockVariant } from "~/shared/blocks";

/**
 * The colours of a section band in each variant (docs/decisions/275-block-variants-and-rhythm.md),
 * shared by the blocks and the home page's sections so both alternate the same bands. Every pair
 * of words and band here passes WCAG AA; the image variant's words sit on an overlay at least as
 * dark as brand-950 at 80 %, so white text keeps a contrast above 7:1 over a white picture.
 */
export type Tone = {
  band: string;
  heading: string;
  text: string;
  muted: string;
  /** Light words on a dark band: buttons, links, icons and panels take their light forms. */
  dark: boolean;
  /** A panel inside the band (a step, a feature) that sets itself off from it. */
  panel: string;
};

const DARK_WORDS = { heading: "text-white", text: "text-brand-100", muted: "text-brand-200", dark: true } as const;

const TONES: Record<BlockVariant, Tone> = {
  plain: {
    band: "bg-white",
    heading: "text-slate-900",
    text: "text-slate-700",
    muted: "text-slate-600",
    dark: false,
    panel: "rounded-2xl bg-slate-50 ring-1 ring-slate-200",
  },
  tinted: {
    band: "bg-brand-50",
    heading: "text-slate-900",
    text: "text-slate-700",
    muted: "text-slate-600",
    dark: false,
    panel: "rounded-2xl bg-white shadow-sm ring-1 ring-brand-100",
  },
  dark: { band: "bg-brand-950", ...DARK_WORDS, panel: "rounded-2xl bg-white/5 ring-1 ring-white/15" },
  image: { band: "bg-brand-950", ...DARK_WORDS, panel: "rounded-2xl bg-brand-950/70 ring-1 ring-white/15" },
};

export const toneOf = (variant: BlockVariant | undefined, fallback: BlockVariant = "plain"): Tone =>
  TONES[variant ?? fallback];

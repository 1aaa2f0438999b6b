import { INDUSTRY_ICON_NAMES } from "~/shared/industry-art";

/**
 * The icons the site draws, each a symbol of one sprite file (src/app/assets/icons.svg), made from
 * Lucide's icons (lucide-static, ISC licence) by `npm run icons`. To add one, add its Lucide name
 * here and run that command.
 */
export const ICON_NAMES = [
  // Hero, About, Core Technology and Benefits cards
  "clock",
  "shield-check",
  "sparkles",
  "lightbulb",
  "code-xml",
  "puzzle",
  "brain-circuit",
  "plug-zap",
  "timer",
  "layers",
  "chart-column",
  // the marks an industry may wear
  ...INDUSTRY_ICON_NAMES,
  // how it works
  "qr-code",
  "coffee",
  "bell-ring",
  "user-check",
  // small marks
  "rss",
  "arrow-left",
  "arrow-right",
  "check",
  "book-open",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

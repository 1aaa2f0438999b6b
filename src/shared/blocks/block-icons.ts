import { INDUSTRY_ICON_NAMES } from "../industry-art";

/**
 * The icons a feature grid or a step may show: marks of the site's icon sprite
 * (src/app/components/icon-names.ts lists every one of them; the components' types check it).
 * Names only, no zod, so the editor's palette may import them.
 */
export const BLOCK_ICON_NAMES = [
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
  "qr-code",
  "coffee",
  "bell-ring",
  "user-check",
  "check",
  "book-open",
  ...INDUSTRY_ICON_NAMES,
] as const;

export type BlockIconName = (typeof BLOCK_ICON_NAMES)[number];

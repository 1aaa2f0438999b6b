import { INDUSTRY_ICON_NAMES } from "../industry-art";

/**
 * The icons a feature grid or a step may show: the site's own cards', steps' and industries' marks,
 * every one in the icon sprite (src/app/components/icon-names.ts builds its list from this one).
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

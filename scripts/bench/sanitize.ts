import { sanitizeContent } from "~/server/posts/content";

/** Inputs that made the old sanitizer take seconds: 1 MB of unclosed `<!--`, in a link and as text. */
const HOSTILE = {
  "1 MB of <!-- in an href": `<a href="${"<!--".repeat(262_144)}">x</a>`,
  "1 MB of <!-- as text": "<!--".repeat(262_144),
} as const;

/** Best of three runs of each input, in milliseconds. */
export function timeSanitizer(): Array<{ name: string; ms: number }> {
  return Object.entries(HOSTILE).map(([name, html]) => {
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      sanitizeContent(html);
      best = Math.min(best, performance.now() - start);
    }
    return { name, ms: best };
  });
}

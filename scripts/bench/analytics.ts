import { better, measure, round, type Load } from "./load";
import { withSite } from "./servers";

/** A reader's browser: a user agent the analytics count (a bench's own would be a bot's, and skipped). */
const BROWSER = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
};
export const ANALYTICS_TARGET = 0.97;

export type AnalyticsResult = { page: string; on: Load; off: Load };

/**
 * The cached home page with ANALYTICS on and off, side by side in one run: both warmed, then three
 * rounds each in the order on, off, off, on, on, off, keeping each one's best, so a burst of other
 * work on the machine weighs on both alike (docs/decisions/106-analytics-without-cookies.md:
 * counting must cost a kept page almost nothing).
 */
export function analyticsPart(folder: (name: string) => string, cacheOn: Record<string, string>) {
  const page = "/";
  return withSite(folder("analytics-on"), { ...cacheOn, ANALYTICS: "on" }, (on) =>
    withSite(folder("analytics-off"), { ...cacheOn, ANALYTICS: "off" }, async (off): Promise<AnalyticsResult> => {
      const best: { on?: Load; off?: Load } = {};
      await measure(on.url + page, undefined, BROWSER);
      await measure(off.url + page, undefined, BROWSER);
      for (const which of ["on", "off", "off", "on", "on", "off"] as const) {
        const url = (which === "on" ? on.url : off.url) + page;
        best[which] = better(best[which], await round(url, { headers: BROWSER }));
      }
      return { page, on: best.on!, off: best.off! };
    }),
  );
}

export const analyticsLine = ({ page, on, off }: AnalyticsResult) =>
  `cached ${page} with analytics on: ${Math.round(on.rps)} req/s, off: ${Math.round(off.rps)} req/s (${Math.round((100 * on.rps) / off.rps)}%)`;

export const analyticsTarget = ({ on, off }: AnalyticsResult) => ({
  name: `cached page with analytics on at least ${Math.round(ANALYTICS_TARGET * 100)}% of off (same run)`,
  met: on.rps >= ANALYTICS_TARGET * off.rps,
  value: `${Math.round((100 * on.rps) / off.rps)}%`,
});

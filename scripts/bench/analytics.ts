import { cpuRound, round, type Load } from "./load";
import { withSite } from "./servers";

/** A reader's browser: a user agent the analytics count (a bench's own would be a bot's, and skipped). */
const BROWSER = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
};
export const ANALYTICS_TARGET = 0.97;
/** Rounds per server: an odd number, so the median is a round that was measured. */
const ROUNDS = 9;
const ROUND_SECONDS = 2;

type Which = "on" | "off";
export type AnalyticsRound = { which: Which; load: Load; cpuMs: number };
export type AnalyticsResult = { page: string; on: Load; off: Load; rounds: AnalyticsRound[] };

/** The order of the rounds: on, off, off, on, on, off ... so a load rising or falling through the run weighs on both alike. */
const order = (): Which[] =>
  Array.from({ length: ROUNDS }, (_, i): Which[] => (i % 2 === 0 ? ["on", "off"] : ["off", "on"])).flat();

/** The round with the median requests per second of one server's rounds. */
function median(rounds: AnalyticsRound[], which: Which): AnalyticsRound {
  const mine = rounds.filter((r) => r.which === which).sort((a, b) => a.load.rps - b.load.rps);
  return mine[Math.floor(mine.length / 2)]!;
}

/**
 * The cached home page with ANALYTICS on and off, both running, measured alternately in short
 * rounds, and each server's median round compared: a burst of other work on a shared machine
 * slows a round or two, not the median (docs/decisions/106-analytics-without-cookies.md: counting
 * must cost a kept page almost nothing). Each round also reads the server's CPU time per answer,
 * which other work on the machine moves less than the answers per second.
 */
export function analyticsPart(folder: (name: string) => string, cacheOn: Record<string, string>) {
  const page = "/";
  return withSite(folder("analytics-on"), { ...cacheOn, ANALYTICS: "on" }, (on) =>
    withSite(folder("analytics-off"), { ...cacheOn, ANALYTICS: "off" }, async (off): Promise<AnalyticsResult> => {
      const servers = { on, off };
      // Two unrecorded rounds each first: in the first rounds after a start a server spends up to
      // three times the CPU per answer (JIT, the heap growing), and one second was not enough.
      for (const which of ["on", "off", "on", "off"] as const) {
        await round(servers[which].url + page, { seconds: ROUND_SECONDS, headers: BROWSER });
      }
      const rounds: AnalyticsRound[] = [];
      for (const which of order()) {
        const { url, pid } = servers[which];
        const { cpuMs, ...load } = await cpuRound(url + page, pid, { seconds: ROUND_SECONDS, headers: BROWSER });
        rounds.push({ which, load, cpuMs });
      }
      return { page, on: median(rounds, "on").load, off: median(rounds, "off").load, rounds };
    }),
  );
}

const percent = (on: Load, off: Load) => `${Math.round((100 * on.rps) / off.rps)}%`;
const micros = (ms: number) => `${Math.round(ms * 1000)} µs`;

/** The rounds in the order they ran, then the line the docs quote: each server's median round. */
export function analyticsReport({ page, on, off, rounds }: AnalyticsResult): string {
  const lines = rounds.map(
    ({ which, load, cpuMs }, i) =>
      `  round ${String(i + 1).padStart(2)}  ${which.padEnd(3)}  ${Math.round(load.rps).toLocaleString("en-US").padStart(7)} req/s  ${micros(cpuMs).padStart(7)} CPU per answer`,
  );
  const cpu = (which: Which) => {
    const all = rounds
      .filter((r) => r.which === which)
      .map((r) => r.cpuMs)
      .sort((a, b) => a - b);
    return all[Math.floor(all.length / 2)]!;
  };
  return `cached ${page}, analytics on and off, ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s each:
${lines.join("\n")}
server CPU per answer, median round: on ${micros(cpu("on"))}, off ${micros(cpu("off"))}
${analyticsLine({ page, on, off })}`;
}

export const analyticsLine = ({ page, on, off }: Pick<AnalyticsResult, "page" | "on" | "off">) =>
  `cached ${page} with analytics on: ${Math.round(on.rps)} req/s, off: ${Math.round(off.rps)} req/s (${percent(on, off)})`;

export const analyticsTarget = ({ on, off }: AnalyticsResult) => ({
  name: `cached page with analytics on at least ${Math.round(ANALYTICS_TARGET * 100)}% of off (same run, median rounds)`,
  met: on.rps >= ANALYTICS_TARGET * off.rps,
  value: percent(on, off),
});

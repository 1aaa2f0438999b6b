import { readFileSync } from "node:fs";
import autocannon from "autocannon";

/** One measurement: requests per second and latency percentiles, in milliseconds. */
export type Load = { rps: number; p50: number; p99: number };

export const CONNECTIONS = 50;
const WARM_UP_SECONDS = 1;
const ROUNDS = 2;
export const ROUND_SECONDS = 3;

/**
 * One round of `seconds` at `connections`, with no warm-up. Fails on any error or answer other
 * than 2xx, so a broken page cannot pass for a fast one.
 */
export async function round(
  url: string,
  {
    connections = CONNECTIONS,
    seconds = ROUND_SECONDS,
    headers = {},
  }: { connections?: number; seconds?: number; headers?: Record<string, string> } = {},
): Promise<Load> {
  const result = await autocannon({ url, connections, headers, duration: seconds });
  if (result.errors || result.non2xx || result.timeouts) {
    throw new Error(
      `${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} answers other than 2xx`,
    );
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * CPU seconds a process has used (user and system, /proc/PID/stat): on a machine shared with
 * other work, the CPU time a server spends per answer is steadier than the answers per second.
 */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime and stime, in clock ticks of 10 ms
}

/** One round (as `round`), with the CPU time per answer of the server `pid`, in milliseconds. */
export async function cpuRound(
  url: string,
  pid: number,
  options: Parameters<typeof round>[1] = {},
): Promise<Load & { cpuMs: number }> {
  const before = cpuSeconds(pid);
  const load = await round(url, options);
  return { ...load, cpuMs: ((cpuSeconds(pid) - before) * 1000) / (load.rps * (options.seconds ?? ROUND_SECONDS)) };
}

/** The better of two loads: other work on the machine can only slow a round down. */
export const better = (a: Load | undefined, b: Load): Load => (a && a.rps >= b.rps ? a : b);

/**
 * Warms the server up (JIT, the cache's first render), then keeps the better of two rounds at 50
 * connections unless told otherwise.
 */
export async function measure(
  url: string,
  connections = CONNECTIONS,
  headers: Record<string, string> = {},
): Promise<Load> {
  await autocannon({ url, connections, headers, duration: WARM_UP_SECONDS });
  let best: Load | undefined;
  for (let i = 0; i < ROUNDS; i++) best = better(best, await round(url, { connections, headers }));
  return best!;
}

import type { Load } from "./load";

/** The table `npm run bench` prints, as plain text that pastes into docs/benchmarks.md. */
export type Row = { page: string; server: string; load: Load; against?: Load };

const int = (n: number) => Math.round(n).toLocaleString("en-US");
const pad = (text: string, width: number) => text.padEnd(width);
const padLeft = (text: string, width: number) => text.padStart(width);

export function loadTable(rows: Row[]): string {
  const header = `${pad("page", 24)}${pad("server", 26)}${padLeft("req/s", 9)}${padLeft("p50 ms", 9)}${padLeft("p99 ms", 9)}  vs node:http`;
  const lines = rows.map(({ page, server, load, against }) => {
    const ratio = against ? `${Math.round((100 * load.rps) / against.rps)}%` : "";
    return `${pad(page, 24)}${pad(server, 26)}${padLeft(int(load.rps), 9)}${padLeft(String(load.p50), 9)}${padLeft(String(load.p99), 9)}  ${ratio}`.trimEnd();
  });
  return [header, ...lines].join("\n");
}

export type Target = { name: string; met: boolean; value: string };

export function targetList(targets: Target[]): string {
  return targets.map((t) => `${t.met ? "met   " : "MISSED"}  ${t.name}: ${t.value}`).join("\n");
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

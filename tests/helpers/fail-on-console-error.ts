import { afterEach, beforeEach, vi } from "vitest";

/**
 * A console.error during a unit or HTTP test fails it (docs/architecture.md section 7): an error that is
 * only logged is a bug nobody sees. A test that expects one calls `expectConsoleError(pattern)`.
 */
let logged: string[] = [];
let expected: RegExp[] = [];

export function expectConsoleError(pattern: RegExp): void {
  expected.push(pattern);
}

beforeEach(() => {
  logged = [];
  expected = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(" "));
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  const unexpected = logged.filter((line) => !expected.some((p) => p.test(line)));
  if (unexpected.length) throw new Error(`console.error was called during the test:\n${unexpected.join("\n")}`);
});

/**
 * How often the errors met while answering requests are logged: each cause (an error's name and
 * the first line of its message) once a window, in full; the ones after it in the same window are
 * counted, and the count is written with the cause's next log. A client that can make the server
 * fail the same way on every request then costs the log one entry a minute, not one per request,
 * and a bug still shows at once. Causes are bounded too: past `causes` distinct ones in a window
 * (messages that carry a request's own text), the rest share one.
 */
export const ERROR_LOG_LIMITS = { windowMs: 60_000, causes: 100 } as const;

export const ERROR_LOG_MESSAGES = {
  notLogged: (count: number, seconds: number) =>
    `(${count} more like this in the last ${seconds} s ${count === 1 ? "was" : "were"} not logged)`,
  otherCauses: "errors of other causes",
} as const;

export type ErrorLog = (error: unknown) => void;

type Window = { until: number; skipped: number };

/** Longer messages are cut in the key, so two errors that differ only far in differ in nothing here. */
const KEY_LENGTH = 200;

export function createErrorLog({
  write = (...args: unknown[]) => console.error(...args),
  now = Date.now,
  limits = ERROR_LOG_LIMITS,
}: {
  write?: (...args: unknown[]) => void;
  now?: () => number;
  limits?: { windowMs: number; causes: number };
} = {}): ErrorLog {
  const windows = new Map<string, Window>();

  function windowOf(cause: string, at: number): { window: Window; fresh: boolean } {
    const known = windows.get(cause);
    if (known && known.until > at) return { window: known, fresh: false };
    if (!known && cause !== ERROR_LOG_MESSAGES.otherCauses && windows.size >= limits.causes) {
      // Ended windows go, with any count they held: a cause that stopped is not worth a line.
      for (const [key, { until }] of windows) if (until <= at) windows.delete(key);
      if (windows.size >= limits.causes) return windowOf(ERROR_LOG_MESSAGES.otherCauses, at);
    }
    const window = { until: at + limits.windowMs, skipped: known?.skipped ?? 0 };
    windows.set(cause, window);
    return { window, fresh: true };
  }

  return (error) => {
    const at = now();
    const { window, fresh } = windowOf(causeOf(error), at);
    if (!fresh) {
      window.skipped += 1;
      return;
    }
    const skipped = window.skipped;
    window.skipped = 0;
    if (skipped > 0) write(ERROR_LOG_MESSAGES.notLogged(skipped, Math.round(limits.windowMs / 1000)), error);
    else write(error);
  };
}

function causeOf(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.split("\n", 1)[0]!.slice(0, KEY_LENGTH);
}

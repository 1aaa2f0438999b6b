import { useCallback, useState } from "react";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** One log line as the Post Update Test Tool shows it (docs/product.md section 2): `[HH:MM:SS.mmm] text`, local time. */
export function logLine(at: Date, text: string): string {
  return `[${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}.${pad(at.getMilliseconds(), 3)}] ${text}`;
}

/** The timestamped Debug Log: newest line last, emptied by Clear Logs. */
export function useDebugLog() {
  const [lines, setLines] = useState<string[]>([]);
  const log = useCallback((text: string) => setLines((all) => [...all, logLine(new Date(), text)]), []);
  const clear = useCallback(() => setLines([]), []);
  return { lines, log, clear };
}

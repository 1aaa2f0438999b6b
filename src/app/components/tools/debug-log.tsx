import { useEffect, useRef } from "react";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { TEST_UPDATE_MESSAGES as M } from "./tool-messages";

/**
 * docs/product.md section 2, /test-update: the Debug Log with Clear Logs, kept scrolled to the newest line.
 * A `log` region, so a screen reader hears each new step.
 */
export function DebugLog({ lines, onClear }: { lines: string[]; onClear: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollTo({ top: box.current.scrollHeight });
  }, [lines]);

  return (
    <Card className="p-4 sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="debug-log-heading" className="text-lg font-semibold text-slate-900">
          {M.logHeading}
        </h2>
        <Button variant="outline" size="sm" onClick={onClear} disabled={!lines.length}>
          {M.clearLogs}
        </Button>
      </div>
      <div
        ref={box}
        role="log"
        aria-labelledby="debug-log-heading"
        className="mt-3 max-h-80 overflow-y-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-relaxed wrap-anywhere text-slate-100"
      >
        {lines.length ? lines.map((line, i) => <p key={i}>{line}</p>) : <p className="text-slate-300">{M.logEmpty}</p>}
      </div>
    </Card>
  );
}

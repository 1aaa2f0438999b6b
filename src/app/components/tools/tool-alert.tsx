import type { ReactNode } from "react";
import { cn } from "~/app/lib/cn";

const TONES = {
  success: "border-green-300 bg-green-50 text-green-900",
  error: "border-red-300 bg-red-50 text-red-900",
  info: "border-slate-300 bg-white text-slate-800",
} as const;

/**
 * The outcome box of the utility pages (docs/product.md section 8: the purge's inline Error box and green
 * success line, the test removal's alerts). An error is announced at once (role alert), a
 * success politely (role status).
 */
export function ToolAlert({
  tone,
  title,
  children,
}: {
  tone: keyof typeof TONES;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={cn("rounded-lg border p-4", TONES[tone])}>
      <p className="font-semibold">{title}</p>
      {children && <div className="mt-2 space-y-2 text-sm wrap-anywhere">{children}</div>}
    </div>
  );
}

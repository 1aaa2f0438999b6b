import type { ComponentProps } from "react";
import { cn } from "~/app/lib/cn";

const TONES = {
  default: "bg-brand-100 text-brand-900",
  success: "bg-green-100 text-green-900",
  muted: "bg-slate-200 text-slate-800",
  warning: "bg-amber-100 text-amber-900",
} as const;

export function Badge({
  tone = "default",
  className,
  ...props
}: ComponentProps<"span"> & { tone?: keyof typeof TONES }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}

import type { ComponentProps } from "react";
import { cn } from "~/app/lib/cn";

/** docs/product.md section 9: the variants and sizes every button on the site is drawn from. */
const VARIANTS = {
  default: "bg-brand-700 text-white hover:bg-brand-800",
  destructive: "bg-red-700 text-white hover:bg-red-800",
  outline: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
  secondary: "bg-brand-100 text-brand-900 hover:bg-brand-200",
  ghost: "text-slate-700 hover:bg-slate-100",
  link: "text-brand-700 underline-offset-4 hover:underline",
} as const;

const SIZES = {
  default: "h-10 px-4 py-2",
  sm: "h-9 px-3 text-sm",
  lg: "h-12 px-6 text-base",
  icon: "h-10 w-10",
} as const;

export type ButtonStyle = { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES };

export function buttonClasses({ variant = "default", size = "default" }: ButtonStyle = {}, extra?: string) {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors",
    "disabled:pointer-events-none disabled:opacity-60",
    VARIANTS[variant],
    SIZES[size],
    extra,
  );
}

export function Button({
  variant,
  size,
  className,
  type = "button",
  ...props
}: ComponentProps<"button"> & ButtonStyle) {
  return <button type={type} className={buttonClasses({ variant, size }, className)} {...props} />;
}

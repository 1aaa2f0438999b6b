import * as TabsPrimitive from "@radix-ui/react-tabs";
import type { ComponentProps } from "react";
import { cn } from "~/app/lib/cn";

/** Radix tabs (docs/architecture.md section 8): arrow keys move between tabs, each panel tied to its tab. */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  // Wraps onto a second line when the tabs outgrow a phone's width, instead of widening the page.
  return (
    <TabsPrimitive.List
      className={cn("inline-flex max-w-full flex-wrap gap-y-1 rounded-lg bg-slate-200 p-1", className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "rounded-md px-4 py-1.5 text-sm font-medium text-slate-700",
        "data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm",
        className,
      )}
      {...props}
    />
  );
}

export const TabsContent = TabsPrimitive.Content;

import type { ComponentProps } from "react";
import { cn } from "~/app/lib/cn";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("rounded-xl border border-slate-200 bg-white p-6 shadow-sm", className)} {...props} />;
}

/** A card alone in the middle of the page: the not-found, error, sign-in and admins-only views. */
export function CenteredCard({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <Card className={cn("w-full max-w-md", className)} {...props} />
    </div>
  );
}

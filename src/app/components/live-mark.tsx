import { cn } from "~/app/lib/cn";

/** The "Live" mark of a pictured queue board: a green dot and the word. */
export function LiveMark({ className, dot }: { className?: string; dot: "bg-emerald-400" | "bg-emerald-500" }) {
  return (
    <span className={cn("flex items-center gap-1.5", className)}>
      <span className={cn("h-2 w-2 rounded-full", dot)} />
      Live
    </span>
  );
}

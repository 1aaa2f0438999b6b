import { Button } from "~/app/components/ui/button";
import { cn } from "~/app/lib/cn";
import { toast } from "~/app/lib/toast";

type ShownOnceWords = { copy: string; copied: string; copyFailed: string; done: string };

/**
 * A secret shown once, right after it is made (an API token, a webhook's signing secret, a one-time
 * link an admin hands over): selected when focused, copied with one click, and gone when the user
 * says they have it, since the server keeps no way to show it again.
 */
export function ShownOnce({
  id,
  label,
  note,
  value,
  words,
  onDone,
  className,
}: {
  id: string;
  label: string;
  note?: string;
  value: string;
  words: ShownOnceWords;
  onDone: () => void;
  className?: string;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: words.copied });
    } catch {
      toast({ title: words.copyFailed, variant: "destructive" });
    }
  };
  return (
    <div className={cn("space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4", className)} role="status">
      <label className="block text-sm font-medium text-slate-900" htmlFor={id}>
        {label}
      </label>
      {note && <p className="text-sm text-slate-700">{note}</p>}
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {words.copy}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {words.done}
        </Button>
      </div>
    </div>
  );
}

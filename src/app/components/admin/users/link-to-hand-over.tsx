import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { USERS_MESSAGES as M } from "./users-messages";

/**
 * A one-time link the admin passes on themselves (docs/decisions/230-invitations-and-reset-links.md):
 * an invitation's, or a reset link when the server sends no email. Shown until dismissed; it is
 * not kept anywhere the admin could see it again.
 */
export function LinkToHandOver({
  id,
  label,
  link,
  onDone,
}: {
  id: string;
  label: string;
  link: string;
  onDone: () => void;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: M.copied });
    } catch {
      toast({ title: M.copyFailed, variant: "destructive" });
    }
  };
  return (
    <div className="mt-3 space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4" role="status">
      <label className="block text-sm font-medium text-slate-900" htmlFor={id}>
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {M.copy}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {M.done}
        </Button>
      </div>
    </div>
  );
}

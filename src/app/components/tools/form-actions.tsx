import { Button } from "~/app/components/ui/button";

/** A tool form's footer: a secondary button (Cancel, Clear Form) and the submit button with its pending label. */
export function FormActions({
  secondary,
  onSecondary,
  submit,
  pending,
  busy,
}: {
  secondary: string;
  onSecondary: () => void;
  submit: string;
  pending: string;
  busy: boolean;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-5">
      <Button variant="outline" onClick={onSecondary}>
        {secondary}
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? pending : submit}
      </Button>
    </div>
  );
}

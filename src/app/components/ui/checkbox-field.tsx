import type { ReactNode } from "react";

/** A checkbox with its label and a hint under it, the hint read out with the box (`aria-describedby`). */
export function CheckboxField({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: ReactNode;
  hint: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-2 text-sm text-slate-800">
      <input
        id={id}
        type="checkbox"
        className="mt-1"
        checked={checked}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
}

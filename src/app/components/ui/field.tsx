import type { ComponentProps, ReactNode } from "react";

export const inputClasses =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm " +
  "placeholder:text-slate-500 focus:border-brand-600 aria-invalid:border-red-600";

/**
 * A label, its control and the control's error, tied together for screen readers
 * (docs/architecture.md section 8): the control gets `id`, `aria-invalid` and `aria-describedby` from here.
 */
export function Field({
  id,
  label,
  error,
  optional,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  optional?: boolean;
  children: (control: { id: string; "aria-invalid": boolean; "aria-describedby"?: string }) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {optional && <span className="font-normal text-slate-600"> (optional)</span>}
      </label>
      {children({ id, "aria-invalid": Boolean(error), ...(error && { "aria-describedby": errorId }) })}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A Field holding one text input (any type); the rest of the props go to the input. */
export function InputField({
  id,
  label,
  error,
  optional,
  ...input
}: { id: string; label: string; error?: string; optional?: boolean } & Omit<ComponentProps<"input">, "id">) {
  return (
    <Field id={id} label={label} error={error} optional={optional}>
      {(a) => <input {...a} {...input} className={inputClasses} />}
    </Field>
  );
}

/** A filter's label and select, for the admin lists' filter rows; `onChange` gets the chosen value. */
export function FilterSelect<T extends string>({
  id,
  label,
  value,
  onChange,
  options,
  className = "text-sm text-slate-800",
}: {
  id: string;
  label: string;
  value: T;
  onChange: (value: T) => void;
  /** Each choice as [value, what it reads]. */
  options: ReadonlyArray<readonly [T, string]>;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select id={id} className={inputClasses} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

import { useState, type ChangeEvent } from "react";
import { inputClasses } from "~/app/components/ui/field";

/**
 * The text fields of a tool form as plain state (the tools need no react-hook-form): `bind`
 * gives a control its value, change handler and the shared input style.
 */
export function useTextFields<T extends Record<string, string>>(empty: T) {
  const [values, setValues] = useState(empty);
  const set = (field: keyof T) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const bind = (field: keyof T) => ({
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(field)(e.target.value),
    className: inputClasses,
  });
  return { values, setValues, set, bind };
}

export type TextFields<T extends Record<string, string>> = ReturnType<typeof useTextFields<T>>;

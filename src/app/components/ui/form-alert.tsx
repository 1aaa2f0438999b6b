import type { ReactNode } from "react";

/** A form's refusal above its fields (sign-in, first-run setup), read out at once by screen readers. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {children}
    </p>
  );
}

import type { ReactNode } from "react";

/**
 * A panel's records as a bordered list named `label`, each drawn by `children` as an `li` with its
 * key, or the `none` sentence when there are none; nothing until they are loaded.
 */
export function RecordList<T>({
  records,
  label,
  none,
  children,
}: {
  records: T[] | undefined;
  label: string;
  none: string;
  children: (record: T) => ReactNode;
}) {
  if (!records) return null;
  if (records.length === 0) return <p className="text-sm text-slate-600">{none}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label={label}>
      {records.map(children)}
    </ul>
  );
}

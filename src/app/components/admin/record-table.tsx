import type { ReactNode } from "react";

/**
 * A panel's records as a table that scrolls sideways on a narrow screen: `caption` names it for
 * screen readers, `columns` head its columns and, when the rows end in a button, `actions` names
 * that last column for screen readers only. `children` are the body's rows.
 */
export function RecordTable({
  caption,
  columns,
  actions,
  children,
}: {
  caption: string;
  columns: string[];
  actions?: string;
  children: ReactNode;
}) {
  const last = actions ? -1 : columns.length - 1;
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-700">
            {columns.map((label, i) => (
              <th key={label} scope="col" className={i === last ? "py-2" : "py-2 pr-3"}>
                {label}
              </th>
            ))}
            {actions && (
              <th scope="col" className="py-2">
                <span className="sr-only">{actions}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

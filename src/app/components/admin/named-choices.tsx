/**
 * A set of checkboxes over a fixed list of names (an API token's scopes, a webhook's events): each
 * with its words and, on a wide screen, the name a script sends; one error for the set.
 */
export function NamedChoices<N extends string>({
  id,
  legend,
  field,
  names,
  labels,
  chosen,
  onChange,
  error,
}: {
  id: string;
  legend: string;
  /** The form field the boxes post as. */
  field: string;
  names: readonly N[];
  labels: Record<N, string>;
  chosen: readonly N[];
  onChange: (chosen: N[]) => void;
  error?: string;
}) {
  const errorId = `${id}-error`;
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {names.map((name) => (
        <label key={name} className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            name={field}
            value={name}
            checked={chosen.includes(name)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, name] : chosen.filter((c) => c !== name))}
            className="h-4 w-4"
          />
          {labels[name]} <code className="hidden text-xs text-slate-600 sm:inline">{name}</code>
        </label>
      ))}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

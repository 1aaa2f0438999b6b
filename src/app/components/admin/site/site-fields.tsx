import { useId, type ReactNode } from "react";
import { Button } from "~/app/components/ui/button";
import { Field, inputClasses } from "~/app/components/ui/field";
import { SITE_TAB_MESSAGES as M } from "./site-messages";
import { useSiteField } from "./site-editor-context";
import { moveItem, pathKey, type Path } from "./site-paths";

/**
 * A text field of the draft with its limit shown as a counter (src/shared/site-content.ts
 * SITE_LIMITS), tied to its label and message for screen readers.
 */
export function SiteTextField({
  path,
  label,
  max,
  multiline = false,
}: {
  path: Path;
  label: string;
  max: number;
  multiline?: boolean;
}) {
  const { value = "", set, error } = useSiteField<string>(path);
  const id = `site-${pathKey(path).replaceAll(".", "-")}`;
  const counterId = `${id}-count`;
  const over = value.length > max;
  return (
    <Field id={id} label={label} error={error}>
      {(a) => (
        <>
          {multiline ? (
            <textarea
              {...a}
              rows={4}
              value={value}
              onChange={(e) => set(e.target.value)}
              aria-describedby={[a["aria-describedby"], counterId].filter(Boolean).join(" ")}
              className={inputClasses}
            />
          ) : (
            <input
              {...a}
              value={value}
              onChange={(e) => set(e.target.value)}
              aria-describedby={[a["aria-describedby"], counterId].filter(Boolean).join(" ")}
              className={inputClasses}
            />
          )}
          <p id={counterId} className={over ? "text-xs font-semibold text-red-700" : "text-xs text-slate-600"}>
            {M.counter(value.length, max)}
          </p>
        </>
      )}
    </Field>
  );
}

/** A list of texts (paragraphs, points, features): each one a field, added and removed in place. */
export function SiteTextList({
  path,
  label,
  itemLabel,
  max,
  maxItems,
  multiline = false,
}: {
  path: Path;
  label: string;
  itemLabel: (index: number) => string;
  max: number;
  maxItems: number;
  multiline?: boolean;
}) {
  const { value = [], set, error } = useSiteField<string[]>(path);
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{label}</legend>
      {error && <p className="text-sm text-red-700">{error}</p>}
      {value.map((_, i) => (
        <div key={i} className="flex items-start gap-2">
          <div className="flex-1">
            <SiteTextField path={[...path, i]} label={itemLabel(i)} max={max} multiline={multiline} />
          </div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="mt-6"
            aria-label={M.removeItem(itemLabel(i))}
            onClick={() => set(value.filter((__, j) => j !== i))}
          >
            ✕
          </Button>
        </div>
      ))}
      {value.length < maxItems && (
        <Button type="button" variant="outline" size="sm" onClick={() => set([...value, ""])}>
          {M.addItem}
        </Button>
      )}
    </fieldset>
  );
}

/** Title and text of each card of a fixed set (the hero's three, How It Works' four steps...). */
export function SiteCards({
  path,
  label,
  count,
  titleMax,
  textMax,
}: {
  path: Path;
  label: (index: number) => string;
  count: number;
  titleMax: number;
  textMax: number;
}) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {Array.from({ length: count }, (_, i) => (
        <fieldset key={i} className="space-y-3 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">{label(i)}</legend>
          <SiteTextField path={[...path, i, "title"]} label="Title" max={titleMax} />
          <SiteTextField path={[...path, i, "text"]} label="Text" max={textMax} multiline />
        </fieldset>
      ))}
    </div>
  );
}

type LinkItem = Record<string, string | number>;

/**
 * Links in order (the header's, the footer's, the community's): name and address, moved up and
 * down. `target`, when given, is where a link leads instead of its address field (a page or an
 * address: page-choice.tsx).
 */
export function SiteLinkList({
  path,
  label,
  nameKey,
  hrefKey,
  nameMax,
  maxItems,
  target,
}: {
  path: Path;
  label: string;
  nameKey: string;
  hrefKey: string;
  nameMax: number;
  maxItems: number;
  target?: (itemPath: Path) => ReactNode;
}) {
  const { value = [], set, error } = useSiteField<LinkItem[]>(path);
  const legendId = useId();
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4" aria-labelledby={legendId}>
      <legend id={legendId} className="px-1 text-sm font-semibold text-slate-800">
        {label}
      </legend>
      {error && <p className="text-sm text-red-700">{error}</p>}
      <ol className="space-y-3">
        {value.map((item, i) => {
          const name = String(item[nameKey] ?? "") || `${label} ${i + 1}`;
          return (
            <li key={i} className="grid gap-2 rounded-md bg-slate-50 p-3 sm:grid-cols-[1fr_2fr_auto]">
              <SiteTextField path={[...path, i, nameKey]} label="Label" max={nameMax} />
              {target ? (
                target([...path, i])
              ) : (
                <SiteTextField path={[...path, i, hrefKey]} label={M.address} max={2000} />
              )}
              <div className="flex items-end gap-1">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={M.moveUp(name)}
                  disabled={i === 0}
                  onClick={() => set(moveItem(value, i, i - 1))}
                >
                  ↑
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={M.moveDown(name)}
                  disabled={i === value.length - 1}
                  onClick={() => set(moveItem(value, i, i + 1))}
                >
                  ↓
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={M.removeItem(name)}
                  onClick={() => set(value.filter((_, j) => j !== i))}
                >
                  ✕
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {value.length < maxItems && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => set([...value, { [nameKey]: "", [hrefKey]: "" }])}
        >
          {M.addItem}
        </Button>
      )}
    </fieldset>
  );
}

import { useEffect, useRef, useState } from "react";
import { Button } from "~/app/components/ui/button";
import { PAGE_EDITOR_MESSAGES as M } from "~/shared/page-editor";
import type { CmsPage } from "~/shared/pages";
import { blockName } from "./block-outline";
import { PAGE_VALUE_FIELDS, sameValue, valuesOf, type PageValues } from "./page-values";

type Field = (typeof PAGE_VALUE_FIELDS)[number];
type Side = "theirs" | "mine";

/** A value as the choice shows it: the blocks by their names in order, a setting as its text. */
function shown(field: Field, values: PageValues): string {
  if (field === "blocks")
    return M.blocksSummary(values.blocks.map((b) => (b.hidden ? `${blockName(b)} (${M.hiddenBadge})` : blockName(b))));
  if (field === "noindex") return values.noindex ? "noindex" : "-";
  return values[field] || "-";
}

/**
 * A save refused because the page changed since this editor opened it (409), as the post
 * editor's conflict works (docs/decisions/104-conflicts-field-by-field.md): who saved it and when,
 * then each part the two versions differ in side by side, theirs or mine, suggested by which side
 * changed it since the version both began from. Nothing is saved until "Save with these choices".
 */
export function PageConflict({
  theirs,
  base,
  mine,
  busy,
  onSave,
}: {
  theirs: CmsPage;
  /** The version this editor began from. */
  base: PageValues;
  mine: PageValues;
  busy: boolean;
  onSave: (values: PageValues) => void;
}) {
  const theirValues = valuesOf(theirs);
  const fields = PAGE_VALUE_FIELDS.filter((field) => !sameValue(theirValues[field], mine[field]));
  const suggested = (field: Field): Side => (sameValue(mine[field], base[field]) ? "theirs" : "mine");
  const [choices, setChoices] = useState<Partial<Record<Field, Side>>>({});
  const shownRef = useRef<HTMLElement>(null);
  useEffect(() => {
    shownRef.current?.scrollIntoView({ block: "start" });
  }, []);
  const name = (theirs as CmsPage & { updatedByName?: string }).updatedByName;
  const save = () => {
    const values = { ...mine };
    for (const field of fields) {
      if ((choices[field] ?? suggested(field)) === "theirs") Object.assign(values, { [field]: theirValues[field] });
    }
    onSave(values);
  };
  return (
    <section
      ref={shownRef}
      aria-labelledby="page-conflict-title"
      className="space-y-4 rounded-lg border border-red-300 bg-red-50 p-4"
    >
      <div role="alert">
        <h3 id="page-conflict-title" className="font-semibold text-red-900">
          {M.conflictTitle}
        </h3>
        <p className="mt-1 text-sm text-red-900">{M.conflictSavedBy(name, theirs.updatedAt)}</p>
      </div>
      <p className="text-sm text-slate-800">{fields.length ? M.conflictIntro : M.conflictNone}</p>
      {fields.map((field) => {
        const choice = choices[field] ?? suggested(field);
        return (
          <fieldset key={field} className="rounded-md border border-slate-200 bg-white p-3">
            <legend className="px-1 text-sm font-semibold text-slate-900">{M.conflictFields[field]}</legend>
            <div className="grid gap-2 md:grid-cols-2">
              {(["theirs", "mine"] as const).map((side) => (
                <label key={side} className="flex cursor-pointer gap-2 rounded border border-slate-200 p-2 text-sm">
                  <input
                    type="radio"
                    aria-label={side === "theirs" ? M.theirs(name) : M.mine}
                    name={`page-conflict-${field}`}
                    checked={choice === side}
                    onChange={() => setChoices((all) => ({ ...all, [field]: side }))}
                  />
                  <span>
                    <span className="block font-medium">{side === "theirs" ? M.theirs(name) : M.mine}</span>
                    <span className="block wrap-anywhere text-slate-700">
                      {shown(field, side === "theirs" ? theirValues : mine)}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      <Button type="button" onClick={save} disabled={busy}>
        {M.conflictSave}
      </Button>
    </section>
  );
}

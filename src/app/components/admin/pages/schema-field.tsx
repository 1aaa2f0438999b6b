import type { z } from "zod";
import { Button } from "~/app/components/ui/button";
import { cn } from "~/app/lib/cn";
import { blockChoiceLabel, blockFieldLabel, itemLabel } from "~/shared/blocks/block-field-labels";
import { PAGE_EDITOR_MESSAGES as M } from "~/shared/page-editor";
import type { Path } from "../site/site-paths";
import { BooleanField, ChoiceField, idOf, NumberField, RichTextField, TextField } from "./leaf-fields";
import { shapeOf, startValue, unwrap } from "./schema-shape";

export type FieldProps = {
  /** The field's name in its object ("headline"), or the list's for an item. */
  name: string;
  schema: z.ZodType;
  /** Where the value sits in the page's form, the path the field messages name ("blocks.0.headline"). */
  path: Path;
  value: unknown;
  onChange: (value: unknown) => void;
  errorOf: (path: Path) => string | undefined;
  label?: string;
};

/**
 * One field of a block's form, made from its zod schema (docs/decisions/270-block-forms-from-their-schemas.md):
 * a text with its counter, a number, a switch, a choice (radio buttons, pictures for icons, or a
 * select), a list of items to add and remove, a group of fields, or a choice of variants each with
 * its own fields. The limits and messages are the schema's, the same the server answers with.
 */
export function SchemaField(props: FieldProps) {
  const { schema, name } = props;
  const { inner, optional } = unwrap(schema);
  const shape = shapeOf(inner);
  const label = props.label ?? blockFieldLabel(name);
  switch (shape.kind) {
    case "text":
      return name === "html" ? (
        <RichTextField {...props} label={label} />
      ) : (
        <TextField {...props} label={label} optional={optional} max={shape.max} />
      );
    case "number":
      return <NumberField {...props} label={label} optional={optional} />;
    case "boolean":
      return <BooleanField {...props} label={label} />;
    case "choice":
      return <ChoiceField {...props} label={label} optional={optional} options={shape.options} />;
    case "list":
      return <ListField {...props} label={label} item={shape.item} min={shape.min} max={shape.max} />;
    case "object":
      return (
        <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-800">{label}</legend>
          <ObjectFields {...props} fields={shape.fields} />
        </fieldset>
      );
    case "variants":
      return <VariantsField {...props} label={label} keyName={shape.key} options={shape.options} />;
    default:
      return null;
  }
}

/** The fields of an object, each under its own name; `skip` leaves some out (a block's id and type). */
export function ObjectFields({
  fields,
  path,
  value,
  onChange,
  errorOf,
  skip = [],
}: Omit<FieldProps, "name" | "schema"> & { fields: Record<string, z.ZodType>; skip?: readonly string[] }) {
  const record = (value ?? {}) as Record<string, unknown>;
  return (
    <>
      {Object.entries(fields)
        .filter(([key]) => !skip.includes(key))
        .map(([key, field]) => (
          <SchemaField
            key={key}
            name={key}
            schema={field}
            path={[...path, key]}
            value={record[key]}
            errorOf={errorOf}
            onChange={(next) =>
              onChange(
                next === undefined
                  ? Object.fromEntries(Object.entries(record).filter(([k]) => k !== key))
                  : { ...record, [key]: next },
              )
            }
          />
        ))}
    </>
  );
}

/** A list of items, each added and removed in place, within the schema's bounds. */
function ListField({
  name,
  path,
  value,
  onChange,
  errorOf,
  label,
  item,
  min,
  max,
}: FieldProps & { label: string; item: z.ZodType; min: number; max?: number }) {
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  const one = itemLabel(name);
  const isGroup = ["object", "variants"].includes(shapeOf(unwrap(item).inner).kind);
  const error = errorOf(path);
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{label}</legend>
      {error && <p className="text-sm text-red-700">{error}</p>}
      {items.map((entry, i) => {
        const itemName = M.item(one, i + 1);
        const set = (next: unknown) => onChange(items.map((x, j) => (j === i ? next : x)));
        const remove =
          items.length > min ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange(items.filter((_, j) => j !== i))}>
              {M.removeItem(itemName)}
            </Button>
          ) : null;
        if (isGroup) {
          const inner = shapeOf(unwrap(item).inner);
          return (
            <fieldset key={i} className="space-y-3 rounded-md border border-slate-100 bg-slate-50 p-3">
              <legend className="px-1 text-sm font-medium text-slate-800">{itemName}</legend>
              {inner.kind === "object" ? (
                <ObjectFields
                  fields={inner.fields}
                  path={[...path, i]}
                  value={entry}
                  onChange={set}
                  errorOf={errorOf}
                />
              ) : (
                <SchemaField
                  name={name}
                  schema={item}
                  path={[...path, i]}
                  value={entry}
                  onChange={set}
                  errorOf={errorOf}
                  label={itemName}
                />
              )}
              {remove}
            </fieldset>
          );
        }
        return (
          <div key={i} className="flex items-start gap-2">
            <div className="flex-1">
              <SchemaField
                name={name}
                schema={item}
                path={[...path, i]}
                value={entry}
                onChange={set}
                errorOf={errorOf}
                label={itemName}
              />
            </div>
            <div className="mt-6">{remove}</div>
          </div>
        );
      })}
      {(max === undefined || items.length < max) && (
        <Button type="button" variant="outline" size="sm" onClick={() => onChange([...items, startValue(item)])}>
          {M.addItem(one)}
        </Button>
      )}
    </fieldset>
  );
}

/** One of several kinds, each with fields of its own (a hero's product mock, image or nothing). */
function VariantsField({
  path,
  value,
  onChange,
  errorOf,
  label,
  keyName,
  options,
}: FieldProps & { label: string; keyName: string; options: readonly z.ZodObject[] }) {
  const record = (value ?? {}) as Record<string, unknown>;
  const kinds = options.map((o) => (o.shape[keyName] as z.ZodLiteral).value as string);
  const chosen = options[Math.max(0, kinds.indexOf(String(record[keyName])))];
  const id = idOf([...path, keyName]);
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{label}</legend>
      <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={label}>
        {kinds.map((kind, i) => (
          <label
            key={kind}
            className={cn(
              "flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm",
              "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700",
              kind === record[keyName] ? "border-brand-700 bg-brand-50 text-brand-900" : "border-slate-300",
            )}
          >
            <input
              type="radio"
              name={id}
              value={kind}
              checked={kind === record[keyName]}
              onChange={() => onChange(startValue(options[i] as z.ZodType))}
              className="h-3.5 w-3.5"
            />
            {blockChoiceLabel(kind)}
          </label>
        ))}
      </div>
      {chosen && (
        <ObjectFields
          fields={chosen.shape}
          skip={[keyName]}
          path={path}
          value={record}
          onChange={onChange}
          errorOf={errorOf}
        />
      )}
    </fieldset>
  );
}

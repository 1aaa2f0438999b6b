import { Icon } from "~/app/components/icon";
import type { IconName } from "~/app/components/icon-names";
import { Field, inputClasses } from "~/app/components/ui/field";
import { cn } from "~/app/lib/cn";
import { blockChoiceLabel } from "~/shared/blocks/block-field-labels";
import { PAGE_EDITOR_MESSAGES as M } from "~/shared/page-editor";
import { PostEditor } from "../post-editor";
import { PictureChoices } from "../site/picture-picker";
import { pathKey, type Path } from "../site/site-paths";

/**
 * The block editor's fields of one value each (schema-field.tsx chooses among them by the
 * schema): a text with its counter, the rich-text editor, a number, a check box and a choice.
 */
export type LeafProps = {
  /** The field's name in its object ("headline"). */
  name: string;
  /** Where the value sits in the page's form, the path the field messages name ("blocks.0.headline"). */
  path: Path;
  value: unknown;
  onChange: (value: unknown) => void;
  errorOf: (path: Path) => string | undefined;
  label: string;
};

/** Texts longer than a line get a text area; addresses, however long they may be, a line. */
const LONG_TEXT = 200;
const ADDRESS = /^(href|url|src|photo|canonicalUrl|socialImage)$/;

export const idOf = (path: Path) => `page-${pathKey(path).replaceAll(".", "-")}`;

export function TextField({
  name,
  path,
  value,
  onChange,
  errorOf,
  label,
  optional,
  max,
}: LeafProps & { optional: boolean; max?: number }) {
  const id = idOf(path);
  const text = typeof value === "string" ? value : "";
  const counterId = `${id}-count`;
  const set = (next: string) => onChange(optional && next === "" ? undefined : next);
  return (
    <Field id={id} label={label} optional={optional} error={errorOf(path)}>
      {(a) => {
        const control = {
          ...a,
          value: text,
          "aria-describedby": [a["aria-describedby"], max && counterId].filter(Boolean).join(" ") || undefined,
          className: inputClasses,
        };
        return (
          <>
            {max && max > LONG_TEXT && !ADDRESS.test(name) ? (
              <textarea {...control} rows={3} onChange={(e) => set(e.target.value)} />
            ) : (
              <input {...control} onChange={(e) => set(e.target.value)} />
            )}
            {max !== undefined && (
              <p
                id={counterId}
                className={text.length > max ? "text-xs font-semibold text-red-700" : "text-xs text-slate-600"}
              >
                {M.counter(text.length, max)}
              </p>
            )}
          </>
        );
      }}
    </Field>
  );
}

/** A rich-text block's HTML in the post editor (Quill), with the post content's formats. */
export function RichTextField({ path, value, onChange, errorOf, label }: LeafProps) {
  const id = idOf(path);
  const error = errorOf(path);
  return (
    <div className="space-y-1">
      <span id={`${id}-label`} className="block text-sm font-medium text-slate-800">
        {label}
      </span>
      <PostEditor
        id={id}
        value={typeof value === "string" ? value : ""}
        onChange={(html) => onChange(html)}
        labelledBy={`${id}-label`}
        invalid={Boolean(error)}
        describedBy={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function NumberField({ path, value, onChange, errorOf, label, optional }: LeafProps & { optional: boolean }) {
  return (
    <Field id={idOf(path)} label={label} optional={optional} error={errorOf(path)}>
      {(a) => (
        <input
          {...a}
          type="number"
          inputMode="numeric"
          value={typeof value === "number" && Number.isFinite(value) ? value : ""}
          onChange={(e) => onChange(e.target.value === "" ? undefined : Number(e.target.value))}
          className={cn(inputClasses, "sm:max-w-40")}
        />
      )}
    </Field>
  );
}

export function BooleanField({ path, value, onChange, errorOf, label }: LeafProps) {
  const id = idOf(path);
  const error = errorOf(path);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.checked ? true : undefined)}
          className="h-4 w-4"
        />
        {label}
      </label>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * One of a fixed set: icons as pictures, up to five choices as radio buttons (the section's look:
 * plain, tinted, dark...), more as a select. An optional choice may be left at the default.
 */
export function ChoiceField({
  name,
  path,
  value,
  onChange,
  errorOf,
  label,
  optional,
  options,
}: LeafProps & { optional: boolean; options: readonly (string | number)[] }) {
  const id = idOf(path);
  const error = errorOf(path);
  const choices = [...(optional ? [""] : []), ...options.map(String)];
  const current = typeof value === "string" || typeof value === "number" ? String(value) : "";
  const set = (text: string) => onChange(text === "" ? undefined : options.find((o) => String(o) === text));
  const text = (choice: string) => (choice === "" ? M.byDefault : blockChoiceLabel(choice));
  if (name === "icon") {
    return (
      <div className="space-y-1">
        <PictureChoices
          name={id}
          label={label}
          value={current}
          onChange={set}
          choices={choices}
          grid="grid-cols-6 sm:grid-cols-8"
          picture={(choice) =>
            choice === "" ? (
              <span className="py-1.5">{M.none}</span>
            ) : (
              <>
                <Icon name={choice as IconName} className="h-6 w-6 text-brand-800" />
                <span className="sr-only">{text(choice)}</span>
              </>
            )
          }
        />
        {error && <p className="text-sm text-red-700">{error}</p>}
      </div>
    );
  }
  if (choices.length <= 5) {
    return (
      <fieldset aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">{label}</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {choices.map((choice) => (
            <label
              key={choice}
              className={cn(
                "flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700",
                choice === current ? "border-brand-700 bg-brand-50 text-brand-900" : "border-slate-300 text-slate-800",
              )}
            >
              <input
                type="radio"
                name={id}
                value={choice}
                checked={choice === current}
                onChange={() => set(choice)}
                className="h-3.5 w-3.5"
              />
              {text(choice)}
            </label>
          ))}
        </div>
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </fieldset>
    );
  }
  return (
    <Field id={id} label={label} optional={optional} error={error}>
      {(a) => (
        <select {...a} value={current} onChange={(e) => set(e.target.value)} className={inputClasses}>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {text(choice)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

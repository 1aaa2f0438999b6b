import { z } from "zod";
import { PAGE_LIMITS, PAGES_SCREEN, pageInputSchema } from "~/shared/pages";
import { PAGE_EDITOR_MESSAGES as M } from "~/shared/page-editor";
import type { Path } from "../site/site-paths";
import type { PageValues } from "./page-values";
import { SchemaField } from "./schema-field";

/** The path as the form reads it: text of the path's length (its rules are the schema's, checked on every change). */
const PATH_TEXT = z.string().max(PAGE_LIMITS.path);

type Props = {
  values: PageValues;
  set: <K extends keyof PageValues>(key: K, value: PageValues[K]) => void;
  errorOf: (path: Path) => string | undefined;
};

/** The page's title and path, each with its counter and the messages the server would answer. */
export function PageAddressFields({ values, set, errorOf }: Props) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SchemaField
        name="title"
        label={PAGES_SCREEN.title}
        schema={pageInputSchema.shape.title}
        path={["title"]}
        value={values.title}
        onChange={(v) => set("title", typeof v === "string" ? v : "")}
        errorOf={errorOf}
      />
      <SchemaField
        name="path"
        label={PAGES_SCREEN.path}
        schema={PATH_TEXT}
        path={["path"]}
        value={values.path}
        onChange={(v) => set("path", typeof v === "string" ? v : "")}
        errorOf={errorOf}
      />
    </div>
  );
}

/** Meta title and description, social image, canonical address and noindex, as posts have them. */
export function PageSeoFields({ values, set, errorOf }: Props) {
  const shape = pageInputSchema.shape;
  const text = (key: "metaTitle" | "metaDescription" | "socialImage" | "canonicalUrl", label: string) => (
    <SchemaField
      name={key}
      label={label}
      schema={shape[key]}
      path={[key]}
      value={values[key]}
      onChange={(v) => set(key, typeof v === "string" ? v : "")}
      errorOf={errorOf}
    />
  );
  return (
    <details className="rounded-lg border border-slate-200 bg-white">
      <summary className="cursor-pointer px-4 py-3 font-semibold text-slate-900">{M.seo}</summary>
      <div className="space-y-4 border-t border-slate-200 p-4">
        {text("metaTitle", PAGES_SCREEN.metaTitle)}
        {text("metaDescription", PAGES_SCREEN.metaDescription)}
        {text("socialImage", M.socialImage)}
        <p className="-mt-3 text-xs text-slate-600">{M.socialImageHint}</p>
        {text("canonicalUrl", PAGES_SCREEN.canonical)}
        <SchemaField
          name="noindex"
          label={PAGES_SCREEN.noindex}
          schema={shape.noindex}
          path={["noindex"]}
          value={values.noindex}
          onChange={(v) => set("noindex", v === true)}
          errorOf={errorOf}
        />
      </div>
    </details>
  );
}

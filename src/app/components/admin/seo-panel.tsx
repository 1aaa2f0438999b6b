import { useState } from "react";
import { Controller, useWatch, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { Field, inputClasses } from "~/app/components/ui/field";
import { Switch } from "~/app/components/ui/switch";
import { imagesIn } from "~/app/lib/image-text";
import type { PostFormValues } from "./post-form-values";
import { SEO_PANEL_MESSAGES as M } from "./seo-messages";
import { SeoPreviews } from "./seo-previews";
import { SocialImagePicker } from "./social-image-picker";

/**
 * The post form's "SEO & social" section (docs/decisions/116-per-post-search-settings.md): the
 * search and social settings, with a search-result and a social-card preview that follow what is
 * typed. Closed until opened, so the form stays short and the media list loads only when wanted.
 */
export function SeoPanel({
  control,
  register,
  errors,
  saved,
}: {
  control: Control<PostFormValues>;
  register: UseFormRegister<PostFormValues>;
  errors: FieldErrors<PostFormValues>;
  saved?: { id: number; updatedAt: string };
}) {
  const invalid = ["metaTitle", "metaDescription", "socialImage", "canonicalUrl"].some((k) => k in errors);
  const [open, setOpen] = useState(invalid);
  const fields = useWatch({ control });
  return (
    <details
      open={open || invalid}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="rounded-lg border border-slate-200 [&[open]>summary]:border-b [&[open]>summary]:border-slate-200"
    >
      <summary className="cursor-pointer px-4 py-3 font-semibold text-slate-900">{M.heading}</summary>
      {(open || invalid) && (
        <div className="space-y-5 p-4">
          <p className="text-sm text-slate-600">{M.hint}</p>
          <SeoPreviews
            saved={saved}
            fields={{
              title: fields.title ?? "",
              slug: fields.slug ?? "",
              summary: fields.summary ?? "",
              metaTitle: fields.metaTitle?.trim(),
              metaDescription: fields.metaDescription?.trim(),
              socialImage: fields.socialImage,
              canonicalUrl: fields.canonicalUrl?.trim(),
              noindex: fields.noindex,
            }}
          />
          <CountedField
            id="post-meta-title"
            label={M.metaTitle}
            used={fields.metaTitle?.trim().length ?? 0}
            max={M.metaTitleLimit}
            error={errors.metaTitle?.message}
          >
            {(a) => <input {...a} {...register("metaTitle")} className={inputClasses} />}
          </CountedField>
          <CountedField
            id="post-meta-description"
            label={M.metaDescription}
            used={fields.metaDescription?.trim().length ?? 0}
            max={M.metaDescriptionLimit}
            error={errors.metaDescription?.message}
          >
            {(a) => <textarea {...a} {...register("metaDescription")} rows={2} className={inputClasses} />}
          </CountedField>
          <Controller
            control={control}
            name="socialImage"
            render={({ field }) => (
              <SocialImagePicker
                value={field.value ?? ""}
                postImages={postImages(fields.coverImage, fields.content)}
                onChange={field.onChange}
                error={errors.socialImage?.message}
              />
            )}
          />
          <Field id="post-canonical-url" label={M.canonicalUrl} optional error={errors.canonicalUrl?.message}>
            {(a) => (
              <>
                <input
                  {...a}
                  {...register("canonicalUrl")}
                  type="url"
                  placeholder="https://…"
                  aria-describedby={[a["aria-describedby"], "post-canonical-url-hint"].filter(Boolean).join(" ")}
                  className={inputClasses}
                />
                <p id="post-canonical-url-hint" className="text-sm text-slate-600">
                  {M.canonicalHint}
                </p>
              </>
            )}
          </Field>
          <div className="flex items-start gap-3">
            <Controller
              control={control}
              name="noindex"
              render={({ field }) => (
                <Switch
                  id="post-noindex"
                  checked={field.value ?? false}
                  onCheckedChange={field.onChange}
                  aria-describedby="post-noindex-hint"
                />
              )}
            />
            <div>
              <label htmlFor="post-noindex" className="text-sm font-medium text-slate-800">
                {M.noindex}
              </label>
              <p id="post-noindex-hint" className="text-sm text-slate-600">
                {M.noindexHint}
              </p>
            </div>
          </div>
        </div>
      )}
    </details>
  );
}

/** The post's own images by address: its cover and those in its content. */
function postImages(cover = "", content = ""): string[] {
  const inContent = typeof DOMParser === "undefined" ? [] : imagesIn(content).map((image) => image.src);
  return [cover, ...inContent];
}

/** A Field whose control also names a live count of its characters against the limit. */
function CountedField({
  id,
  label,
  used,
  max,
  error,
  children,
}: {
  id: string;
  label: string;
  used: number;
  max: number;
  error?: string;
  children: Parameters<typeof Field>[0]["children"];
}) {
  const counterId = `${id}-counter`;
  return (
    <Field id={id} label={label} optional error={error}>
      {(a) => (
        <>
          {children({ ...a, "aria-describedby": [a["aria-describedby"], counterId].filter(Boolean).join(" ") })}
          <p id={counterId} className={used > max ? "text-sm font-medium text-red-700" : "text-sm text-slate-600"}>
            {M.counter(used, max)}
          </p>
        </>
      )}
    </Field>
  );
}

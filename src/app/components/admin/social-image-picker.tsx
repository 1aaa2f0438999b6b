import { useEffect, useState } from "react";
import { type MediaItem } from "~/shared/media";
import { api, ApiError } from "~/app/lib/api";
import { isLibraryImage } from "~/shared/schemas";
import { cn } from "~/app/lib/cn";
import { SEO_PANEL_MESSAGES as M } from "./seo-messages";

/**
 * The post's social image, picked from the media library: one radio button per uploaded image,
 * and the generated card (an empty value) first. The post's own uploads (its cover and the
 * images in its content) come first; the whole library follows for those the permission table
 * lets browse it (src/shared/permissions.ts, `media.manage`). An error names the field.
 */
export function SocialImagePicker({
  value,
  onChange,
  postImages,
  error,
}: {
  value: string;
  onChange: (url: string) => void;
  postImages: string[];
  error?: string;
}) {
  const [library, setLibrary] = useState<MediaItem[]>([]);
  const [failed, setFailed] = useState<string | undefined>();
  useEffect(() => {
    api
      .get<{ media: MediaItem[] }>("/api/cms/media")
      .then((answer) => setLibrary(answer.media))
      .catch((e: unknown) => {
        // A writer is not shown the library; the post's own images are enough to pick from.
        if (!(e instanceof ApiError && e.status === 403)) setFailed(e instanceof Error ? e.message : M.imagesFailed);
      });
  }, []);

  const urls = [...new Set([...postImages, value, ...library.map((i) => i.url)].filter(isLibraryImage))];
  const options = [{ url: "", name: M.generatedCard }, ...urls.map((url) => ({ url, name: url.slice(7) }))];
  return (
    <fieldset className="space-y-2" aria-describedby={error ? "post-social-image-error" : undefined}>
      <legend className="text-sm font-medium text-slate-800">
        {M.socialImage} <span className="font-normal text-slate-600">(optional)</span>
      </legend>
      <div className="grid max-h-64 grid-cols-2 gap-2 overflow-y-auto p-1 sm:grid-cols-4">
        {options.map((option, index) => (
          <label
            key={option.url || "generated"}
            className={cn(
              "flex cursor-pointer flex-col gap-1 rounded-md border p-1 text-xs text-slate-700",
              "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600",
              value === option.url ? "border-brand-700 bg-brand-50" : "border-slate-200",
            )}
          >
            <input
              type="radio"
              name="post-social-image"
              value={option.url}
              checked={value === option.url}
              onChange={() => onChange(option.url)}
              className="sr-only"
            />
            {option.url ? (
              <img src={option.url} alt="" className="aspect-[1200/630] w-full rounded bg-slate-100 object-cover" />
            ) : (
              <span
                aria-hidden="true"
                className="flex aspect-[1200/630] w-full items-center justify-center rounded bg-brand-100 text-brand-900"
              >
                {M.generatedCard}
              </span>
            )}
            <span className={option.url ? "truncate" : "sr-only"}>{index === 0 ? M.generatedCard : option.name}</span>
          </label>
        ))}
      </div>
      {urls.length === 0 && <p className="text-sm text-slate-600">{M.noImages}</p>}
      {failed && <p className="text-sm text-red-700">{`${M.imagesFailed}: ${failed}`}</p>}
      {error && (
        <p id="post-social-image-error" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

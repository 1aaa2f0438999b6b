import { useEffect, useMemo, useState, type KeyboardEvent } from "react";
import { imagesIn, withImageText, type ImageText } from "~/app/lib/image-text";
import { Button } from "~/app/components/ui/button";
import { inputClasses } from "~/app/components/ui/field";
import { IMAGE_TEXT_MESSAGES as M } from "./seo-messages";

/**
 * Alt text and a caption for every image of the post, under the editor
 * (docs/decisions/117-images-with-alt-text-and-captions.md): each row edits one image, and its
 * text goes into the content when a field is left, on Enter or with Apply; the editor then shows
 * the image as a figure. Nothing renders on the server, where there is no DOMParser.
 */
export function ImageTextPanel({ html, onChange }: { html: string; onChange: (html: string) => void }) {
  const images = useMemo(() => (typeof DOMParser === "undefined" ? [] : imagesIn(html)), [html]);
  if (images.length === 0) return null;
  return (
    <section aria-labelledby="image-text-heading" className="space-y-3 rounded-lg border border-slate-200 p-4">
      <div>
        <h3 id="image-text-heading" className="font-semibold text-slate-900">
          {M.heading}
        </h3>
        <p className="text-sm text-slate-600">{M.hint}</p>
      </div>
      <ol className="space-y-4">
        {images.map((image, index) => (
          <ImageRow
            key={`${index}:${image.src}`}
            index={index}
            image={image}
            onApply={(text) => onChange(withImageText(html, index, text))}
          />
        ))}
      </ol>
    </section>
  );
}

function ImageRow({
  index,
  image,
  onApply,
}: {
  index: number;
  image: ImageText;
  onApply: (text: { alt: string; caption: string }) => void;
}) {
  const [alt, setAlt] = useState(image.alt);
  const [caption, setCaption] = useState(image.caption);
  // Text that reached the content some other way (a restored copy, an undo) shows in the fields.
  useEffect(() => setAlt(image.alt), [image.alt]);
  useEffect(() => setCaption(image.caption), [image.caption]);
  const changed = alt.trim() !== image.alt.trim() || caption.trim() !== image.caption.trim();
  const apply = () => {
    if (changed) onApply({ alt, caption });
  };
  // Enter applies here instead of submitting the post form.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    apply();
  };
  const altId = `image-alt-${index}`;
  const missing = !image.alt.trim();
  return (
    <li className="grid gap-3 sm:grid-cols-[6rem_1fr] sm:items-start" aria-label={M.image(index + 1)}>
      <img src={image.src} alt="" className="h-20 w-24 rounded border border-slate-200 bg-slate-50 object-contain" />
      <div className="grid gap-2 md:grid-cols-[1fr_1fr_auto] md:items-end">
        <div className="space-y-1">
          <label htmlFor={altId} className="block text-sm font-medium text-slate-800">
            {M.alt} <span className="sr-only">{M.image(index + 1)}</span>
          </label>
          <input
            id={altId}
            value={alt}
            onChange={(e) => setAlt(e.target.value)}
            onBlur={apply}
            onKeyDown={onKeyDown}
            aria-describedby={missing ? `${altId}-missing` : undefined}
            className={inputClasses}
          />
          {missing && (
            <p id={`${altId}-missing`} className="text-sm text-amber-800">
              {M.missingAlt}
            </p>
          )}
        </div>
        <div className="space-y-1 self-start">
          <label htmlFor={`image-caption-${index}`} className="block text-sm font-medium text-slate-800">
            {M.caption} <span className="font-normal text-slate-600">(optional)</span>
            <span className="sr-only"> {M.image(index + 1)}</span>
          </label>
          <input
            id={`image-caption-${index}`}
            value={caption}
            onChange={(e) => setCaption(e.target.value)}
            onBlur={apply}
            onKeyDown={onKeyDown}
            className={inputClasses}
          />
        </div>
        <Button variant="outline" size="sm" onClick={apply} className="md:mb-0.5">
          {M.apply}
          <span className="sr-only"> {M.image(index + 1)}</span>
        </Button>
      </div>
    </li>
  );
}

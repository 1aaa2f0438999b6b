import { useRef, useState } from "react";
import { imagesWithoutAlt } from "~/app/lib/image-text";
import { Button } from "~/app/components/ui/button";
import { IMAGE_TEXT_MESSAGES as M } from "./seo-messages";

type Missing = ReturnType<typeof imagesWithoutAlt>;

/**
 * The check before a published post is saved: images without alt text are listed in a warning,
 * and the save waits for the writer to add the text or to publish anyway; it never blocks
 * (docs/decisions/117-images-with-alt-text-and-captions.md). A draft is saved without asking.
 */
export function useAltTextCheck() {
  const [missing, setMissing] = useState<Missing>([]);
  const confirmed = useRef(false);
  const blocked = useRef<() => unknown>(undefined);
  return {
    missing,
    /**
     * True when the save may go on; false when the warning is now shown instead, and `retry` (the
     * save it held back) runs if the writer publishes anyway.
     */
    mayPublish(content: string, publishing: boolean, retry: () => unknown): boolean {
      const found = publishing && !confirmed.current ? imagesWithoutAlt(content) : [];
      confirmed.current = false;
      blocked.current = found.length ? retry : undefined;
      setMissing(found);
      return found.length === 0;
    },
    /** The writer chose to publish as it is: the held-back save goes through, once. */
    publishAnyway() {
      confirmed.current = true;
      void blocked.current?.();
    },
  };
}

export function AltTextWarning({ missing, onPublishAnyway }: { missing: Missing; onPublishAnyway: () => void }) {
  if (missing.length === 0) return null;
  const focusFirst = () => document.getElementById(`image-alt-${missing[0]!.index}`)?.focus();
  return (
    <div
      role="alert"
      aria-labelledby="alt-warning-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <p id="alt-warning-title" className="font-semibold">
        {M.warningTitle(missing.length)}
      </p>
      <p className="mt-1 text-sm">{M.warningText}</p>
      <ul className="mt-2 flex flex-wrap gap-3">
        {missing.map((image) => (
          <li key={image.index} className="flex items-center gap-2 text-sm">
            <img src={image.src} alt="" className="h-10 w-14 rounded border border-amber-200 bg-white object-contain" />
            {M.image(image.index + 1)}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={focusFirst}>
          {M.addAltText}
        </Button>
        <Button size="sm" variant="outline" onClick={onPublishAnyway}>
          {M.publishAnyway}
        </Button>
      </div>
    </div>
  );
}

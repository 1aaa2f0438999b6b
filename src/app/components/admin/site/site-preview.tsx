import { useState } from "react";
import { cn } from "~/app/lib/cn";
import { PREVIEW_PARAM } from "~/shared/preview";
import type { SiteContent } from "~/shared/site-content";
import { FilterSelect } from "~/app/components/ui/field";
import { Button } from "~/app/components/ui/button";
import { SITE_TAB_MESSAGES as M } from "./site-messages";

const WIDTHS = { desktop: 1280, phone: 390 } as const;
const HEIGHTS = { desktop: 800, phone: 844 } as const;
type Device = keyof typeof WIDTHS;

/**
 * The real pages with the saved draft (`?preview`, signed in, never cached), in a frame at a
 * desktop's or a phone's width, scaled down to fit the tab. `version` reloads it after a save.
 */
export function SitePreview({ draft, version }: { draft: SiteContent; version: number }) {
  const [device, setDevice] = useState<Device>("desktop");
  const [page, setPage] = useState("/");
  const pages: [string, string][] = [
    ["/", "Home"],
    ["/industries", "Industries"],
    ...draft.industries.filter((i) => i.shown).map((i): [string, string] => [`/industries/${i.id}`, i.title]),
  ];
  const width = WIDTHS[device];
  const scale = device === "desktop" ? 0.6 : 1;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{M.previewHint}</p>
      <div className="flex flex-wrap items-end gap-4">
        <FilterSelect id="site-preview-page" label={M.previewPage} value={page} onChange={setPage} options={pages} />
        <div className="flex gap-2" role="group" aria-label="Width">
          {(Object.keys(WIDTHS) as Device[]).map((d) => (
            <Button
              key={d}
              type="button"
              variant={d === device ? "default" : "outline"}
              size="sm"
              aria-pressed={d === device}
              onClick={() => setDevice(d)}
            >
              {d === "desktop" ? M.desktop : M.phone}
            </Button>
          ))}
        </div>
      </div>
      <div
        className={cn("overflow-hidden rounded-lg border border-slate-300 bg-white", device === "phone" && "mx-auto")}
        style={{ width: width * scale, height: HEIGHTS[device] * scale }}
      >
        <iframe
          key={`${page}-${version}`}
          title={M.previewTitle(width)}
          src={`${page}?${PREVIEW_PARAM}`}
          width={width}
          height={HEIGHTS[device]}
          style={{ transform: `scale(${scale})`, transformOrigin: "0 0" }}
          className="border-0"
        />
      </div>
    </div>
  );
}

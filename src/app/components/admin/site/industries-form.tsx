import { useState } from "react";
import { Icon } from "~/app/components/icon";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { ConfirmDialog } from "~/app/components/ui/confirm-dialog";
import { Switch } from "~/app/components/ui/switch";
import { cn } from "~/app/lib/cn";
import { SITE_LIMITS as L, type SiteIndustry } from "~/shared/site-content";
import { useHasErrors, useSiteField } from "./site-editor-context";
import { SiteTextField, SiteTextList } from "./site-fields";
import { SITE_TAB_MESSAGES as M } from "./site-messages";
import { moveItem } from "./site-paths";
import { IconPicker, ScenePicker } from "./picture-picker";

const PATH = ["industries"] as const;

/** A new industry: a key of its own that never changes, so a later change of id is a move (301). */
const newIndustry = (taken: readonly SiteIndustry[]): SiteIndustry => {
  let n = taken.length + 1;
  while (taken.some((i) => i.id === `industry-${n}`)) n++;
  return {
    key: `k${Date.now().toString(36)}`,
    id: `industry-${n}`,
    title: M.newIndustryTitle,
    description: "",
    pageDescription: [""],
    features: [""],
    icon: "utensils-crossed",
    scene: "hospitality",
    shown: true,
  };
};

/**
 * The industries in their order on the site: dragged, or moved with the Up and Down buttons from
 * the keyboard; each shown or hidden, edited in place, or deleted.
 */
export function IndustriesForm() {
  const { value: industries, set } = useSiteField<SiteIndustry[]>(PATH);
  const [open, setOpen] = useState<string | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<SiteIndustry | null>(null);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= industries.length) return;
    set(moveItem(industries, from, to));
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{M.dragHint}</p>
      <ol className="space-y-2">
        {industries.map((industry, i) => (
          <li
            key={industry.key}
            draggable
            onDragStart={(e) => {
              setDragging(i);
              e.dataTransfer.effectAllowed = "move";
            }}
            onDragOver={(e) => {
              if (dragging === null) return;
              e.preventDefault();
              if (dragging !== i) {
                move(dragging, i);
                setDragging(i);
              }
            }}
            onDragEnd={() => setDragging(null)}
            onDrop={(e) => e.preventDefault()}
            className={cn(
              "rounded-lg border bg-white",
              dragging === i ? "border-brand-600 opacity-60" : "border-slate-200",
            )}
          >
            <div className="flex flex-wrap items-center gap-3 p-3">
              <span aria-hidden="true" className="cursor-grab text-slate-400 select-none">
                ⠿
              </span>
              <Icon name={industry.icon} className="h-5 w-5 text-brand-800" />
              <span className={cn("flex-1 font-medium", !industry.shown && "text-slate-500 line-through")}>
                {industry.title || industry.id}
                <span className="ml-2 text-xs font-normal text-slate-600">/industries/{industry.id}</span>
                <ErrorMark index={i} />
              </span>
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <Switch
                  checked={industry.shown}
                  onCheckedChange={(shown) => set(industries.map((x, j) => (j === i ? { ...x, shown } : x)))}
                  aria-label={`${M.shown}: ${industry.title}`}
                />
                {industry.shown ? M.shown : M.hidden}
              </label>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={M.moveUp(industry.title)}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
              >
                ↑
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={M.moveDown(industry.title)}
                disabled={i === industries.length - 1}
                onClick={() => move(i, i + 1)}
              >
                ↓
              </Button>
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-expanded={open === industry.key}
                aria-label={open === industry.key ? M.close : M.edit(industry.title)}
                onClick={() => setOpen(open === industry.key ? null : industry.key)}
              >
                {open === industry.key ? M.close : "Edit"}
              </Button>
              <Button type="button" variant="ghost" size="sm" onClick={() => setDeleting(industry)}>
                {M.deleteIndustry}
              </Button>
            </div>
            {open === industry.key && <IndustryFields index={i} />}
          </li>
        ))}
      </ol>
      {industries.length < L.industries && (
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            const added = newIndustry(industries);
            set([...industries, added]);
            setOpen(added.key);
          }}
        >
          {M.addIndustry}
        </Button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={M.deleteTitle(deleting?.title ?? "")}
        description={M.deleteText}
        confirmLabel={M.deleteIndustry}
        onConfirm={() => {
          set(industries.filter((x) => x.key !== deleting?.key));
          setDeleting(null);
        }}
      />
    </div>
  );
}

/** Said on an industry's row while one of its fields has a message, as the row may be closed. */
function ErrorMark({ index }: { index: number }) {
  return useHasErrors(["industries", index]) ? (
    <span className="ml-2 text-xs font-semibold text-red-700">{M.hasErrors}</span>
  ) : null;
}

/** One industry's texts and pictures. */
function IndustryFields({ index }: { index: number }) {
  const path = ["industries", index] as const;
  const icon = useSiteField<SiteIndustry["icon"]>([...path, "icon"]);
  const scene = useSiteField<SiteIndustry["scene"]>([...path, "scene"]);
  return (
    <Card className="m-3 mt-0 space-y-4 border-slate-100 shadow-none">
      <div className="grid gap-4 sm:grid-cols-2">
        <SiteTextField path={[...path, "title"]} label="Title" max={L.title} />
        <SiteTextField path={[...path, "id"]} label="Address (id)" max={L.id} />
      </div>
      <SiteTextField path={[...path, "description"]} label="Card description" max={L.text} multiline />
      <SiteTextList
        path={[...path, "pageDescription"]}
        label="Page description"
        itemLabel={(i) => (i === 0 ? "Lead paragraph" : `Paragraph ${i + 1}`)}
        max={L.paragraph}
        maxItems={5}
        multiline
      />
      <SiteTextList
        path={[...path, "features"]}
        label="Key features"
        itemLabel={(i) => `Feature ${i + 1}`}
        max={L.line}
        maxItems={6}
      />
      <IconPicker name={`icon-${index}`} label={M.icon} value={icon.value} onChange={icon.set} />
      <ScenePicker name={`scene-${index}`} label={M.scene} value={scene.value} onChange={scene.set} />
    </Card>
  );
}

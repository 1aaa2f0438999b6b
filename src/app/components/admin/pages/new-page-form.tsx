import { useState } from "react";
import { useNavigate } from "react-router";
import { api, ApiError } from "~/app/lib/api";
import { toast } from "~/app/lib/toast";
import { cn } from "~/app/lib/cn";
import { Button } from "~/app/components/ui/button";
import { InputField } from "~/app/components/ui/field";
import { PAGE_EDITOR_MESSAGES as M } from "~/shared/page-editor";
import { PAGE_LAYOUTS, type PageLayoutId } from "~/shared/page-layouts";
import { PAGES_SCREEN, type CmsPage } from "~/shared/pages";
import { slugify } from "~/shared/slug";
import { BlockPicture } from "./block-pictures";

/**
 * A new page: its title, its path (following the title until the team types one) and the layout
 * it starts from (src/shared/page-layouts.ts), each shown by the pictures of its first blocks.
 * Created as a draft through POST /api/cms/pages, then opened in the block editor.
 */
export function NewPageForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const [layoutId, setLayoutId] = useState<PageLayoutId>("landing");
  const [title, setTitle] = useState("");
  const [path, setPath] = useState<string | undefined>();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const layout = PAGE_LAYOUTS.find((l) => l.id === layoutId) ?? PAGE_LAYOUTS[0]!;
  const shownPath = path ?? (slugify(title) ? `/${slugify(title)}` : layout.path);

  const create = async () => {
    setBusy(true);
    try {
      const page = await api.post<CmsPage>("/api/cms/pages", { title, path: shownPath, blocks: layout.blocks });
      void navigate(`/admin/pages/${page.id}`);
    } catch (error) {
      setErrors(error instanceof ApiError && error.errors ? error.errors : {});
      toast({ title: (error as Error).message, variant: "destructive" });
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      aria-labelledby="new-page-heading"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={(e) => {
        e.preventDefault();
        void create();
      }}
    >
      <h3 id="new-page-heading" className="text-lg font-semibold text-slate-900">
        {M.createHeading}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id="new-page-title"
          label={PAGES_SCREEN.title}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={errors.title?.[0]}
        />
        <InputField
          id="new-page-path"
          label={PAGES_SCREEN.path}
          value={shownPath}
          onChange={(e) => setPath(e.target.value)}
          error={errors.path?.[0]}
          spellCheck={false}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{M.layout}</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {PAGE_LAYOUTS.map((choice) => (
            <label
              key={choice.id}
              className={cn(
                "flex cursor-pointer flex-col gap-2 rounded-lg border-2 p-3 text-sm",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700",
                choice.id === layoutId ? "border-brand-700 bg-brand-50" : "border-slate-200 hover:border-slate-400",
              )}
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name="layout"
                  value={choice.id}
                  checked={choice.id === layoutId}
                  onChange={() => setLayoutId(choice.id)}
                />
                <span className="font-medium text-slate-900">{choice.name}</span>
              </span>
              <span aria-hidden="true" className="flex gap-1">
                {choice.blocks.slice(0, 4).map((block) => (
                  <BlockPicture key={block.id} type={block.type} className="h-8 w-12" />
                ))}
              </span>
              <span className="text-slate-600">{choice.description}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? M.creating : M.create}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {M.cancel}
        </Button>
      </div>
    </form>
  );
}

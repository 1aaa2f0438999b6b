import { useCallback, useEffect, useState } from "react";
import { api, ApiError } from "~/app/lib/api";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/app/components/ui/tabs";
import { formatDateTime } from "~/shared/dates";
import { SITE_CONTENT_MESSAGES, type SiteAdminView, type SiteContent } from "~/shared/site-content";
import { HomePageLink } from "./home-page-link";
import { IndustriesForm } from "./industries-form";
import { LinksForm } from "./links-form";
import { SiteEditorContext } from "./site-editor-context";
import { SiteHistory } from "./site-history";
import { SITE_TAB_MESSAGES as M } from "./site-messages";
import { SitePreview } from "./site-preview";

type Section = keyof typeof M.sections;

/**
 * The Site tab (docs/cms-guide.md, The Site tab): the site's content as a draft, edited section
 * by section, saved whole (the server checks it with the same schema), previewed on the real
 * pages, and published together as a revision.
 */
export function SitePanel({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const [view, setView] = useState<SiteAdminView | null>(null);
  const [draft, setDraftState] = useState<SiteContent | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<"save" | "publish" | null>(null);
  const [section, setSection] = useState<Section>("home");
  // Bumped after every save and publish: the preview reloads and the history reads again.
  const [version, setVersion] = useState(0);

  const load = useCallback(async () => {
    try {
      const next = await api.get<SiteAdminView>("/api/admin/site");
      setView(next);
      setDraftState(next.draft);
      setDirty(false);
    } catch {
      toast({ title: M.loadFailed, variant: "destructive" });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  if (!view || !draft) return <p className="text-sm text-slate-600">{M.loading}</p>;

  const setDraft = (next: SiteContent) => {
    setDraftState(next);
    setDirty(true);
  };

  const save = async (): Promise<boolean> => {
    setBusy("save");
    try {
      const next = await api.put<SiteAdminView>("/api/admin/site/draft", draft);
      setView(next);
      setErrors({});
      setDirty(false);
      setVersion((v) => v + 1);
      toast({ title: SITE_CONTENT_MESSAGES.saved });
      return true;
    } catch (err) {
      setErrors(err instanceof ApiError ? (err.errors ?? {}) : {});
      toast({
        title: M.saveFailed,
        description: err instanceof Error ? err.message : undefined,
        variant: "destructive",
      });
      return false;
    } finally {
      setBusy(null);
    }
  };

  const publish = async () => {
    if (dirty && !(await save())) return;
    setBusy("publish");
    try {
      await api.post("/api/admin/site/publish");
      toast({ title: SITE_CONTENT_MESSAGES.published });
      await load();
      setVersion((v) => v + 1);
    } catch (err) {
      toast({
        title: M.publishFailed,
        description: err instanceof Error ? err.message : undefined,
        variant: "destructive",
      });
    } finally {
      setBusy(null);
    }
  };

  const status = dirty ? M.unsaved : view.unpublished ? M.unpublished : M.upToDate;
  return (
    <SiteEditorContext.Provider value={{ draft, setDraft, errors }}>
      <div className="space-y-6">
        <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center">
          <div className="flex-1">
            <h2 className="text-xl font-semibold text-slate-900">{M.heading}</h2>
            <p className="text-sm text-slate-600" role="status">
              {status}{" "}
              {view.publishedBy && view.publishedAt
                ? M.publishedBy(view.publishedBy, formatDateTime(view.publishedAt))
                : M.neverPublished}
            </p>
          </div>
          <div className="flex gap-2">
            <Button type="button" variant="outline" disabled={busy !== null} onClick={() => void save()}>
              {busy === "save" ? M.saving : M.saveDraft}
            </Button>
            <Button
              type="button"
              disabled={busy !== null || (!dirty && !view.unpublished)}
              onClick={() => void publish()}
            >
              {busy === "publish" ? M.publishing : M.publish}
            </Button>
          </div>
        </div>
        {Object.keys(errors).length > 0 && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            {SITE_CONTENT_MESSAGES.invalid}
          </p>
        )}
        <Tabs value={section} onValueChange={(v) => setSection(v as Section)}>
          <TabsList aria-label={M.heading}>
            {(Object.keys(M.sections) as Section[]).map((s) => (
              <TabsTrigger key={s} value={s}>
                {M.sections[s]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="home" className="mt-6">
            <HomePageLink />
          </TabsContent>
          <TabsContent value="industries" className="mt-6">
            <IndustriesForm />
          </TabsContent>
          <TabsContent value="links" className="mt-6">
            <LinksForm />
          </TabsContent>
          <TabsContent value="preview" className="mt-6">
            <SitePreview draft={draft} version={version} />
          </TabsContent>
          <TabsContent value="history" className="mt-6">
            <SiteHistory
              published={view.published}
              version={version}
              onRestored={() => {
                toast({ title: SITE_CONTENT_MESSAGES.restored });
                void load();
                setVersion((v) => v + 1);
              }}
            />
          </TabsContent>
        </Tabs>
      </div>
    </SiteEditorContext.Provider>
  );
}

import { useState, type FormEvent } from "react";
import { api } from "~/app/lib/api";
import { deleteAndReload } from "~/app/lib/delete-and-reload";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { InputField } from "~/app/components/ui/field";
import { REDIRECT_MESSAGES, REDIRECT_SCREEN as M, type RedirectItem } from "~/shared/redirects";
import { PanelCard } from "./panel-card";
import { RecordTable } from "./record-table";
import { usePanelData } from "./use-panel-data";
import { usePanelForm } from "./use-panel-form";
import { RemoveButton } from "./remove-button";

const PATH = "/api/admin/redirects";

/**
 * The Redirects screen (admins; docs/decisions/251-old-addresses-kept-as-redirects.md): every old
 * address that answers 301, where it leads and what made it (an import or an admin), each with
 * Remove behind a confirmation, and a form that adds one. The server checks both paths again.
 */
export function RedirectsPanel() {
  const [listed, load] = usePanelData<{ redirects: RedirectItem[] }>(PATH, M.loadFailed);
  const list = listed?.redirects;
  const [path, setPath] = useState("");
  const [target, setTarget] = useState("");
  const { errors, busy, submit } = usePanelForm<"path" | "target">(M.addFailed);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      path: !path.trim() && REDIRECT_MESSAGES.pathRequired,
      target: !target.trim() && REDIRECT_MESSAGES.targetRequired,
    };
    void submit(missing, async () => {
      await api.post(PATH, { path, target });
      setPath("");
      setTarget("");
      toast({ title: M.added });
      await load();
    });
  };

  const remove = (id: number) => deleteAndReload(`${PATH}/${id}`, M.removed, M.removeFailed, load);

  return (
    <PanelCard id="redirects-heading" heading={M.heading} intro={M.intro}>
      <form className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end" onSubmit={add} noValidate>
        <InputField
          id="redirect-path"
          label={M.from}
          placeholder={M.fromHint}
          value={path}
          error={errors.path}
          maxLength={2000}
          onChange={(e) => setPath(e.target.value)}
        />
        <InputField
          id="redirect-target"
          label={M.to}
          placeholder={M.toHint}
          value={target}
          error={errors.target}
          maxLength={2000}
          onChange={(e) => setTarget(e.target.value)}
        />
        <Button type="submit" disabled={busy}>
          {M.add}
        </Button>
      </form>
      {list && <p className="text-sm text-slate-600">{list.length ? M.count(list.length) : M.empty}</p>}
      {list && list.length > 0 && (
        <RecordTable caption={M.heading} columns={[M.from, M.to, M.source]} actions={M.remove}>
          {list.map((r) => (
            <tr key={r.id} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-3 break-all text-slate-900">{r.path}</td>
              <td className="py-2 pr-3 break-all text-slate-700">{r.target}</td>
              <td className="py-2 pr-3 text-slate-700">{r.source ?? M.byHand}</td>
              <td className="py-2">
                <RemoveButton
                  label={M.remove}
                  size="sm"
                  aria-label={M.removeLabel(r.path)}
                  title={M.removeTitle}
                  description={M.removeConfirm(r.path)}
                  onConfirm={() => void remove(r.id)}
                />
              </td>
            </tr>
          ))}
        </RecordTable>
      )}
    </PanelCard>
  );
}

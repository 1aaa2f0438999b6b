import { useEffect, useState, type FormEvent } from "react";
import { api, ApiError } from "~/app/lib/api";
import { failureToast } from "~/app/lib/failure-toast";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { ConfirmButton } from "~/app/components/ui/confirm-dialog";
import { InputField } from "~/app/components/ui/field";
import { REDIRECT_MESSAGES, REDIRECT_SCREEN as M, type RedirectItem } from "~/shared/redirects";

const PATH = "/api/admin/redirects";
type Errors = Partial<Record<"path" | "target", string>>;

/**
 * The Redirects screen (admins; docs/decisions/251-old-addresses-kept-as-redirects.md): every old
 * address that answers 301, where it leads and what made it (an import or an admin), each with
 * Remove behind a confirmation, and a form that adds one. The server checks both paths again.
 */
export function RedirectsPanel() {
  const [list, setList] = useState<RedirectItem[]>();
  const [path, setPath] = useState("");
  const [target, setTarget] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const load = () =>
    api
      .get<{ redirects: RedirectItem[] }>(PATH)
      .then((found) => setList(found.redirects))
      .catch((err: unknown) => failureToast(err, M.loadFailed));
  useEffect(() => void load(), []);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!path.trim()) found.path = REDIRECT_MESSAGES.pathRequired;
    if (!target.trim()) found.target = REDIRECT_MESSAGES.targetRequired;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await api.post(PATH, { path, target });
      setPath("");
      setTarget("");
      toast({ title: M.added });
      await load();
    } catch (err) {
      if (err instanceof ApiError && err.errors)
        setErrors({ path: err.errors.path?.[0], target: err.errors.target?.[0] });
      failureToast(err, M.addFailed);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: number) => {
    try {
      await api.delete(`${PATH}/${id}`);
      toast({ title: M.removed });
      await load();
    } catch (err) {
      failureToast(err, M.removeFailed);
    }
  };

  return (
    <Card className="space-y-6" role="region" aria-labelledby="redirects-heading">
      <div>
        <h2 id="redirects-heading" className="text-xl font-semibold text-slate-900">
          {M.heading}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{M.intro}</p>
      </div>
      <form className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end" onSubmit={(e) => void add(e)} noValidate>
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
        <div className="overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">{M.heading}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-700">
                <th scope="col" className="py-2 pr-3">
                  {M.from}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {M.to}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {M.source}
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">{M.remove}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((r) => (
                <tr key={r.id} className="border-b border-slate-100 align-top">
                  <td className="py-2 pr-3 break-all text-slate-900">{r.path}</td>
                  <td className="py-2 pr-3 break-all text-slate-700">{r.target}</td>
                  <td className="py-2 pr-3 text-slate-700">{r.source ?? M.byHand}</td>
                  <td className="py-2">
                    <ConfirmButton
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-label={M.removeLabel(r.path)}
                      title={M.removeTitle}
                      description={M.removeConfirm(r.path)}
                      confirmLabel={M.remove}
                      onConfirm={() => void remove(r.id)}
                    >
                      {M.remove}
                    </ConfirmButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

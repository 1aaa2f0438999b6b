import { useEffect, useState, type FormEvent } from "react";
import { api, ApiError } from "~/app/lib/api";
import { failureToast } from "~/app/lib/failure-toast";
import { addPasskey, passkeysSupported, wasCancelled } from "~/app/lib/passkeys";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { ConfirmButton } from "~/app/components/ui/confirm-dialog";
import { InputField } from "~/app/components/ui/field";
import { formatDateTime } from "~/shared/dates";
import { PASSKEY_MESSAGES, PASSKEY_SCREEN as M, PASSKEY_SIGN_IN, type PasskeySummary } from "~/shared/passkeys";

const PATH = "/api/account/passkeys";

/**
 * The signed-in user's passkeys (docs/decisions/240-passkeys-in-the-user-record.md): the list with
 * each one's dates, a name and "Add a passkey" (the device's own dialog does the rest), Rename in
 * place and Remove behind a confirmation. `onAdded` lets the admin go on once a required second
 * factor is set up.
 */
export function PasskeysPanel({ onAdded }: { onAdded?: () => void }) {
  const [passkeys, setPasskeys] = useState<PasskeySummary[]>();
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<{ id: number; name: string; error?: string }>();

  const load = () =>
    api
      .get<{ passkeys: PasskeySummary[] }>(PATH)
      .then((found) => setPasskeys(found.passkeys))
      .catch((err: unknown) => failureToast(err, M.loadFailed));
  useEffect(() => void load(), []);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(PASSKEY_MESSAGES.nameRequired);
    setError(undefined);
    setBusy(true);
    try {
      await addPasskey(name.trim());
      setName("");
      toast({ title: M.added });
      await load();
      onAdded?.();
    } catch (err) {
      if (wasCancelled(err)) toast({ title: PASSKEY_SIGN_IN.cancelled });
      else {
        if (err instanceof ApiError && err.errors?.name) setError(err.errors.name[0]);
        failureToast(err, M.failed);
      }
    } finally {
      setBusy(false);
    }
  };

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    try {
      await api.patch(`${PATH}/${editing.id}`, { name: editing.name });
      setEditing(undefined);
      toast({ title: M.renamed });
      await load();
    } catch (err) {
      if (err instanceof ApiError && err.errors?.name) setEditing({ ...editing, error: err.errors.name[0] });
      failureToast(err, M.failed);
    }
  };

  const remove = async (id: number) => {
    try {
      await api.delete(`${PATH}/${id}`);
      toast({ title: M.removed });
      await load();
    } catch (err) {
      failureToast(err, M.failed);
    }
  };

  return (
    <Card className="space-y-6" role="region" aria-labelledby="passkeys-heading">
      <div>
        <h2 id="passkeys-heading" className="text-xl font-semibold text-slate-900">
          {M.heading}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{M.intro}</p>
      </div>

      {passkeys && passkeys.length === 0 && <p className="text-sm text-slate-600">{M.none}</p>}
      {passkeys && passkeys.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label={M.heading}>
          {passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-start justify-between gap-3 p-3">
              {editing?.id === p.id ? (
                <form onSubmit={rename} noValidate className="flex flex-wrap items-end gap-2" aria-label={M.rename}>
                  <InputField
                    id={`passkey-name-${p.id}`}
                    label={M.name}
                    value={editing.name}
                    error={editing.error}
                    maxLength={100}
                    onChange={(e) => setEditing({ ...editing, name: e.target.value })}
                  />
                  <Button type="submit">{M.save}</Button>
                  <Button type="button" variant="outline" onClick={() => setEditing(undefined)}>
                    {M.cancel}
                  </Button>
                </form>
              ) : (
                <div className="min-w-0 space-y-1 text-sm">
                  <p className="font-medium break-words text-slate-900">{p.name}</p>
                  <p className="text-slate-600">
                    {M.created}: {formatDateTime(p.createdAt)} · {M.lastUsed}:{" "}
                    {p.lastUsedAt ? formatDateTime(p.lastUsedAt) : M.never}
                  </p>
                </div>
              )}
              {editing?.id !== p.id && (
                <div className="flex gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    aria-label={`${M.rename} ${p.name}`}
                    onClick={() => setEditing({ id: p.id, name: p.name })}
                  >
                    {M.rename}
                  </Button>
                  <ConfirmButton
                    type="button"
                    variant="outline"
                    aria-label={`${M.remove} ${p.name}`}
                    title={M.removeTitle}
                    description={M.removeConfirm(p.name)}
                    confirmLabel={M.remove}
                    onConfirm={() => void remove(p.id)}
                  >
                    {M.remove}
                  </ConfirmButton>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      <form onSubmit={add} noValidate className="max-w-md space-y-4" aria-label={M.add}>
        <InputField
          id="passkey-name"
          label={M.name}
          placeholder={M.namePlaceholder}
          value={name}
          error={error}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" disabled={busy}>
          {M.add}
        </Button>
        <PasskeysUnsupported />
      </form>
    </Card>
  );
}

/** Said after hydration only, so the server's HTML and the browser's first render agree. */
function PasskeysUnsupported() {
  const [supported, setSupported] = useState(true);
  useEffect(() => setSupported(passkeysSupported()), []);
  return supported ? null : <p className="text-sm text-slate-600">{M.unsupported}</p>;
}

import { useEffect, useState, type FormEvent } from "react";
import { api } from "~/app/lib/api";
import { deleteAndReload } from "~/app/lib/delete-and-reload";
import { failureToast } from "~/app/lib/failure-toast";
import { fieldErrors } from "~/app/lib/field-errors";
import { addPasskey, passkeysSupported, wasCancelled } from "~/app/lib/passkeys";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { InputField } from "~/app/components/ui/field";
import { formatDateTime } from "~/shared/dates";
import { PASSKEY_MESSAGES, PASSKEY_SCREEN as M, PASSKEY_SIGN_IN, type PasskeySummary } from "~/shared/passkeys";
import { PanelCard } from "./panel-card";
import { RecordList } from "./record-list";
import { usePanelData } from "./use-panel-data";
import { usePanelForm } from "./use-panel-form";
import { RemoveButton } from "./remove-button";

const PATH = "/api/account/passkeys";

/**
 * The signed-in user's passkeys (docs/decisions/240-passkeys-in-the-user-record.md): the list with
 * each one's dates, a name and "Add a passkey" (the device's own dialog does the rest), Rename in
 * place and Remove behind a confirmation. `onAdded` lets the admin go on once a required second
 * factor is set up.
 */
export function PasskeysPanel({ onAdded }: { onAdded?: () => void }) {
  const [listed, load] = usePanelData<{ passkeys: PasskeySummary[] }>(PATH, M.loadFailed);
  const [name, setName] = useState("");
  const { errors, busy, submit } = usePanelForm<"name">(M.failed);
  const [editing, setEditing] = useState<{ id: number; name: string; error?: string }>();

  const add = (event: FormEvent) => {
    event.preventDefault();
    void submit({ name: !name.trim() && PASSKEY_MESSAGES.nameRequired }, async () => {
      try {
        await addPasskey(name.trim());
      } catch (err) {
        // Closing the device's dialog is no failure: it is said, and nothing else changes.
        if (!wasCancelled(err)) throw err;
        toast({ title: PASSKEY_SIGN_IN.cancelled });
        return;
      }
      setName("");
      toast({ title: M.added });
      await load();
      onAdded?.();
    });
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
      const error = fieldErrors<"name">(err)?.name;
      if (error) setEditing({ ...editing, error });
      failureToast(err, M.failed);
    }
  };

  const remove = (id: number) => deleteAndReload(`${PATH}/${id}`, M.removed, M.failed, load);

  return (
    <PanelCard id="passkeys-heading" heading={M.heading} intro={M.intro}>
      <RecordList records={listed?.passkeys} label={M.heading} none={M.none}>
        {(p) => (
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
                <RemoveButton
                  label={M.remove}
                  aria-label={`${M.remove} ${p.name}`}
                  title={M.removeTitle}
                  description={M.removeConfirm(p.name)}
                  onConfirm={() => void remove(p.id)}
                />
              </div>
            )}
          </li>
        )}
      </RecordList>

      <form onSubmit={add} noValidate className="max-w-md space-y-4" aria-label={M.add}>
        <InputField
          id="passkey-name"
          label={M.name}
          placeholder={M.namePlaceholder}
          value={name}
          error={errors.name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" disabled={busy}>
          {M.add}
        </Button>
        <PasskeysUnsupported />
      </form>
    </PanelCard>
  );
}

/** Said after hydration only, so the server's HTML and the browser's first render agree. */
function PasskeysUnsupported() {
  const [supported, setSupported] = useState(true);
  useEffect(() => setSupported(passkeysSupported()), []);
  return supported ? null : <p className="text-sm text-slate-600">{M.unsupported}</p>;
}

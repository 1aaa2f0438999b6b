import { useState, type FormEvent } from "react";
import { api } from "~/app/lib/api";
import { deleteAndReload } from "~/app/lib/delete-and-reload";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { NamedChoices } from "./named-choices";
import { PanelCard } from "./panel-card";
import { RecordList } from "./record-list";
import { ShownOnce } from "./shown-once";
import { usePanelData } from "./use-panel-data";
import { usePanelForm } from "./use-panel-form";
import { RemoveButton } from "./remove-button";
import { InputField } from "~/app/components/ui/field";
import { formatDateTime } from "~/shared/dates";
import {
  API_SCOPE_NAMES,
  API_SCOPES,
  API_TOKEN_MESSAGES,
  API_TOKEN_SCREEN as M,
  type ApiScope,
  type ApiTokenSummary,
} from "~/shared/api-tokens";

const PATH = "/api/account/tokens";

/**
 * The signed-in user's API tokens (docs/decisions/215-api-tokens.md): the list with each token's
 * scopes, dates and last use, a form that makes one and shows its secret once with Copy, and
 * Revoke behind a confirmation. The server checks every field again.
 */
export function ApiTokensPanel() {
  const [listed, load] = usePanelData<{ tokens: ApiTokenSummary[] }>(PATH, M.loadFailed);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiScope[]>(["content:read"]);
  const [expiry, setExpiry] = useState("");
  const { errors, busy, submit } = usePanelForm<"name" | "scopes" | "expiresAt">(M.createFailed);
  const [secret, setSecret] = useState<string>();

  // An unknown scope is reported as `scopes.N`; the form shows it under the scopes.
  const create = (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      name: !name.trim() && API_TOKEN_MESSAGES.nameRequired,
      scopes: scopes.length === 0 && API_TOKEN_MESSAGES.scopesRequired,
    };
    void submit(missing, async () => {
      const made = await api.post<{ token: string }>(PATH, { name, scopes, ...(expiry && { expiresAt: expiry }) });
      setSecret(made.token);
      setName("");
      setExpiry("");
      toast({ title: M.created });
      await load();
    });
  };

  const revoke = (id: number) => deleteAndReload(`${PATH}/${id}`, M.revoked, M.revokeFailed, load);

  return (
    <PanelCard
      id="api-tokens-heading"
      heading={M.heading}
      intro={
        <>
          {M.intro} <code className="text-xs whitespace-nowrap text-slate-800">{M.header}</code>.
        </>
      }
    >
      {secret && (
        <ShownOnce
          id="api-token-secret"
          label={M.newToken}
          note={API_TOKEN_MESSAGES.shownOnce}
          value={secret}
          words={M}
          onDone={() => setSecret(undefined)}
        />
      )}

      <RecordList records={listed?.tokens} label={M.heading} none={M.none}>
        {(t) => (
          <li key={t.id} className="flex flex-wrap items-start justify-between gap-3 p-3">
            <div className="min-w-0 space-y-1 text-sm">
              <p className="font-medium break-words text-slate-900">{t.name}</p>
              <p className="text-slate-700">
                {M.columns.scopes}: {t.scopes.map((s) => API_SCOPES[s]).join(", ")}
              </p>
              <p className="text-slate-600">
                {M.columns.created}: {formatDateTime(t.createdAt)} · {M.columns.lastUsed}:{" "}
                {t.lastUsedAt ? formatDateTime(t.lastUsedAt) : M.never} · {M.columns.expires}:{" "}
                {t.expiresAt ? formatDateTime(t.expiresAt) : M.never}
              </p>
            </div>
            <RemoveButton
              label={M.revoke}
              title={M.revokeTitle}
              description={API_TOKEN_MESSAGES.revokeConfirm(t.name)}
              onConfirm={() => void revoke(t.id)}
            />
          </li>
        )}
      </RecordList>

      <form onSubmit={create} noValidate className="max-w-md space-y-4" aria-label={M.create}>
        <InputField
          id="api-token-name"
          label={M.name}
          placeholder={M.namePlaceholder}
          value={name}
          error={errors.name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
        />
        <NamedChoices
          id="api-token-scopes"
          legend={M.scopes}
          field="scopes"
          names={API_SCOPE_NAMES}
          labels={API_SCOPES}
          chosen={scopes}
          onChange={setScopes}
          error={errors.scopes}
        />
        <InputField
          id="api-token-expiry"
          label={M.expiry}
          optional
          type="date"
          value={expiry}
          error={errors.expiresAt}
          onChange={(e) => setExpiry(e.target.value)}
        />
        <Button type="submit" disabled={busy}>
          {busy ? M.creating : M.create}
        </Button>
      </form>
    </PanelCard>
  );
}

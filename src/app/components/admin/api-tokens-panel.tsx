import { useEffect, useState, type FormEvent } from "react";
import { api, ApiError } from "~/app/lib/api";
import { failureToast } from "~/app/lib/failure-toast";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { NamedChoices } from "./named-choices";
import { ShownOnce } from "./shown-once";
import { ConfirmButton } from "~/app/components/ui/confirm-dialog";
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
type Errors = Partial<Record<"name" | "scopes" | "expiresAt", string>>;

/**
 * The signed-in user's API tokens (docs/decisions/215-api-tokens.md): the list with each token's
 * scopes, dates and last use, a form that makes one and shows its secret once with Copy, and
 * Revoke behind a confirmation. The server checks every field again.
 */
export function ApiTokensPanel() {
  const [tokens, setTokens] = useState<ApiTokenSummary[]>();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiScope[]>(["content:read"]);
  const [expiry, setExpiry] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string>();

  const load = () =>
    api
      .get<{ tokens: ApiTokenSummary[] }>(PATH)
      .then((found) => setTokens(found.tokens))
      .catch((err: unknown) => failureToast(err, M.loadFailed));
  useEffect(() => void load(), []);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!name.trim()) found.name = API_TOKEN_MESSAGES.nameRequired;
    if (scopes.length === 0) found.scopes = API_TOKEN_MESSAGES.scopesRequired;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const made = await api.post<{ token: string }>(PATH, { name, scopes, ...(expiry && { expiresAt: expiry }) });
      setSecret(made.token);
      setName("");
      setExpiry("");
      toast({ title: M.created });
      await load();
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        // An unknown scope is reported as `scopes.N`; the form shows it under the scopes.
        const found: Errors = {};
        for (const [key, messages] of Object.entries(err.errors))
          found[key.split(".")[0] as keyof Errors] = messages[0];
        setErrors(found);
      }
      failureToast(err, M.createFailed);
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (id: number) => {
    try {
      await api.delete(`${PATH}/${id}`);
      toast({ title: M.revoked });
      await load();
    } catch (err) {
      failureToast(err, M.revokeFailed);
    }
  };

  return (
    <Card className="space-y-6" role="region" aria-labelledby="api-tokens-heading">
      <div>
        <h2 id="api-tokens-heading" className="text-xl font-semibold text-slate-900">
          {M.heading}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {M.intro} <code className="text-xs whitespace-nowrap text-slate-800">{M.header}</code>.
        </p>
      </div>

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

      {tokens && tokens.length === 0 && <p className="text-sm text-slate-600">{M.none}</p>}
      {tokens && tokens.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label={M.heading}>
          {tokens.map((t) => (
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
              <ConfirmButton
                type="button"
                variant="outline"
                title={M.revokeTitle}
                description={API_TOKEN_MESSAGES.revokeConfirm(t.name)}
                confirmLabel={M.revoke}
                onConfirm={() => void revoke(t.id)}
              >
                {M.revoke}
              </ConfirmButton>
            </li>
          ))}
        </ul>
      )}

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
    </Card>
  );
}

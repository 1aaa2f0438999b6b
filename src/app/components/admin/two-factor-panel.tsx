import { useState, type FormEvent } from "react";
import { renderSVG } from "uqr";
import { api, apiRequest } from "~/app/lib/api";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { InputField } from "~/app/components/ui/field";
import { formatDateTime } from "~/shared/dates";
import { TWO_FACTOR_SCREEN as M, type TwoFactorSetup, type TwoFactorStatus } from "~/shared/two-factor";
import { PanelCard } from "./panel-card";
import { usePanelData } from "./use-panel-data";
import { usePanelForm } from "./use-panel-form";

const PATH = "/api/account/totp";

/**
 * The signed-in user's two-factor sign-in (docs/decisions/220-two-factor-secrets-in-the-user-record.md):
 * its state, the set-up (a QR code drawn as inline SVG by uqr, the secret to type, a code to
 * confirm), the ten recovery codes shown once, and turning it off with the password or a code.
 * `onEnabled` lets the admin go on once a required set-up is done.
 */
export function TwoFactorPanel({ onEnabled }: { onEnabled?: () => void }) {
  const [status, load] = usePanelData<TwoFactorStatus>(PATH, M.loadFailed);
  const [setup, setSetup] = useState<TwoFactorSetup>();
  const [codes, setCodes] = useState<string[]>();
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const { errors, busy, submit } = usePanelForm<"code" | "password">(M.failed);
  // Nothing is checked before sending: the server names what is missing or wrong.
  const run = (work: () => Promise<void>) => submit({}, work);

  const start = () => run(async () => setSetup(await api.post<TwoFactorSetup>(`${PATH}/setup`, {})));

  const enable = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const made = await api.post<{ recoveryCodes: string[] }>(`${PATH}/enable`, { code });
      setCodes(made.recoveryCodes);
      setSetup(undefined);
      setCode("");
      toast({ title: M.enabled });
      await load();
    });
  };

  const disable = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await apiRequest("DELETE", PATH, password ? { password } : { code });
      setPassword("");
      setCode("");
      toast({ title: M.disabled });
      await load();
    });
  };

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: M.copied });
    } catch {
      toast({ title: M.copyFailed, variant: "destructive" });
    }
  };

  const finish = () => {
    setCodes(undefined);
    onEnabled?.();
  };

  return (
    <PanelCard
      className="space-y-4"
      id="two-factor-heading"
      heading={M.heading}
      intro={M.intro}
      after={
        status && (
          <p className="mt-2 text-sm text-slate-800">
            {status.enabled && status.enabledAt ? M.statusOn(formatDateTime(status.enabledAt)) : M.statusOff}{" "}
            {status.enabled && M.recoveryLeft(status.recoveryCodesLeft)}
            {!status.enabled && status.required && <strong> {M.requiredNote}</strong>}
          </p>
        )
      }
    >
      {codes && (
        <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4" role="status">
          <h3 className="text-sm font-medium text-slate-900">{M.recoveryHeading}</h3>
          <p className="text-sm text-slate-700">{M.recoveryIntro}</p>
          <ul className="grid grid-cols-2 gap-1 font-mono text-sm text-slate-900" aria-label={M.recoveryHeading}>
            {codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={() => void copy(codes.join("\n"))}>
              {M.copy}
            </Button>
            <Button type="button" onClick={finish}>
              {M.done}
            </Button>
          </div>
        </div>
      )}

      {status && !status.enabled && !setup && !codes && (
        <Button type="button" onClick={() => void start()} disabled={busy}>
          {M.start}
        </Button>
      )}

      {setup && (
        <form onSubmit={enable} noValidate className="max-w-md space-y-4" aria-label={M.start}>
          <p className="text-sm text-slate-700">{M.scan}</p>
          <div
            role="img"
            aria-label={M.qrLabel}
            className="h-48 w-48 bg-white p-2"
            // uqr draws the SVG from the otpauth link alone: no markup of anyone's reaches it.
            dangerouslySetInnerHTML={{ __html: renderSVG(setup.otpauthUrl) }}
          />
          <InputField id="two-factor-secret" label={M.secret} readOnly value={setup.secret} />
          <InputField
            id="two-factor-code"
            label={M.code}
            value={code}
            error={errors.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            onChange={(e) => setCode(e.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={busy}>
              {M.enable}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setSetup(undefined)}>
              {M.cancel}
            </Button>
          </div>
        </form>
      )}

      {status?.enabled && !codes && (
        <form onSubmit={disable} noValidate className="max-w-md space-y-4" aria-label={M.disable}>
          <p className="text-sm text-slate-700">{M.disableIntro}</p>
          <InputField
            id="two-factor-off-password"
            label={M.password}
            type="password"
            autoComplete="current-password"
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <InputField
            id="two-factor-off-code"
            label={M.code}
            optional
            value={code}
            error={errors.code}
            autoComplete="one-time-code"
            onChange={(e) => setCode(e.target.value)}
          />
          <Button type="submit" variant="outline" disabled={busy}>
            {M.disable}
          </Button>
        </form>
      )}
    </PanelCard>
  );
}

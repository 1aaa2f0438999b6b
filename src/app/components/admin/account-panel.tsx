import { useState, type FormEvent } from "react";
import { AUTH_FORM_MESSAGES } from "~/shared/schemas";
import type { SessionUser } from "~/shared/users";
import { api, ApiError } from "~/app/lib/api";
import { failureToast } from "~/app/lib/failure-toast";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { ConfirmButton } from "~/app/components/ui/confirm-dialog";
import { InputField } from "~/app/components/ui/field";
import { ACCOUNT_MESSAGES as M } from "./users/users-messages";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };
type Fields = typeof EMPTY;
type Errors = Partial<Record<keyof Fields, string>>;

/**
 * Every user's own account (022-users-and-accounts.md): change the password, proving the current
 * one (the server ends the other sessions), and sign out everywhere.
 */
export function AccountPanel({ user, onSignedOut }: { user: SessionUser; onSignedOut: () => void }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const bind = (field: keyof Fields) => ({
    value: values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value })),
  });

  const change = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!values.currentPassword) found.currentPassword = AUTH_FORM_MESSAGES.password;
    if (values.newPassword.length < 8) found.newPassword = AUTH_FORM_MESSAGES.newPassword;
    if (values.confirmPassword !== values.newPassword) found.confirmPassword = AUTH_FORM_MESSAGES.passwordsDiffer;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await api.post("/api/auth/password", values);
      toast(M.changed);
      setValues(EMPTY);
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0]])));
      }
      failureToast(err, M.changeFailed);
    } finally {
      setBusy(false);
    }
  };

  const signOutEverywhere = async () => {
    try {
      await api.post("/api/auth/logout", { everywhere: true });
      toast(M.signedOutEverywhere);
      onSignedOut();
    } catch (err) {
      failureToast(err, M.everywhereFailed);
    }
  };

  return (
    <div className="space-y-6">
      <Card>
        <h2 className="text-xl font-semibold text-slate-900">{M.heading}</h2>
        <p className="mt-1 text-sm text-slate-600">{M.intro(user.username)}</p>
        <form
          method="post"
          onSubmit={change}
          noValidate
          aria-labelledby="password-heading"
          className="mt-6 max-w-md space-y-4"
        >
          <h3 id="password-heading" className="text-lg font-semibold text-slate-900">
            {M.passwordHeading}
          </h3>
          <p className="text-sm text-slate-600">{M.passwordHint}</p>
          {(
            [
              ["account-current", "currentPassword", "current-password"],
              ["account-new", "newPassword", "new-password"],
              ["account-confirm", "confirmPassword", "new-password"],
            ] as const
          ).map(([id, name, autoComplete]) => (
            <InputField
              key={name}
              id={id}
              label={M[name]}
              error={errors[name]}
              {...bind(name)}
              type="password"
              autoComplete={autoComplete}
            />
          ))}
          <Button type="submit" disabled={busy}>
            {busy ? M.changing : M.changePassword}
          </Button>
        </form>
      </Card>
      <Card>
        <h3 className="text-lg font-semibold text-slate-900">{M.everywhereHeading}</h3>
        <p className="mt-1 text-sm text-slate-600">{M.everywhereHint}</p>
        <div className="mt-4">
          <ConfirmButton
            variant="destructive"
            title={M.everywhereConfirm.title}
            description={M.everywhereConfirm.description}
            confirmLabel={M.everywhereConfirm.action}
            onConfirm={() => void signOutEverywhere()}
          >
            {M.everywhere}
          </ConfirmButton>
        </div>
      </Card>
    </div>
  );
}

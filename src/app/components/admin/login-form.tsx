import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "react-router";
import { loginSchema, type LoginInput } from "~/shared/schemas";
import { api, ApiError } from "~/app/lib/api";
import { toast } from "~/app/lib/toast";
import { Button, buttonClasses } from "~/app/components/ui/button";
import { CenteredCard } from "~/app/components/ui/card";
import { InputField } from "~/app/components/ui/field";
import { FormAlert } from "~/app/components/ui/form-alert";
import { ACCOUNT_LINK_MESSAGES, ACCOUNT_LINK_PATHS } from "~/shared/account-links";
import { ADMIN_MESSAGES } from "./admin-messages";
import { SIGN_IN_FIELDS } from "~/shared/auth-messages";
import type { SessionUser } from "~/shared/users";
import type { SignInActionData } from "~/app/lib/sign-in.server";
import { SIGN_IN_CODE_SCREEN, TWO_FACTOR_FIELDS } from "~/shared/two-factor";
import { PASSKEY_SIGN_IN, type SecondFactor } from "~/shared/passkeys";
import { passkeyAnswer, passkeysSupported, wasCancelled } from "~/app/lib/passkeys";

/**
 * docs/product.md section 2, /admin before login: Username, Password, Login and Return to Home.
 * Once hydrated it signs in through /api/auth/login and stays on the page; posted natively
 * (before the JavaScript has run, or without it) it goes to /admin's action, which signs in and
 * comes back here, or renders `refused` (docs/decisions/078-sign-in-without-javascript.md).
 */
export function LoginForm({
  onSignedIn,
  title = ADMIN_MESSAGES.signInTitle,
  refused,
}: {
  /** The page shows the signed-in view; awaited, so the button says Logging in... until it does. */
  onSignedIn: (user: SessionUser) => void | Promise<void>;
  title?: string;
  refused?: SignInActionData;
}) {
  const location = useLocation();
  // The password matched and a second factor is needed (docs/decisions/220-two-factor-secrets-in-the-user-record.md):
  // the form asks for the code. Posted natively, the page carries a sealed ticket instead of the password.
  const [askCode, setAskCode] = useState(false);
  // What the 401 offered (docs/decisions/240-passkeys-in-the-user-record.md); an older answer names none: a code.
  const [factors, setFactors] = useState<readonly SecondFactor[]>(["totp"]);
  // Passkey buttons only once the page's JavaScript runs in a browser that has them.
  const [canPasskey, setCanPasskey] = useState(false);
  useEffect(() => setCanPasskey(passkeysSupported()), []);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const ticket = refused?.ticket;
  const codeStep = askCode || ticket !== undefined;
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: "", password: "", code: "", remember: false },
  });

  const onSubmit = handleSubmit(async ({ code, ...values }) => {
    try {
      const user = await api.post<SessionUser>("/api/auth/login", { ...values, ...(code && { code }) });
      toast(ADMIN_MESSAGES.loginSuccess);
      await onSignedIn(user);
    } catch (err) {
      const asked =
        err instanceof ApiError ? (err.body as { twoFactorRequired?: unknown; factors?: unknown }) : undefined;
      if (asked?.twoFactorRequired) {
        setAskCode(true);
        if (Array.isArray(asked.factors)) setFactors(asked.factors as SecondFactor[]);
        if (!code) return;
      }
      if (err instanceof ApiError && err.errors) {
        for (const [field, messages] of Object.entries(err.errors))
          setError(field as keyof LoginInput, { message: messages[0] });
      }
      toast({
        title: ADMIN_MESSAGES.loginFailed.title,
        description: err instanceof Error && err.message ? err.message : ADMIN_MESSAGES.loginFailed.fallback,
        variant: "destructive",
      });
    }
  });

  /**
   * A passkey instead of the password (`POST /api/auth/passkey`), or as the second factor after
   * it (`passkey` in the login body, with the password kept in this form's memory).
   */
  const withPasskey = async (secondFactor: boolean) => {
    setPasskeyBusy(true);
    try {
      const response = await passkeyAnswer();
      const { code: _, remember, ...values } = getValues();
      const user = secondFactor
        ? await api.post<SessionUser>("/api/auth/login", { ...values, remember, passkey: response })
        : await api.post<SessionUser>("/api/auth/passkey", { response });
      toast(ADMIN_MESSAGES.loginSuccess);
      await onSignedIn(user);
    } catch (err) {
      toast({
        title: PASSKEY_SIGN_IN.failed,
        description: wasCancelled(err)
          ? PASSKEY_SIGN_IN.cancelled
          : err instanceof Error && err.message
            ? err.message
            : ADMIN_MESSAGES.loginFailed.fallback,
        variant: "destructive",
      });
    } finally {
      setPasskeyBusy(false);
    }
  };
  const askTotp = factors.includes("totp");

  return (
    <CenteredCard>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">{ADMIN_MESSAGES.signInIntro}</p>
      {refused && <FormAlert>{refused.message}</FormAlert>}
      <form
        method="post"
        action="/admin"
        // A ticket's step has no password to send to the API: it posts to /admin's action.
        onSubmit={ticket === undefined ? onSubmit : undefined}
        noValidate
        className="mt-6 space-y-4"
        aria-label="Sign in"
      >
        <input type="hidden" name="intent" value={SIGN_IN_FIELDS.intent} />
        <input
          type="hidden"
          name={SIGN_IN_FIELDS.returnTo}
          value={refused?.returnTo ?? location.pathname + location.search}
        />
        {ticket === undefined ? (
          <div className={codeStep ? "hidden" : "space-y-4"}>
            <InputField
              id="login-username"
              label="Username"
              error={errors.username?.message ?? refused?.errors?.username?.[0]}
              {...register("username")}
              defaultValue={refused?.username}
              autoComplete="username"
            />
            <InputField
              id="login-password"
              label="Password"
              error={errors.password?.message ?? refused?.errors?.password?.[0]}
              {...register("password")}
              type="password"
              autoComplete="current-password"
            />
          </div>
        ) : (
          <>
            <input type="hidden" name="username" value={refused?.username ?? ""} />
            <input type="hidden" name={TWO_FACTOR_FIELDS.pending} value={ticket} />
          </>
        )}
        {codeStep && (ticket !== undefined || askTotp) && (
          <>
            <InputField
              id="login-code"
              label={SIGN_IN_CODE_SCREEN.code}
              error={errors.code?.message ?? refused?.errors?.code?.[0]}
              {...register("code")}
              autoComplete="one-time-code"
              inputMode="text"
              aria-describedby="login-code-hint"
            />
            <p id="login-code-hint" className="-mt-2 text-sm text-slate-600">
              {SIGN_IN_CODE_SCREEN.hint}
            </p>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" {...register("remember")} className="h-4 w-4" />
              {SIGN_IN_CODE_SCREEN.remember}
            </label>
          </>
        )}
        {(!codeStep || ticket !== undefined || askTotp) && (
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? "Logging in..." : codeStep ? SIGN_IN_CODE_SCREEN.submit : "Login"}
          </Button>
        )}
        {canPasskey && ticket === undefined && (!codeStep || factors.includes("passkey")) && (
          <Button
            type="button"
            variant={codeStep && !askTotp ? "default" : "outline"}
            className="w-full"
            disabled={passkeyBusy || isSubmitting}
            onClick={() => void withPasskey(codeStep)}
          >
            {codeStep ? PASSKEY_SIGN_IN.secondFactor : PASSKEY_SIGN_IN.signIn}
          </Button>
        )}
      </form>
      {ticket === undefined && !codeStep && (
        <Link
          to={ACCOUNT_LINK_PATHS.forgot}
          className="mt-3 inline-block text-sm text-brand-700 underline underline-offset-2"
        >
          {ACCOUNT_LINK_MESSAGES.forgotLink}
        </Link>
      )}
      <Link to="/" className={buttonClasses({ variant: "outline" }, "mt-3 w-full")}>
        Return to Home
      </Link>
    </CenteredCard>
  );
}

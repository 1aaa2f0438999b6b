import type { ReactNode } from "react";
import { Link } from "react-router";
import { CenteredCard } from "~/app/components/ui/card";
import { InputField } from "~/app/components/ui/field";
import { ACCOUNT_LINK_MESSAGES as M, ACCOUNT_LINK_PATHS } from "~/shared/account-links";

/**
 * What the pages of one-time links share (docs/decisions/230-invitations-and-reset-links.md), the
 * first-run setup link's too: the card a refused link shows, a new account's username, and the new
 * password twice. Their forms post natively, so they work
 * without JavaScript as the sign-in form does (docs/decisions/078-sign-in-without-javascript.md).
 */
export function RefusedLink({ title, forgot = false }: { title: string; forgot?: boolean }) {
  return (
    <CenteredCard>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-700">
        {M.linkRefused}{" "}
        {forgot && (
          <Link to={ACCOUNT_LINK_PATHS.forgot} className="text-brand-700 underline underline-offset-2">
            {M.askAgain}
          </Link>
        )}
      </p>
    </CenteredCard>
  );
}

export function NewPasswordFields({ prefix, errors }: { prefix: string; errors?: Record<string, string[]> }) {
  return (
    <>
      {(["password", "confirmPassword"] as const).map((name) => (
        <InputField
          key={name}
          id={`${prefix}-${name}`}
          error={errors?.[name]?.[0]}
          label={M[name]}
          name={name}
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
        />
      ))}
    </>
  );
}

/** A new account's username and password, as the setup and invitation links ask for them. */
export function NewAccountFields({
  prefix,
  errors,
  username,
}: {
  prefix: string;
  errors?: Record<string, string[]>;
  username?: string;
}) {
  return (
    <>
      <InputField
        id={`${prefix}-username`}
        error={errors?.username?.[0]}
        label={M.username}
        name="username"
        autoComplete="username"
        required
        minLength={3}
        defaultValue={username}
      />
      <NewPasswordFields prefix={prefix} errors={errors} />
    </>
  );
}

export function LinkPageCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <CenteredCard>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-700">{intro}</p>
      {children}
    </CenteredCard>
  );
}

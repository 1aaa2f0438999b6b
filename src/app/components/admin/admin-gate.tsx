import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import type { SessionUser } from "~/shared/users";
import { can } from "~/shared/permissions";
import { buttonClasses } from "~/app/components/ui/button";
import { CenteredCard } from "~/app/components/ui/card";
import { LoginForm } from "./login-form";
import { TwoFactorRequired } from "./two-factor-required";
import { useDisplayZone } from "~/app/lib/local-time";

export const ADMINS_ONLY = {
  title: "Admins only",
  text: "This tool changes or reveals the whole blog, so only admins can use it. Ask an admin if you need something done here.",
} as const;

/**
 * docs/architecture.md section 5: every utility page needs an admin. Visitors get the sign-in form, writers a
 * clear refusal; the server refuses their calls too, this only saves them a confusing page.
 */
export function AdminGate({
  user: initial,
  children,
}: {
  user: SessionUser | null;
  children: (user: SessionUser) => ReactNode;
}) {
  // Admin times in the signed-in user's own zone (src/app/lib/local-time.ts).
  useDisplayZone();
  const [user, setUser] = useState(initial);
  if (!user) return <LoginForm onSignedIn={setUser} title="Sign in to continue" />;
  if (user.twoFactorSetupRequired) return <TwoFactorRequired onDone={() => window.location.reload()} />;
  if (!can(user.role, "backups.manage")) {
    return (
      <CenteredCard role="alert">
        <h1 className="text-2xl font-bold text-slate-900">{ADMINS_ONLY.title}</h1>
        <p className="mt-3 text-slate-600">{ADMINS_ONLY.text}</p>
        <Link to="/admin" className={buttonClasses({ variant: "outline" }, "mt-6")}>
          Back to Admin
        </Link>
      </CenteredCard>
    );
  }
  return <>{children(user)}</>;
}

import { useState } from "react";
import { flushSync } from "react-dom";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/admin";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { AdminDashboard } from "~/app/components/admin/admin-dashboard";
import { LoginForm } from "~/app/components/admin/login-form";
import { TwoFactorRequired } from "~/app/components/admin/two-factor-required";
import { privatePageMeta } from "~/app/lib/meta";
import { SETUP_DONE_PARAM, SETUP_MESSAGES } from "~/shared/setup";
import { ACCOUNT_LINK_MESSAGES, PASSWORD_SET_PARAM } from "~/shared/account-links";
import { privatePageHeaders, sessionUserLoader } from "~/app/lib/session-user.server";
import { adminNavData } from "~/app/lib/admin-screen.server";
import { signInAction } from "~/app/lib/sign-in.server";

export const meta: Route.MetaFunction = () => privatePageMeta(ADMIN_MESSAGES.pageTitle, "Manage the QueueWise blog.");

/**
 * Every admin screen's answer is private (its own headers inherit these), and a refused sign-in's
 * Retry-After (429) reaches the page's answer beside them.
 */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return { ...privatePageHeaders(), ...(retryAfter && { "Retry-After": retryAfter }) };
};

/** Who is signed in, and the navigation's counts (read again on every move, so they stay current). */
export async function loader(args: Route.LoaderArgs) {
  const params = new URL(args.request.url).searchParams;
  const setupDone = params.has(SETUP_DONE_PARAM);
  const passwordSet = params.has(PASSWORD_SET_PARAM);
  const { user } = await sessionUserLoader(args);
  const ready = user && !user.twoFactorSetupRequired;
  return { user, setupDone, passwordSet, nav: ready ? await adminNavData(args.context, user) : undefined };
}

export const shouldRevalidate = () => true;

/** The sign-in form posted without (or before) JavaScript, from any admin screen that shows it. */
export const action = (args: Route.ActionArgs) => signInAction(args);

/**
 * /admin and every screen under it (docs/decisions/170-the-admin-has-addresses.md): signed out, the
 * sign-in form, which comes back to the same address; signed in, the header, the navigation and
 * the screen. Signing in or out reloads every loader, so the screen's data follows the session.
 */
export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const { user, nav } = loaderData;
  // Signing out shows the form at once, so the screens' fetchers are gone before the reload that
  // would ask them again, signed out.
  const [leaving, setLeaving] = useState(false);
  const signedOut = () => {
    flushSync(() => setLeaving(true));
    void revalidate();
  };
  if (user?.twoFactorSetupRequired && !leaving) return <TwoFactorRequired onDone={() => void revalidate()} />;
  if (!user || !nav || leaving) {
    return (
      <LoginForm
        onSignedIn={async () => {
          await revalidate();
          setLeaving(false);
        }}
        refused={actionData}
        {...(loaderData.setupDone && { title: SETUP_MESSAGES.signInTitle })}
        {...(loaderData.passwordSet && { title: ACCOUNT_LINK_MESSAGES.resetDone })}
      />
    );
  }
  return <AdminDashboard user={user} nav={nav} onSignedOut={signedOut} />;
}

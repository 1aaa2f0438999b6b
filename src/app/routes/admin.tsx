import { useState } from "react";
import type { Route } from "./+types/admin";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { AdminDashboard } from "~/app/components/admin/admin-dashboard";
import { LoginForm } from "~/app/components/admin/login-form";
import { privatePageMeta } from "~/app/lib/meta";
import { SETUP_DONE_PARAM, SETUP_MESSAGES } from "~/shared/setup";
import { privatePageHeaders, sessionUserLoader } from "~/app/lib/session-user.server";
import { signInAction } from "~/app/lib/sign-in.server";

export const meta: Route.MetaFunction = () => privatePageMeta(ADMIN_MESSAGES.pageTitle, "Manage the QueueWise blog.");

/** A refused sign-in's Retry-After (429) reaches the page's answer beside the private headers. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return { ...privatePageHeaders(), ...(retryAfter && { "Retry-After": retryAfter }) };
};

export async function loader(args: Route.LoaderArgs) {
  const setupDone = new URL(args.request.url).searchParams.has(SETUP_DONE_PARAM);
  return { ...(await sessionUserLoader(args)), setupDone };
}

/** The sign-in form posted without (or before) JavaScript, from any page that shows it. */
export const action = (args: Route.ActionArgs) => signInAction(args);

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const [user, setUser] = useState(loaderData.user);
  if (!user) {
    return (
      <LoginForm
        onSignedIn={setUser}
        refused={actionData}
        {...(loaderData.setupDone && { title: SETUP_MESSAGES.signInTitle })}
      />
    );
  }
  return <AdminDashboard user={user} onSignedOut={() => setUser(null)} />;
}

import { useState } from "react";
import type { Route } from "./+types/admin";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { AdminDashboard } from "~/app/components/admin/admin-dashboard";
import { LoginForm } from "~/app/components/admin/login-form";
import { privatePageMeta } from "~/app/lib/meta";
import { SETUP_DONE_PARAM, SETUP_MESSAGES } from "~/shared/setup";
import { privatePageHeaders, sessionUserLoader } from "~/app/lib/session-user.server";

export const meta: Route.MetaFunction = () => privatePageMeta(ADMIN_MESSAGES.pageTitle, "Manage the QueueWise blog.");

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const setupDone = new URL(args.request.url).searchParams.has(SETUP_DONE_PARAM);
  return { ...(await sessionUserLoader(args)), setupDone };
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const [user, setUser] = useState(loaderData.user);
  if (!user) {
    return <LoginForm onSignedIn={setUser} {...(loaderData.setupDone && { title: SETUP_MESSAGES.signInTitle })} />;
  }
  return <AdminDashboard user={user} onSignedOut={() => setUser(null)} />;
}

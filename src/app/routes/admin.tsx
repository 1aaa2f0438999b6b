import { useState } from "react";
import type { Route } from "./+types/admin";
import { ADMIN_MESSAGES } from "../components/admin/admin-messages";
import { AdminDashboard } from "../components/admin/admin-dashboard";
import { LoginForm } from "../components/admin/login-form";
import { pageMeta } from "../lib/meta";
import { privatePageHeaders, sessionUserLoader } from "../lib/session-user.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(ADMIN_MESSAGES.pageTitle, "Manage the QueueWise blog."),
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = (args: Route.LoaderArgs) => sessionUserLoader(args);

export default function Admin({ loaderData }: Route.ComponentProps) {
  const [user, setUser] = useState(loaderData.user);
  if (!user) return <LoginForm onSignedIn={setUser} />;
  return <AdminDashboard user={user} onSignedOut={() => setUser(null)} />;
}

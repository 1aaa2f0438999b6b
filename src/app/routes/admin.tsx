import { useState } from "react";
import type { Route } from "./+types/admin";
import { ADMIN_MESSAGES } from "../components/admin/admin-messages";
import { AdminDashboard } from "../components/admin/admin-dashboard";
import { LoginForm } from "../components/admin/login-form";
import { pageMeta } from "../lib/meta";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(ADMIN_MESSAGES.pageTitle, "Manage the QueueWise blog."),
  { name: "robots", content: "noindex" },
];

/** Signed-in pages are private: never stored by a browser or a proxy (DESIGN.md section 6). */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** The session is checked on the server, so the page arrives as the sign-in form or the dashboard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { user: (await context.sessions.userFromRequest(request)) ?? null };
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const [user, setUser] = useState(loaderData.user);
  if (!user) return <LoginForm onSignedIn={setUser} />;
  return <AdminDashboard user={user} onSignedOut={() => setUser(null)} />;
}

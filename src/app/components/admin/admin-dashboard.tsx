import { Link, Outlet, useMatches, useRevalidator } from "react-router";
import { api } from "~/app/lib/api";
import { toast } from "~/app/lib/toast";
import { Badge } from "~/app/components/ui/badge";
import { Button, buttonClasses } from "~/app/components/ui/button";
import type { SessionUser } from "~/shared/users";
import { ADMIN_MESSAGES } from "./admin-messages";
import { AdminNav } from "./admin-nav";
import type { AdminNavData } from "./admin-nav-items";
import type { AdminOutlet } from "./admin-outlet";
import { useLeaveGuard } from "./use-leave-guard";
import { useDisplayZone } from "~/app/lib/local-time";

/**
 * docs/product.md section 2, /admin after login: the header (title, role badge, who is signed in,
 * View Site, Logout), the navigation, and the screen of the address (docs/decisions/170-the-admin-has-addresses.md).
 */
export function AdminDashboard({
  user,
  nav,
  onSignedOut,
}: {
  user: SessionUser;
  nav: AdminNavData;
  onSignedOut: () => void;
}) {
  const { revalidate } = useRevalidator();
  // Admin times in the signed-in user's own zone (src/app/lib/local-time.ts).
  useDisplayZone();
  // Unsaved edits on a screen are not left behind without asking (021-no-lost-work.md): a link
  // goes through the guard's blocker, Logout through confirmLeave.
  const guard = useLeaveGuard();
  const reload = () => void revalidate();

  const signOut = async () => {
    await api.post("/api/auth/logout").catch(() => undefined);
    toast(ADMIN_MESSAGES.loggedOut);
    onSignedOut();
  };

  const outlet: AdminOutlet = {
    user,
    setDirty: guard.setDirty,
    confirmLeave: guard.confirmLeave,
    reload,
    signedOut: onSignedOut,
  };

  // A screen that needs a wide screen's room (the block editor's preview) says so in its handle.
  const wide = useMatches().some((match) => (match.handle as { adminWide?: boolean } | undefined)?.adminWide);

  return (
    <div className={wide ? "mx-auto max-w-[100rem] px-4 py-10" : "mx-auto max-w-6xl px-4 py-10"}>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <div className="flex items-center gap-3">
            <h1 className="text-3xl font-bold text-slate-900">{ADMIN_MESSAGES.pageTitle}</h1>
            <Badge>{roleLabel(user.role)}</Badge>
          </div>
          <p className="mt-1 text-sm text-slate-600">{ADMIN_MESSAGES.loggedInAs(user.username)}</p>
        </div>
        <div className="flex gap-2">
          <Link to="/" className={buttonClasses({ variant: "outline" })}>
            View Site
          </Link>
          <Button variant="secondary" onClick={() => guard.confirmLeave(() => void signOut())}>
            Logout
          </Button>
        </div>
      </header>
      {/* Only utilities the public pages already use: they share one stylesheet (docs/architecture.md section 6). */}
      <div className="mt-8 grid gap-8 md:grid-cols-[16rem_1fr]">
        <AdminNav user={user} nav={nav} />
        <div className="min-w-0">
          <Outlet context={outlet} />
        </div>
      </div>
      {guard.dialog}
    </div>
  );
}

/** docs/product.md section 2: the role badge falls back to "User". */
function roleLabel(role: string | undefined): string {
  return role ? role.charAt(0).toUpperCase() + role.slice(1) : ADMIN_MESSAGES.roleFallback;
}

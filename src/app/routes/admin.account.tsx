import type { Route } from "./+types/admin.account";
import { AccountPanel } from "~/app/components/admin/account-panel";
import { ApiTokensPanel } from "~/app/components/admin/api-tokens-panel";
import { useAdminOutlet } from "~/app/components/admin/admin-outlet";
import { AdminScreenError } from "~/app/components/admin/admin-screen-error";
import { ProfilePanel } from "~/app/components/admin/profile-panel";
import { PasskeysPanel } from "~/app/components/admin/passkeys-panel";
import { TwoFactorPanel } from "~/app/components/admin/two-factor-panel";
import { screenUser } from "~/app/lib/admin-screen.server";

/** Everyone's own profile, password, sessions, two-factor sign-in, passkeys and API tokens. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await screenUser(request, context);
  return null;
}

export default function AccountScreen() {
  const { user, signedOut } = useAdminOutlet();
  return (
    <div className="space-y-6">
      <ProfilePanel user={user} />
      <AccountPanel user={user} onSignedOut={signedOut} />
      <TwoFactorPanel />
      <PasskeysPanel />
      <ApiTokensPanel />
    </div>
  );
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <AdminScreenError error={error} />;

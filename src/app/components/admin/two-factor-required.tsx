import { api } from "~/app/lib/api";
import { Button } from "~/app/components/ui/button";
import { TWO_FACTOR_SCREEN as M } from "~/shared/two-factor";
import { PasskeysPanel } from "./passkeys-panel";
import { TwoFactorPanel } from "./two-factor-panel";

/**
 * What the admin shows a user whose role must sign in with a second factor until they set one up
 * (docs/decisions/222-two-factor-required-for-roles.md); the server refuses their other calls too.
 * Either an authenticator app or a passkey will do. Logout is here as on every admin screen.
 */
export function TwoFactorRequired({ onDone }: { onDone: () => void }) {
  const signOut = async () => {
    await api.post("/api/auth/logout").catch(() => undefined);
    onDone();
  };
  return (
    <main className="mx-auto max-w-2xl space-y-4 px-4 py-10">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{M.requiredTitle}</h1>
        <Button variant="secondary" onClick={() => void signOut()}>
          Logout
        </Button>
      </div>
      <p className="text-slate-700">{M.requiredIntro}</p>
      <TwoFactorPanel onEnabled={onDone} />
      {/* A passkey is a second factor too (docs/decisions/240-passkeys-in-the-user-record.md). */}
      <PasskeysPanel onAdded={onDone} />
    </main>
  );
}

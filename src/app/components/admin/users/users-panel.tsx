import { useCallback, useEffect, useState } from "react";
import type { AdminUserRow } from "~/shared/user-admin";
import type { SessionUser } from "~/shared/users";
import { api } from "~/app/lib/api";
import { failureToast } from "~/app/lib/failure-toast";
import { toast } from "~/app/lib/toast";
import { Card } from "~/app/components/ui/card";
import { TWO_FACTOR_ADMIN } from "~/shared/two-factor";
import { InvitationsPanel } from "./invitations-panel";
import { TwoFactorRoles } from "./two-factor-roles";
import { UserCard, type UserActions } from "./user-card";
import { USERS_MESSAGES as M } from "./users-messages";

const base = (user: AdminUserRow) => `/api/admin/users/${user.id}`;

/**
 * The Users tab, for admins (022-users-and-accounts.md): every user with role, dates and
 * sessions; invite, change role, send a reset link, disable, end sessions, delete. The server refuses
 * what would leave no admin (409) and the toast shows its words.
 */
export function UsersPanel({ me }: { me: SessionUser }) {
  const [users, setUsers] = useState<AdminUserRow[] | undefined>();
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState<number | undefined>();

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setUsers((await api.get<{ users: AdminUserRow[] }>("/api/admin/users")).users);
    } catch (err) {
      failureToast(err, M.loadFailed);
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => void reload(), [reload]);

  /** Runs one change for one user, then reloads; answers whether it worked. */
  const change = async (user: AdminUserRow, work: () => Promise<void>): Promise<boolean> => {
    setBusy(user.id);
    try {
      await work();
      return true;
    } catch (err) {
      failureToast(err, M.actionFailed);
      return false;
    } finally {
      setBusy(undefined);
      void reload();
    }
  };

  const actions: UserActions = {
    // The form shows the server's field messages, so a refusal is thrown back to it.
    saveProfile: async (user, values) => {
      await api.patch(base(user), values);
      await reload();
    },
    setRole: async (user, role) => {
      await change(user, async () => {
        await api.patch(base(user), { role });
        toast(M.roleChanged(user.username, role));
      });
    },
    setDisabled: async (user, disabled) => {
      await change(user, async () => {
        await api.patch(base(user), { disabled });
        toast(disabled ? M.disabledToast(user.username) : M.enabledToast(user.username));
      });
    },
    sendResetLink: async (user) => {
      let link: string | undefined;
      await change(user, async () => {
        const sent = await api.post<{ emailed: boolean; link?: string }>(`${base(user)}/reset-link`);
        if (sent.emailed) toast(M.resetLinkEmailed(user.username));
        link = sent.link;
      });
      return link;
    },
    endSessions: async (user) => {
      await change(user, async () => {
        const { ended } = await api.post<{ ended: number }>(`${base(user)}/sessions/end`);
        toast(M.sessionsEnded(user.username, ended));
      });
    },
    resetTwoFactor: async (user) => {
      await change(user, async () => {
        await api.delete(`${base(user)}/totp`);
        toast({ title: TWO_FACTOR_ADMIN.resetDone });
      });
    },
    remove: async (user) => {
      await change(user, async () => {
        await api.delete(base(user));
        toast(M.deleted(user.username));
      });
    },
  };

  return (
    <div className="space-y-6">
      <Card>
        <h2 className="text-xl font-semibold text-slate-900">{M.heading}</h2>
        <p className="mt-1 text-sm text-slate-600">{M.intro}</p>
        <div className="mt-4" aria-busy={loading}>
          {!users ? (
            <p className="text-slate-600">{loading ? M.loading : M.loadFailed.failed}</p>
          ) : (
            <ul aria-label={M.heading} className="divide-y divide-slate-200">
              {users.map((user) => (
                <UserCard
                  key={user.id}
                  user={user}
                  isSelf={user.id === me.id}
                  busy={busy === user.id}
                  actions={actions}
                />
              ))}
            </ul>
          )}
        </div>
      </Card>
      <InvitationsPanel onAccepted={() => void reload()} />
      <TwoFactorRoles />
    </div>
  );
}

import { useEffect, useState, type FormEvent } from "react";
import { api } from "~/app/lib/api";
import { failureToast } from "~/app/lib/failure-toast";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { ROLES, type Role } from "~/shared/permissions";
import { TWO_FACTOR_ADMIN as M } from "~/shared/two-factor";

const PATH = "/api/admin/two-factor";

/** The admin setting: roles that must sign in with a second factor (docs/decisions/222-two-factor-required-for-roles.md). */
export function TwoFactorRoles() {
  const [roles, setRoles] = useState<Role[]>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .get<{ roles: Role[] }>(PATH)
      .then((found) => setRoles(found.roles))
      .catch((err: unknown) => failureToast(err, M.saveFailed));
  }, []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!roles) return;
    setBusy(true);
    try {
      setRoles((await api.put<{ roles: Role[] }>(PATH, { roles })).roles);
      toast({ title: M.saved });
    } catch (err) {
      failureToast(err, M.saveFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <form onSubmit={(e) => void save(e)} className="space-y-3" aria-labelledby="two-factor-roles-heading">
        <h2 id="two-factor-roles-heading" className="text-xl font-semibold text-slate-900">
          {M.heading}
        </h2>
        <p className="text-sm text-slate-600">{M.intro}</p>
        {ROLES.map((role) => (
          <label key={role} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="h-4 w-4"
              disabled={!roles}
              checked={roles?.includes(role) ?? false}
              onChange={(e) =>
                setRoles((now = []) => (e.target.checked ? [...now, role] : now.filter((r) => r !== role)))
              }
            />
            {M.role(role)}
          </label>
        ))}
        <Button type="submit" disabled={busy || !roles}>
          {M.save}
        </Button>
      </form>
    </Card>
  );
}

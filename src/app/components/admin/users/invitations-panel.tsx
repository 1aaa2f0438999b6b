import { useCallback, useEffect, useState, type FormEvent } from "react";
import { ROLE_LABELS, ROLES } from "~/shared/permissions";
import type { InvitationRow, InvitationSent } from "~/shared/account-links";
import type { Role } from "~/shared/users";
import { api, ApiError } from "~/app/lib/api";
import { failureToast } from "~/app/lib/failure-toast";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { Field, InputField, inputClasses } from "~/app/components/ui/field";
import { LinkToHandOver } from "./link-to-hand-over";
import { USERS_MESSAGES as M } from "./users-messages";

const PATH = "/api/admin/invitations";

/**
 * Invites someone by address and role (docs/decisions/230-invitations-and-reset-links.md): the
 * invitee chooses their own username and password through the link, emailed when the server
 * sends email and shown here to copy either way. Lists the invitations still waiting, each revocable.
 */
export function InvitationsPanel({ onAccepted }: { onAccepted: () => void }) {
  const [pending, setPending] = useState<InvitationRow[]>();
  const [emails, setEmails] = useState(true);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("writer");
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ email: string; link: string }>();

  const load = useCallback(async () => {
    try {
      const answer = await api.get<{ invitations: InvitationRow[]; emails: boolean }>(PATH);
      setPending(answer.invitations);
      setEmails(answer.emails);
    } catch (err) {
      failureToast(err, M.loadFailed);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await api.post<InvitationSent>(PATH, { email, role });
      if (answer.emailed) toast(M.invited(email));
      setSent({ email, link: answer.link });
      setEmail("");
      setErrors({});
      await load();
      // An invitation accepted since the tab opened is a new user in the list above.
      onAccepted();
    } catch (err) {
      if (err instanceof ApiError && err.errors)
        setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0]])));
      failureToast(err, M.actionFailed);
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (invitation: InvitationRow) => {
    try {
      await api.delete(`${PATH}/${invitation.id}`);
      toast(M.revoked(invitation.email));
      await load();
    } catch (err) {
      failureToast(err, M.actionFailed);
    }
  };

  return (
    <Card className="space-y-6" role="region" aria-labelledby="invite-heading">
      <form method="post" onSubmit={invite} noValidate className="space-y-4">
        <div>
          <h3 id="invite-heading" className="text-lg font-semibold text-slate-900">
            {M.inviteHeading}
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            {M.inviteIntro} {!emails && M.inviteIntroNoMail}
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="sm:col-span-2">
            <InputField
              id="invite-email"
              label={M.email}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={errors.email}
            />
          </div>
          <Field id="invite-role" label={M.role} error={errors.role}>
            {(a) => (
              <select {...a} value={role} onChange={(e) => setRole(e.target.value as Role)} className={inputClasses}>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            {busy ? M.inviting : M.invite}
          </Button>
        </div>
      </form>
      {sent && (
        <LinkToHandOver
          id="invitation-link"
          label={M.invitationLink(sent.email)}
          link={sent.link}
          onDone={() => setSent(undefined)}
        />
      )}
      <div>
        <h3 className="text-lg font-semibold text-slate-900">{M.pendingHeading}</h3>
        {pending && pending.length === 0 && <p className="mt-1 text-sm text-slate-600">{M.noPending}</p>}
        {pending && pending.length > 0 && (
          <ul aria-label={M.pendingHeading} className="mt-2 divide-y divide-slate-200">
            {pending.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0 text-sm">
                  <p className="font-medium wrap-anywhere text-slate-900">{invitation.email}</p>
                  <p className="text-slate-600">{M.pendingLine(ROLE_LABELS[invitation.role], invitation.expiresAt)}</p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={M.revokeLabel(invitation.email)}
                  onClick={() => void revoke(invitation)}
                >
                  {M.revoke}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

import { useState, type FormEvent } from "react";
import { ROLE_LABELS, ROLES } from "~/shared/permissions";
import { AUTH_FORM_MESSAGES } from "~/shared/schemas";
import type { AdminUserRow } from "~/shared/user-admin";
import type { Role } from "~/shared/users";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { ConfirmButton } from "~/app/components/ui/confirm-dialog";
import { TWO_FACTOR_ADMIN } from "~/shared/two-factor";
import { inputClasses } from "~/app/components/ui/field";
import { PROFILE_MESSAGES, USERS_MESSAGES as M } from "./users-messages";
import { AuthorAvatar } from "~/app/components/author-avatar";
import { displayNameOf } from "~/shared/authors";
import { ProfileForm, type ProfileValues } from "./profile-form";

export type UserActions = {
  setRole: (user: AdminUserRow, role: Role) => Promise<void>;
  setDisabled: (user: AdminUserRow, disabled: boolean) => Promise<void>;
  /** Answers false when the password was refused, so the field stays open. */
  resetPassword: (user: AdminUserRow, password: string) => Promise<boolean>;
  endSessions: (user: AdminUserRow) => Promise<void>;
  resetTwoFactor: (user: AdminUserRow) => Promise<void>;
  remove: (user: AdminUserRow) => Promise<void>;
  /** Rejects with the server's field messages, which the profile form shows. */
  saveProfile: (user: AdminUserRow, values: ProfileValues) => Promise<void>;
};

/** One user: who, since when, last seen, sessions, and what an admin may change (a card at any width). */
export function UserCard({
  user,
  isSelf,
  busy,
  actions,
}: {
  user: AdminUserRow;
  isSelf: boolean;
  busy: boolean;
  actions: UserActions;
}) {
  const [resetting, setResetting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const fieldId = `reset-password-${user.id}`;

  const submitReset = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < 8) return setError(AUTH_FORM_MESSAGES.newPassword);
    if (await actions.resetPassword(user, password)) {
      setResetting(false);
      setPassword("");
      setError(undefined);
    }
  };

  return (
    <li className="py-4" aria-label={user.username}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 gap-3">
          <AuthorAvatar author={{ displayName: displayNameOf(user), avatar: user.avatar }} size={40} />
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold wrap-anywhere text-slate-900">{user.username}</span>
              {user.displayName && <span className="wrap-anywhere text-slate-700">{user.displayName}</span>}
              {isSelf && <Badge tone="muted">{M.you}</Badge>}
              {user.disabled && <Badge tone="muted">{M.disabled}</Badge>}
              {user.twoFactor && <Badge tone="muted">{TWO_FACTOR_ADMIN.on}</Badge>}
            </p>
            <p className="mt-1 text-xs text-slate-600">
              {M.createdOn(user.createdAt)} · {M.lastSignIn(user.lastSignInAt)} · {M.sessions(user.activeSessions)}
            </p>
          </div>
        </div>
        <label className="sr-only" htmlFor={`role-${user.id}`}>
          {M.roleFor(user.username)}
        </label>
        <select
          id={`role-${user.id}`}
          value={user.role}
          disabled={busy}
          onChange={(e) => void actions.setRole(user, e.target.value as Role)}
          className={`${inputClasses} w-full sm:w-36`}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => setEditing((v) => !v)}
          aria-expanded={editing}
          aria-label={PROFILE_MESSAGES.editFor(user.username)}
        >
          {PROFILE_MESSAGES.heading}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() => setResetting((v) => !v)}
          aria-expanded={resetting}
          aria-controls={fieldId}
        >
          {M.resetPassword}
        </Button>
        {/* One's own account is disabled or deleted by another admin (the server refuses it too). */}
        {!isSelf && (
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => void actions.setDisabled(user, !user.disabled)}
          >
            {user.disabled ? M.enable : M.disable}
          </Button>
        )}
        {/* The caller's own session is kept, so for oneself there is something to end only with two. */}
        <Button
          variant="outline"
          size="sm"
          disabled={busy || user.activeSessions <= (isSelf ? 1 : 0)}
          onClick={() => void actions.endSessions(user)}
        >
          {M.endSessions}
        </Button>
        {user.twoFactor && !isSelf && (
          <ConfirmButton
            variant="outline"
            size="sm"
            disabled={busy}
            aria-label={`${TWO_FACTOR_ADMIN.reset}: ${user.username}`}
            title={TWO_FACTOR_ADMIN.resetTitle}
            description={TWO_FACTOR_ADMIN.resetConfirm(user.username)}
            confirmLabel={TWO_FACTOR_ADMIN.reset}
            onConfirm={() => void actions.resetTwoFactor(user)}
          >
            {TWO_FACTOR_ADMIN.reset}
          </ConfirmButton>
        )}
        {!isSelf && (
          <ConfirmButton
            variant="destructive"
            size="sm"
            disabled={busy}
            aria-label={`${M.delete} ${user.username}`}
            title={M.deleteConfirm.title}
            description={M.deleteConfirm.description(user.username)}
            confirmLabel={M.deleteConfirm.action}
            onConfirm={() => void actions.remove(user)}
          >
            {M.delete}
          </ConfirmButton>
        )}
      </div>
      {editing && (
        <div className="mt-3 rounded-lg border border-slate-200 p-4">
          <ProfileForm
            idPrefix={`profile-${user.id}`}
            username={user.username}
            initial={user}
            save={(values) => actions.saveProfile(user, values)}
            onSaved={() => setEditing(false)}
          />
        </div>
      )}
      {resetting && (
        <form
          method="post"
          onSubmit={submitReset}
          noValidate
          className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start"
        >
          <div className="flex-1 space-y-1">
            <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
              {M.newPasswordFor(user.username)}
            </label>
            <input
              id={fieldId}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              className={inputClasses}
            />
            {error && (
              <p id={`${fieldId}-error`} className="text-sm text-red-700">
                {error}
              </p>
            )}
          </div>
          <div className="flex gap-2 sm:pt-6">
            <Button type="submit" size="sm" disabled={busy}>
              {M.savePassword}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setResetting(false)}>
              {M.cancel}
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}

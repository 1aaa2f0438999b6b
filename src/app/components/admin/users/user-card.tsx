import { useState } from "react";
import { ROLE_LABELS, ROLES } from "~/shared/permissions";
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
import { LinkToHandOver } from "./link-to-hand-over";

export type UserActions = {
  setRole: (user: AdminUserRow, role: Role) => Promise<void>;
  setDisabled: (user: AdminUserRow, disabled: boolean) => Promise<void>;
  /** Answers the link to hand over when the server sends no email, else undefined. */
  sendResetLink: (user: AdminUserRow) => Promise<string | undefined>;
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
  const [editing, setEditing] = useState(false);
  // An admin never types someone else's password: they send a link (docs/decisions/231-no-password-typed-by-an-admin.md).
  const [resetLink, setResetLink] = useState<string>();

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
            {user.email && <p className="text-sm wrap-anywhere text-slate-700">{user.email}</p>}
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
          onClick={() => void actions.sendResetLink(user).then(setResetLink)}
        >
          {M.sendResetLink}
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
      {resetLink && (
        <LinkToHandOver
          id={`reset-link-${user.id}`}
          label={M.resetLinkLabel(user.username)}
          link={resetLink}
          onDone={() => setResetLink(undefined)}
        />
      )}
    </li>
  );
}

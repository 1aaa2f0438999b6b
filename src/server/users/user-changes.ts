import { ConflictError, NotFoundError } from "~/server/http/errors";
import { checkRecord, withoutUndefined, type Change } from "~/server/store/change";
import { userSchema } from "~/server/collections/users";
import { lowerName, type Snapshot } from "~/server/store/db-snapshot";
import type { Passkey, ProfilePatch, User, UserPatch } from "~/server/store/types";
import { PASSKEY_MESSAGES } from "~/shared/passkeys";
import { USER_ADMIN_MESSAGES } from "~/shared/user-admin";
import { ACCOUNT_LINK_MESSAGES } from "~/shared/account-links";

export const usernameTakenMessage = (username: string) => `The username "${username}" is taken.`;

/** `invitationId`: the invitation being accepted, which holds the new user's address until this write removes it. */
export function createUser(
  snap: Snapshot,
  input: Omit<User, "id" | "createdAt">,
  now: string,
  invitationId?: number,
): Change<User> {
  // Case-insensitive, so "Admin" cannot sit beside "admin" and confuse who signed in.
  if (snap.usersByName.has(lowerName(input.username))) {
    throw new ConflictError(usernameTakenMessage(input.username), {
      username: [usernameTakenMessage(input.username)],
    });
  }
  const data = snap.data;
  const { username, role, passwordHash, email } = input;
  assertEmailFree(snap, 0, email, invitationId);
  const user = checkRecord(userSchema, {
    id: data.meta.nextUserId,
    username,
    role,
    passwordHash,
    createdAt: now,
    ...(email && { email }),
  });
  const next = { ...data, users: [...data.users, user], meta: { ...data.meta, nextUserId: user.id + 1 } };
  return { next, result: user, kinds: ["users"] };
}

function userAt(snap: Snapshot, id: number): User {
  const user = snap.usersById.get(id);
  if (!user) throw new NotFoundError(USER_ADMIN_MESSAGES.userNotFound(id));
  return user;
}

const isActiveAdmin = (user: User) => user.role === "admin" && !user.disabled;

/**
 * A change that would leave no admin who can sign in is refused (docs/decisions/022-users-and-accounts.md).
 * It is checked here, inside the write, so two admins demoting each other at once on two instances
 * cannot both win (docs/decisions/086-writes-decided-under-the-lock.md).
 */
export function assertKeepsAnAdmin(before: readonly User[], after: readonly User[]) {
  if (before.some(isActiveAdmin) && !after.some(isActiveAdmin)) {
    throw new ConflictError(USER_ADMIN_MESSAGES.lastAdmin);
  }
}

/** `patch` may be a function of the stored user, called inside the write (its errors write nothing). */
export function updateUser(
  snap: Snapshot,
  id: number,
  patch: UserPatch | ((current: User) => UserPatch),
): Change<User> {
  const current = userAt(snap, id);
  const changed = typeof patch === "function" ? patch(current) : patch;
  assertNotAnotherUsername(snap, id, changed.displayName);
  assertEmailFree(snap, id, changed.email);
  assertPasskeysFree(snap, id, changed.passkeys);
  const { role, passwordHash, disabled, lastSignInAt } = changed;
  const changes = withoutUndefined({ role, passwordHash, disabled, lastSignInAt });
  const user = checkRecord(
    userSchema,
    withLinks(withTwoFactor(withProfile({ ...current, ...changes }, changed), changed), changed),
  );
  const data = snap.data;
  const next = { ...data, users: data.users.map((u) => (u.id === id ? user : u)) };
  assertKeepsAnAdmin(data.users, next.users);
  return { next, result: user, kinds: ["users"] };
}

/**
 * A byline showing another user's username would pass one user off as the other; usernames are
 * compared without case, as at sign-in. Decided inside the write, where every user is known.
 */
function assertNotAnotherUsername(snap: Snapshot, id: number, displayName: string | undefined) {
  if (!displayName) return;
  const holder = snap.usersByName.get(lowerName(displayName));
  if (holder && holder.id !== id) {
    throw new ConflictError(USER_ADMIN_MESSAGES.displayNameIsUsername, {
      displayName: [USER_ADMIN_MESSAGES.displayNameIsUsername],
    });
  }
}

/**
 * An address is one account's, compared without case, and not one an invitation waits on: a reset
 * link must reach one person only. Decided inside the write, where every user is known.
 */
export function assertEmailFree(snap: Snapshot, id: number, email: string | undefined, invitationId?: number) {
  if (!email) return;
  const lower = email.toLowerCase();
  const taken =
    snap.data.users.some((u) => u.id !== id && u.email?.toLowerCase() === lower) ||
    (snap.data.invitations ?? []).some((i) => i.id !== invitationId && i.email.toLowerCase() === lower);
  if (taken) throw new ConflictError(ACCOUNT_LINK_MESSAGES.emailTaken, { email: [ACCOUNT_LINK_MESSAGES.emailTaken] });
}

/** The address ("" removes it) and the reset link (null ends it), as sent. */
function withLinks(user: User, patch: UserPatch): User {
  // A link sent to the former address stops working with it.
  if (patch.email !== undefined && patch.email !== user.email) delete user.passwordReset;
  if (patch.email === "") delete user.email;
  else if (patch.email !== undefined) user.email = patch.email;
  if (patch.passwordReset === null) delete user.passwordReset;
  else if (patch.passwordReset !== undefined) user.passwordReset = patch.passwordReset;
  return user;
}

function withTwoFactor(user: User, patch: UserPatch): User {
  if (patch.twoFactor === null) delete user.twoFactor;
  else if (patch.twoFactor !== undefined) user.twoFactor = patch.twoFactor;
  if (patch.passkeys?.length === 0) delete user.passkeys;
  else if (patch.passkeys !== undefined) user.passkeys = patch.passkeys;
  return user;
}

/**
 * A passkey is one user's: the sign-in without a username finds its user by the credential id
 * (docs/decisions/240-passkeys-in-the-user-record.md). Decided inside the write, where every user is known.
 */
function assertPasskeysFree(snap: Snapshot, id: number, passkeys: readonly Passkey[] | undefined) {
  if (!passkeys?.length) return;
  const ids = new Set(passkeys.map((p) => p.credentialId));
  if (
    ids.size < passkeys.length ||
    snap.data.users.some((u) => u.id !== id && u.passkeys?.some((p) => ids.has(p.credentialId)))
  ) {
    throw new ConflictError(PASSKEY_MESSAGES.alreadyRegistered);
  }
}

const PROFILE_FIELDS = ["displayName", "bio", "avatar"] as const;

/** The profile fields sent: "" removes one, so an unset field is absent as on a user from before profiles. */
function withProfile(user: User, patch: ProfilePatch): User {
  for (const key of PROFILE_FIELDS) {
    const value = patch[key];
    if (value === undefined) continue;
    if (value) user[key] = value;
    else delete user[key];
  }
  return user;
}

export function deleteUser(snap: Snapshot, id: number): Change<User> {
  const user = userAt(snap, id);
  const data = snap.data;
  const next = { ...data, users: data.users.filter((u) => u.id !== id) };
  // Their API tokens go with them (docs/decisions/215-api-tokens.md): refused already, kept by nobody.
  if (data.apiTokens?.some((t) => t.userId === id)) next.apiTokens = data.apiTokens.filter((t) => t.userId !== id);
  assertKeepsAnAdmin(data.users, next.users);
  return { next, result: user, kinds: ["users"] };
}

import { ConflictError, NotFoundError } from "~/server/http/errors";
import { checkRecord, withoutUndefined, type Change } from "~/server/store/change";
import { userSchema } from "~/server/store/db-schema";
import { lowerName, type Snapshot } from "~/server/store/db-snapshot";
import type { ProfilePatch, User, UserPatch } from "~/server/store/types";

export const usernameTakenMessage = (username: string) => `The username "${username}" is taken.`;

export function createUser(snap: Snapshot, input: Omit<User, "id" | "createdAt">, now: string): Change<User> {
  // Case-insensitive, so "Admin" cannot sit beside "admin" and confuse who signed in.
  if (snap.usersByName.has(lowerName(input.username))) {
    throw new ConflictError(usernameTakenMessage(input.username), {
      username: [usernameTakenMessage(input.username)],
    });
  }
  const data = snap.data;
  const { username, role, passwordHash } = input;
  const user = checkRecord(userSchema, {
    id: data.meta.nextUserId,
    username,
    role,
    passwordHash,
    createdAt: now,
  });
  const next = { ...data, users: [...data.users, user], meta: { ...data.meta, nextUserId: user.id + 1 } };
  return { next, result: user, kinds: ["users"] };
}

export const userNotFoundMessage = (id: number) => `No user with id ${id}.`;

function userAt(snap: Snapshot, id: number): User {
  const user = snap.usersById.get(id);
  if (!user) throw new NotFoundError(userNotFoundMessage(id));
  return user;
}

export function updateUser(snap: Snapshot, id: number, patch: UserPatch): Change<User> {
  const current = userAt(snap, id);
  const { role, passwordHash, disabled, lastSignInAt } = patch;
  const changes = withoutUndefined({ role, passwordHash, disabled, lastSignInAt });
  const user = checkRecord(userSchema, withProfile({ ...current, ...changes }, patch));
  const data = snap.data;
  const next = { ...data, users: data.users.map((u) => (u.id === id ? user : u)) };
  return { next, result: user, kinds: ["users"] };
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
  return { next: { ...data, users: data.users.filter((u) => u.id !== id) }, result: user, kinds: ["users"] };
}

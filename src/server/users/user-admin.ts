import {
  passwordResetSchema,
  profileSchema,
  USER_ADMIN_MESSAGES,
  userChangeSchema,
  type AdminUserRow,
  type OwnProfile,
} from "~/shared/user-admin";
import { secondFactorsOf } from "~/server/auth/two-factor";
import type { PublicAuthor } from "~/shared/authors";
import type { MediaLibrary } from "~/server/media/media-library";
import { assertAvatarKnown, authorProfileOf, publicAuthorOf } from "./profiles";
import type { NewUserInput } from "~/shared/schemas";
import type { AuthService } from "~/server/auth/auth-service";
import { hashPassword } from "~/server/auth/password";
import { ConflictError, NotFoundError, ValidationError } from "~/server/http/errors";
import type { User, UserPatch } from "~/server/store/types";
import { createUserAccount, invalidInput, type HashCost } from "./users";
import { NOBODY, type ActivityLog, type Who } from "~/server/activity/activity-log";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import type { Store } from "~/server/records/store";

const CHANGES = ACTIVITY_MESSAGES.userChanges;

/** A route parameter as a user id; anything else is a 400. */
export function parseUserId(param: unknown): number {
  const id = typeof param === "string" && /^\d{1,15}$/.test(param) ? Number(param) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1) {
    throw new ValidationError(USER_ADMIN_MESSAGES.invalidId, { id: [USER_ADMIN_MESSAGES.invalidId] });
  }
  return id;
}

export type UserAdmin = ReturnType<typeof createUserAdmin>;

/**
 * The Users tab's service (docs/decisions/022-users-and-accounts.md). A change looks nothing up
 * before its write: the store finds the user and refuses to remove the last enabled admin inside
 * the write, on the current records of every instance (docs/decisions/086-writes-decided-under-the-lock.md).
 * A change that takes rights away (disable, delete, new password) also ends the user's sessions
 * before it answers.
 */
export function createUserAdmin(
  { store, auth, activity, media }: { store: Store; auth: AuthService; activity?: ActivityLog; media: MediaLibrary },
  cost: HashCost = {},
) {
  /** Every change is in the activity log (docs/decisions/102-activity-log.md). */
  const record = (kind: "user-change" | "role-change", who: Who, username: string, change: string) =>
    activity?.record(kind, who, ACTIVITY_MESSAGES.user(username, change));

  const rowOf = async (user: User): Promise<AdminUserRow> => ({
    id: user.id,
    username: user.username,
    role: user.role,
    createdAt: user.createdAt,
    ...(user.lastSignInAt && { lastSignInAt: user.lastSignInAt }),
    disabled: Boolean(user.disabled),
    ...(user.displayName && { displayName: user.displayName }),
    ...(user.bio && { bio: user.bio }),
    ...(user.avatar && { avatar: user.avatar }),
    activeSessions: (await auth.listSessions(user.id)).length,
    // A passkey is a second factor too (docs/decisions/240-passkeys-in-the-user-record.md).
    ...(secondFactorsOf(user).length > 0 && { twoFactor: true }),
    ...(user.email && { email: user.email }),
  });
  const ownProfileOf = (user: User): OwnProfile => ({
    ...authorProfileOf(user),
    ...(user.email && { email: user.email }),
  });

  const find = async (id: number): Promise<User> => {
    const user = await store.getUserById(id);
    if (!user) throw new NotFoundError(USER_ADMIN_MESSAGES.userNotFound(id));
    return user;
  };

  /** Writes `patch` to the user; answers the user as the write found them and as it left them. */
  const update = async (id: number, patch: UserPatch) => {
    let before: User | undefined;
    const after = await store.updateUser(id, (current) => {
      before = current;
      return patch;
    });
    return { before: before!, after };
  };

  return {
    async list(): Promise<AdminUserRow[]> {
      return Promise.all((await store.listUsers()).map(rowOf));
    },

    async create(input: unknown, who: Who = NOBODY): Promise<AdminUserRow> {
      // A body that is not an object is read as an empty form, so it gets every field's message.
      const fields = typeof input === "object" && input !== null && !Array.isArray(input) ? input : {};
      const created = await createUserAccount(store, fields as NewUserInput, cost);
      await record("user-change", who, created.username, CHANGES.created(created.role));
      return rowOf(await find(created.id));
    },

    /** A new role, disabled or enabled, profile fields; `actorId` is the admin asking. */
    async change(actorId: number, id: number, input: unknown, who: Who = NOBODY): Promise<AdminUserRow> {
      const parsed = userChangeSchema.safeParse(input);
      if (!parsed.success) throw invalidInput(parsed.error);
      const { role, disabled, ...profile } = parsed.data;
      if (disabled === true && id === actorId) throw new ConflictError(USER_ADMIN_MESSAGES.notYourself);
      await assertAvatarKnown(media, profile);
      const { before, after } = await update(id, { role, disabled, ...profile });
      if (Object.values(profile).some((field) => field !== undefined))
        await record("user-change", who, before.username, CHANGES.profile);
      if (disabled === true) await auth.endSessionsOf(id);
      if (role !== undefined && role !== before.role)
        await record("role-change", who, before.username, CHANGES.role(before.role, role));
      if (disabled !== undefined && disabled !== Boolean(before.disabled))
        await record("user-change", who, before.username, disabled ? CHANGES.disabled : CHANGES.enabled);
      return rowOf(after);
    },

    /** Sets a password for someone who lost theirs; every session of theirs ends (but the caller's own). */
    async resetPassword(
      id: number,
      input: unknown,
      exceptSessionId?: string,
      who: Who = NOBODY,
    ): Promise<AdminUserRow> {
      const parsed = passwordResetSchema.safeParse(input);
      if (!parsed.success) throw invalidInput(parsed.error);
      const { before, after } = await update(id, { passwordHash: await hashPassword(parsed.data.password, cost) });
      await auth.endSessionsOf(id, { exceptSessionId });
      await record("user-change", who, before.username, CHANGES.passwordReset);
      return rowOf(after);
    },

    /** Ends every session of a user but the caller's own; answers how many ended. */
    async endSessions(id: number, exceptSessionId?: string, who: Who = NOBODY): Promise<number> {
      const user = await find(id);
      const ended = await auth.endSessionsOf(id, { exceptSessionId });
      await record("user-change", who, user.username, CHANGES.sessionsEnded(ended));
      return ended;
    },

    /** A signed-in user's own public profile (docs/decisions/130-bylines-and-author-pages.md). */
    async profile(id: number): Promise<OwnProfile> {
      return ownProfileOf(await find(id));
    },

    async updateProfile(id: number, input: unknown, who: Who = NOBODY): Promise<OwnProfile> {
      const parsed = profileSchema.safeParse(input);
      if (!parsed.success) throw invalidInput(parsed.error);
      await assertAvatarKnown(media, parsed.data);
      const { before, after } = await update(id, parsed.data);
      await record("user-change", who, before.username, CHANGES.profile);
      return ownProfileOf(after);
    },

    /** Everyone who may be named as a post's author, for the editor's picker: any signed-in writer may ask. */
    async authors(): Promise<PublicAuthor[]> {
      return (await store.listUsers()).map(publicAuthorOf);
    },

    async remove(actorId: number, id: number, who: Who = NOBODY): Promise<User> {
      if (id === actorId) throw new ConflictError(USER_ADMIN_MESSAGES.notYourself);
      const removed = await store.deleteUser(id);
      await auth.endSessionsOf(id);
      await record("user-change", who, removed.username, CHANGES.deleted);
      return removed;
    },
  };
}

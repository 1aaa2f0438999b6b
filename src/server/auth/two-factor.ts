import { createHmac, timingSafeEqual } from "node:crypto";
import { parse as parseCookies, serialize as serializeCookie } from "cookie";
import type { ActivityLog, Who } from "~/server/activity/activity-log";
import { ConflictError, HttpError, NotFoundError, ValidationError } from "~/server/http/errors";
import type { Store } from "~/server/records/store";
import type { Settings, User } from "~/server/store/types";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { fieldErrors } from "~/shared/field-errors";
import type { Role } from "~/shared/permissions";
import {
  enableSchema,
  REMEMBER_COOKIE,
  REMEMBER_DAYS,
  requiredRolesSchema,
  TWO_FACTOR_MESSAGES,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from "~/shared/two-factor";
import type { SecondFactor } from "~/shared/passkeys";
import { hasPasskeys } from "./passkeys";
import { hashRecoveryCode, newRecoveryCodes, newSecret, otpauthUrl, stepOfCode } from "./totp";

const CHANGES = ACTIVITY_MESSAGES.userChanges;
const REMEMBER_MS = REMEMBER_DAYS * 24 * 60 * 60 * 1000;

/**
 * Thrown inside a user's write to leave it unwritten: the code was wrong or used already. Typed,
 * so the store rolls it back as a refusal, not as a storage failure.
 */
class CodeRefused extends HttpError {
  constructor() {
    super(401, TWO_FACTOR_MESSAGES.wrongCode);
  }
}

/** Whether `user` must set up a second factor before using the admin (docs/decisions/222-two-factor-required-for-roles.md). */
export const mustSetUp = (user: User, settings: Settings) =>
  (settings.twoFactorRoles ?? []).includes(user.role) && secondFactorsOf(user).length === 0;

export const hasTwoFactor = (user: User) => Boolean(user.twoFactor?.enabledAt);

/**
 * The second factors a user can answer a sign-in with: a code from the app, a passkey, or both. A
 * passkey alone counts as a second factor for the roles that require one
 * (docs/decisions/240-passkeys-in-the-user-record.md).
 */
export const secondFactorsOf = (user: User): SecondFactor[] => [
  ...(hasTwoFactor(user) ? (["totp"] as const) : []),
  ...(hasPasskeys(user) ? (["passkey"] as const) : []),
];

export type TwoFactorService = ReturnType<typeof createTwoFactor>;

/**
 * Two-factor sign-in (docs/decisions/220-two-factor-secrets-in-the-user-record.md): set-up,
 * turning on and off, the admin's reset and the roles that must use it, and the checks of a
 * sign-in: a code (each time step taken once), a recovery code (each taken once) or a browser
 * remembered for 30 days (docs/decisions/221-remember-this-browser.md). Every check of a code is
 * decided inside the user's write, on the records every instance shares.
 */
export function createTwoFactor({
  store,
  activity,
  rememberKey,
}: {
  store: Store;
  activity?: ActivityLog;
  /** The session secret: it signs the remember cookie. */
  rememberKey: string;
}) {
  const userOf = async (id: number) => {
    const user = await store.getUserById(id);
    if (!user) throw new NotFoundError(TWO_FACTOR_MESSAGES.resetUserNotFound(id));
    return user;
  };
  const record = (
    kind: "two-factor-on" | "two-factor-off" | "two-factor-reset",
    who: Who,
    name: string,
    what: string,
  ) => activity?.record(kind, who, ACTIVITY_MESSAGES.user(name, what));

  /**
   * What the remember cookie signs: the user, its expiry, and what would make it stale (the
   * secret and the password hash), so a reset, a new set-up or a new password forgets every
   * remembered browser without a list of them.
   */
  const signature = (user: User, expires: number) =>
    createHmac("sha256", rememberKey)
      .update(`remember\0${user.id}\0${expires}\0${user.twoFactor?.secret ?? ""}\0${user.passwordHash}`)
      .digest("base64url");

  return {
    async status(userId: number): Promise<TwoFactorStatus> {
      const [user, settings] = await Promise.all([userOf(userId), store.getSettings()]);
      const on = user.twoFactor?.enabledAt;
      return {
        enabled: Boolean(on),
        ...(on && { enabledAt: on }),
        recoveryCodesLeft: on ? (user.twoFactor?.recoveryCodes?.length ?? 0) : 0,
        required: (settings.twoFactorRoles ?? []).includes(user.role),
      };
    },

    /** A new secret, kept unconfirmed until `enable` gets a code made with it; a second set-up replaces it. */
    async setup(userId: number): Promise<TwoFactorSetup> {
      const secret = newSecret();
      const user = await store.updateUser(userId, (current) => {
        if (current.twoFactor?.enabledAt) throw new ConflictError(TWO_FACTOR_MESSAGES.alreadyOn);
        return { twoFactor: { secret, createdAt: new Date().toISOString() } };
      });
      return { secret, otpauthUrl: otpauthUrl(secret, user.username) };
    },

    /** Confirms the set-up with a code from the app; answers the recovery codes, here and never again. */
    async enable(who: Who & { user: { id: number } }, body: unknown): Promise<{ recoveryCodes: string[] }> {
      const parsed = enableSchema.safeParse(body ?? {});
      if (!parsed.success) throw new ValidationError(TWO_FACTOR_MESSAGES.wrongCode, fieldErrors(parsed.error));
      const recoveryCodes = newRecoveryCodes();
      const user = await store.updateUser(who.user.id, (current) => {
        const pending = current.twoFactor;
        if (pending?.enabledAt) throw new ConflictError(TWO_FACTOR_MESSAGES.alreadyOn);
        if (!pending) throw new ConflictError(TWO_FACTOR_MESSAGES.notStarted);
        const step = stepOfCode(pending.secret, parsed.data.code);
        if (step === undefined) {
          throw new ValidationError(TWO_FACTOR_MESSAGES.wrongCode, { code: [TWO_FACTOR_MESSAGES.wrongCode] });
        }
        const enabledAt = new Date().toISOString();
        return {
          twoFactor: { ...pending, enabledAt, recoveryCodes: recoveryCodes.map(hashRecoveryCode), lastStep: step },
        };
      });
      await record("two-factor-on", who, user.username, CHANGES.twoFactorOn);
      return { recoveryCodes };
    },

    /**
     * Takes a code for a sign-in or to turn the factor off: a TOTP code of a step after the last
     * one taken, or an unused recovery code, which is then gone. Answers which it was, or
     * undefined (wrong, used, or no second factor).
     */
    async consume(userId: number, code: string): Promise<"code" | "recovery" | undefined> {
      let kind: "code" | "recovery" | undefined;
      try {
        await store.updateUser(userId, (current) => {
          const factor = current.twoFactor;
          if (!factor?.enabledAt) throw new CodeRefused();
          const step = stepOfCode(factor.secret, code);
          if (step !== undefined) {
            // A step at or before the last one taken: that code (or an older one) was used already.
            if (factor.lastStep !== undefined && step <= factor.lastStep) throw new CodeRefused();
            kind = "code";
            return { twoFactor: { ...factor, lastStep: step } };
          }
          const hash = hashRecoveryCode(code);
          if (!factor.recoveryCodes?.includes(hash)) throw new CodeRefused();
          kind = "recovery";
          return { twoFactor: { ...factor, recoveryCodes: factor.recoveryCodes.filter((h) => h !== hash) } };
        });
      } catch (err) {
        if (err instanceof CodeRefused) return undefined;
        throw err;
      }
      return kind;
    },

    /** Removes the second factor; the caller checked the password or a code. */
    async turnOff(who: Who & { user: { id: number } }): Promise<void> {
      const user = await store.updateUser(who.user.id, (current) => {
        if (!current.twoFactor?.enabledAt) throw new ConflictError(TWO_FACTOR_MESSAGES.notOn);
        return { twoFactor: null };
      });
      await record("two-factor-off", who, user.username, CHANGES.twoFactorOff);
    },

    /**
     * An admin removes someone's second factor (a lost phone): the app's secret and every passkey,
     * in one write; the activity log names both. Not their own: that asks for the password or a
     * code (`turnOffTwoFactor`), which a session alone has not.
     */
    async reset(who: Who, userId: number): Promise<void> {
      if (who.user?.id === userId) throw new ConflictError(TWO_FACTOR_MESSAGES.notYourOwn);
      let passkeys = 0;
      const user = await store.updateUser(userId, (current) => {
        passkeys = current.passkeys?.length ?? 0;
        if (!current.twoFactor && passkeys === 0) throw new ConflictError(TWO_FACTOR_MESSAGES.notOn);
        return { twoFactor: null, passkeys: [] };
      });
      const what = passkeys ? CHANGES.twoFactorResetWithPasskeys(passkeys) : CHANGES.twoFactorReset;
      await record("two-factor-reset", who, user.username, what);
    },

    async requiredRoles(): Promise<Role[]> {
      return (await store.getSettings()).twoFactorRoles ?? [];
    },

    async setRequiredRoles(who: Who, body: unknown): Promise<Role[]> {
      const parsed = requiredRolesSchema.safeParse(body ?? {});
      if (!parsed.success) throw new ValidationError(TWO_FACTOR_MESSAGES.rolesInvalid, fieldErrors(parsed.error));
      const roles = [...new Set(parsed.data.roles)];
      await store.updateSettings({ twoFactorRoles: roles });
      await activity?.record("two-factor-setting", who, ACTIVITY_MESSAGES.twoFactorRoles(roles));
      return roles;
    },

    /** The Set-Cookie line that skips the second factor for this user in this browser for 30 days. */
    rememberCookie(user: User, secure: boolean, now = Date.now()): string {
      const expires = now + REMEMBER_MS;
      return serializeCookie(REMEMBER_COOKIE, `${user.id}.${expires}.${signature(user, expires)}`, {
        httpOnly: true,
        sameSite: "lax",
        secure,
        path: "/",
        maxAge: Math.floor(REMEMBER_MS / 1000),
      });
    },

    /** Whether the request's remember cookie is this user's, unexpired, and signed for their current factor. */
    remembers(user: User, cookieHeader: string | null | undefined, now = Date.now()): boolean {
      const value = cookieHeader ? parseCookies(cookieHeader)[REMEMBER_COOKIE] : undefined;
      const [id, expires, mac] = value?.split(".") ?? [];
      if (Number(id) !== user.id || !mac || !(Number(expires) > now)) return false;
      const expected = Buffer.from(signature(user, Number(expires)));
      const given = Buffer.from(mac);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

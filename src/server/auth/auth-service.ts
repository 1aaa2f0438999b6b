import { createHash, randomBytes } from "node:crypto";
import { fieldErrors } from "~/shared/field-errors";
import {
  AUTH_FORM_MESSAGES,
  loginSchema,
  PASSWORD_CHANGE_MESSAGES,
  passwordChangeSchema,
  registerSchema,
} from "~/shared/schemas";
import type { SessionUser } from "~/shared/users";
import {
  ForbiddenError,
  TooManyRequestsError,
  TwoFactorRequiredError,
  UnauthorizedError,
  ValidationError,
} from "~/server/http/errors";
import { createRateLimiter, type Verdict } from "~/server/http/rate-limiter";
import { createUserAccount, invalidInput, publicUser, type HashCost } from "~/server/users/users";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import { sealData, unsealData } from "iron-session";
import { hashPassword, verifyPassword } from "./password";
import { createSerializer } from "./serialize-by-key";
import type { SessionRecord, SessionRecords } from "./session-cache";
import type { ActivityLog, Who } from "~/server/activity/activity-log";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import type { Store } from "~/server/records/store";
import type { Settings, User } from "~/server/store/types";
import { disableSchema, TWO_FACTOR_MESSAGES } from "~/shared/two-factor";
import { createTwoFactor, mustSetUp, secondFactorsOf } from "./two-factor";
import { createPasskeyChallenges } from "./passkey-challenges";
import { createPasskeys, relyingPartyOf } from "./passkeys";
import { PASSKEY_MESSAGES, passkeySignInSchema } from "~/shared/passkeys";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";

/**
 * Failed sign-ins allowed per window before 429 (docs/architecture.md section 5): per address,
 * against one machine guessing many accounts, and per username, against many machines guessing
 * one. A wrong current password on a password change counts against the username too.
 */
export const LOGIN_LIMITS = {
  perIp: { limit: 20, windowMs: 15 * 60 * 1000 },
  perUsername: { limit: 5, windowMs: 15 * 60 * 1000 },
} as const;

/**
 * Failed sign-ins the activity log records, site-wide, per hour (docs/decisions/103-failed-sign-ins-bounded.md).
 * An attempt the limits above refuse is never recorded; past this budget, the failures that still
 * get through (many addresses, many usernames) are refused as ever but not recorded, so the log
 * holds at most this many per hour, whatever an attacker sends.
 */
export const FAILED_SIGN_IN_RECORDS = { limit: 60, windowMs: 60 * 60 * 1000 } as const;

/**
 * Where a sign-in comes from, kept on the session for the admin's list; `cookies` (its Cookie
 * header) may hold the remember cookie, and `secure` says whether a new one must be Secure.
 */
export type Client = { ip: string; userAgent?: string; cookies?: string | null; secure?: boolean };
export type SignedIn = { user: SessionUser; session: SessionRecord };
/** The no-JavaScript form's second step: whose password matched, and a mark of that password. */
type Ticket = { username: string; mark: string };
const TICKET_TTL_SECONDS = 10 * 60;
/** Changes with the password, so a ticket made before a new password is refused. */
const passwordMark = (user: User) => createHash("sha256").update(user.passwordHash).digest("base64url").slice(0, 16);

/** A sign-in's answer: with the remember cookie to set when the form asked to remember the browser. */
export type LoggedIn = SignedIn & { rememberCookie?: string };

/** The user as the browser learns it, with whether their role still waits for their second factor. */
export const sessionUserOf = (user: User, settings: Settings): SessionUser => ({
  ...publicUser(user),
  ...(mustSetUp(user, settings) && { twoFactorSetupRequired: true as const }),
});

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * Sign-in, sessions and accounts (docs/architecture.md section 5), for the /api/auth router, the
 * admin pages and the guards. Sessions are records in sessions.json; a session gives rights only
 * while its record exists, has not expired, and its user exists and is not disabled, so ending a
 * record, deleting a user or disabling one takes effect on the next request.
 */
export function createAuthService({
  store,
  records,
  activity,
  failedSignInRecords = FAILED_SIGN_IN_RECORDS,
  cost = {},
  rememberKey = randomBytes(32).toString("base64url"),
  publicUrl = "http://localhost",
}: {
  store: Store;
  records: SessionRecords;
  /** Sign-ins, failed ones and account changes are recorded here (docs/decisions/102-activity-log.md). */
  activity?: ActivityLog;
  /** How many failed sign-ins the log takes per window; tests give a smaller budget. */
  failedSignInRecords?: { limit: number; windowMs: number };
  /** The scrypt cost of the hashes it makes: the default, unless a test app asks for less (createApp). */
  cost?: HashCost;
  /** Signs the cookie of a browser remembered for the second factor: the session secret (a test's own otherwise). */
  rememberKey?: string;
  /** The site's public address: passkeys belong to its host (docs/decisions/240-passkeys-in-the-user-record.md). */
  publicUrl?: string;
}) {
  const twoFactor = createTwoFactor({ store, activity, rememberKey });
  // Sealed with the session secret, taken once in a counter every instance shares.
  const challenges = createPasskeyChallenges({
    secret: rememberKey,
    counters: store.rateCounters?.("passkey-challenge"),
  });
  const passkeys = createPasskeys({ store, activity, challenges, rp: relyingPartyOf(publicUrl) });
  // Counted across instances when the store is shared (docs/decisions/043-shared-rate-limits.md).
  const byIp = createRateLimiter(LOGIN_LIMITS.perIp, store.rateCounters?.("login-ip"));
  const byUsername = createRateLimiter(LOGIN_LIMITS.perUsername, store.rateCounters?.("login-username"));
  // Attempts sharing an address or a username run one after another: otherwise a burst sent at
  // once would pass the limit check before its first failure was counted.
  const serialize = createSerializer();
  const failureBudget = createRateLimiter(failedSignInRecords, store.rateCounters?.("activity-failed-sign-in"));
  /** A hash of a random password at this service's cost, made on first need. */
  let dummy: Promise<string> | undefined;
  const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString("base64"), cost));

  /** One entry per failed attempt the limits let through, while the hour's budget lasts. */
  const recordFailure = async (username: string, ip: string) => {
    if (!activity || (await failureBudget.take("site")).limited) return;
    await activity.record("sign-in-failed", { ip }, ACTIVITY_MESSAGES.attempt(username));
  };

  const limitedFor = (...verdicts: Verdict[]) => {
    const waits = verdicts.flatMap((v) => (v.limited ? [v.retryAfterSeconds] : []));
    if (waits.length) throw new TooManyRequestsError(AUTH_FORM_MESSAGES.tooManyAttempts, Math.max(...waits));
  };

  // Records of users deleted or disabled elsewhere (the admin's Users tab, the store directly) go
  // at once; `resolve` refuses them anyway, this keeps the file and the session lists tidy. Every
  // read starts inside the listener, before the write that triggered it has been acknowledged.
  store.onChange((kind) => {
    if (kind !== "users") return;
    const ids = [...new Set(records.all().map((r) => r.userId))];
    void Promise.all(ids.map((id) => store.getUserById(id)))
      .then((users) => {
        const inactive = new Set(ids.filter((_, i) => users[i] === undefined || users[i].disabled === true));
        return inactive.size ? records.removeWhere((r) => inactive.has(r.userId)) : 0;
      })
      .catch((error: unknown) => console.error("Could not end the sessions of removed or disabled users:", error));
  });

  /**
   * A sign-in: the address and username limits, the password check `check` makes (the user, or
   * undefined), then the second factor and the new session. A wrong code stays a failure of this
   * address and username, as a wrong password does (docs/decisions/220-two-factor-secrets-in-the-user-record.md).
   */
  const signIn = async (
    username: string,
    client: Client,
    previous: SignedIn | undefined,
    {
      code,
      passkey,
      remember,
      passkeySignIn = false,
    }: {
      code?: string;
      /** A passkey's answer as the second factor, to the sign-in challenge of the request's cookie. */
      passkey?: AuthenticationResponseJSON;
      remember: boolean;
      /** `check` verified a passkey: that is two factors already (something held, and its PIN or fingerprint). */
      passkeySignIn?: boolean;
    },
    check: (found: User | undefined) => Promise<User | undefined>,
  ): Promise<LoggedIn> => {
    let codeTaken = false;
    const name = username.toLowerCase();
    const user = await serialize([`ip:${client.ip}`, `user:${name}`], async () => {
      // Counted as a failure before the password is checked, and given back when it matches:
      // a count taken in one step is exact when the attempts arrive at several instances at once.
      const verdicts = await Promise.all([byIp.take(client.ip), byUsername.take(name)]);
      if (verdicts.some((v) => v.limited)) {
        await Promise.all([
          verdicts[0].limited ? undefined : byIp.refund(client.ip),
          verdicts[1].limited ? undefined : byUsername.refund(name),
        ]);
        limitedFor(...verdicts);
      }
      const found = await check(await store.getUserByUsername(username));
      if (!found) {
        await recordFailure(username, client.ip);
        throw new UnauthorizedError(AUTH_FORM_MESSAGES.invalidCredentials);
      }
      const factors = secondFactorsOf(found);
      if (!passkeySignIn && factors.length > 0 && !twoFactor.remembers(found, client.cookies)) {
        if (!code && !passkey) {
          // Nothing was guessed yet: the form now asks for the code or a passkey.
          await Promise.all([byIp.refund(client.ip), byUsername.refund(name)]);
          throw new TwoFactorRequiredError(TWO_FACTOR_MESSAGES.codeNeeded, undefined, factors);
        }
        if (passkey) {
          if (!(await secondFactorPasskey(found, passkey, client.cookies))) {
            await recordFailure(username, client.ip);
            throw new TwoFactorRequiredError(PASSKEY_MESSAGES.refused, undefined, factors);
          }
        } else if (!(await twoFactor.consume(found.id, code!))) {
          await recordFailure(username, client.ip);
          const message = TWO_FACTOR_MESSAGES.wrongCode;
          throw new TwoFactorRequiredError(message, { code: [message] }, factors);
        }
        codeTaken = true;
      }
      await Promise.all([byIp.refund(client.ip), byUsername.reset(name)]);
      return found;
    });
    // Only after the password matched, so a disabled account is not revealed to a guesser.
    if (user.disabled) {
      await recordFailure(username, client.ip);
      throw new ForbiddenError(AUTH_FORM_MESSAGES.accountDisabled);
    }
    const session = await records.create({ userId: user.id, ip: client.ip, userAgent: client.userAgent });
    const updated = await store.updateUser(user.id, { lastSignInAt: session.createdAt });
    if (previous) await records.remove(previous.session.id);
    const signedIn = sessionUserOf(updated, await store.getSettings());
    await activity?.record("sign-in", { user: publicUser(updated), ip: client.ip }, "");
    const rememberCookie =
      codeTaken && remember ? twoFactor.rememberCookie(updated, client.secure ?? false) : undefined;
    return { user: signedIn, session, ...(rememberCookie && { rememberCookie }) };
  };

  /** Whether `passkey` is one of `user`'s passkeys answering this browser's sign-in challenge (taken once either way). */
  const secondFactorPasskey = async (user: User, passkey: AuthenticationResponseJSON, cookies?: string | null) => {
    const challenge = await challenges.take(cookies ?? undefined, { purpose: "sign-in" }).catch(() => undefined);
    if (!challenge) return false;
    return passkeys.verify(user, passkey, challenge, { userVerified: false }).catch(() => false);
  };

  return {
    /**
     * Checks a login body and starts a session, or throws 400, 401, 403 (disabled) or 429. A
     * limited caller gets 429 before any password is checked, so guessing stops there. The
     * caller's `previous` session ends on success: a fresh record and seal on every sign-in, so
     * no session id from before it survives.
     */
    async login(input: unknown, client: Client, previous?: SignedIn): Promise<LoggedIn> {
      const parsed = loginSchema.safeParse(input);
      if (!parsed.success) throw invalidInput(parsed.error);
      const { username, password, code, passkey, remember = false } = parsed.data;
      const factor = { code, passkey: passkey as AuthenticationResponseJSON | undefined, remember };
      return signIn(username, client, previous, factor, async (found) =>
        // An unknown user costs the same scrypt work as a known one, so timing does not reveal it.
        (await verifyPassword(password, found?.passwordHash ?? (await dummyHash()))) ? found : undefined,
      );
    },

    /**
     * The sign-in form's second step without JavaScript (docs/decisions/221-remember-this-browser.md):
     * a ticket `ticketFor` sealed after the password matched stands for the password for ten
     * minutes, so the page never holds the password itself. The code is counted as in `login`.
     */
    async loginWithTicket(
      ticket: string,
      { code, remember = false }: { code?: string; remember?: boolean },
      client: Client,
      previous?: SignedIn,
    ): Promise<LoggedIn> {
      const opened = await unsealData<Ticket>(ticket, { password: rememberKey, ttl: TICKET_TTL_SECONDS }).catch(
        () => undefined,
      );
      if (typeof opened?.username !== "string") throw new UnauthorizedError(TWO_FACTOR_MESSAGES.ticketExpired);
      return signIn(opened.username, client, previous, { code, remember }, (found) =>
        Promise.resolve(found && passwordMark(found) === opened.mark ? found : undefined),
      );
    },

    /**
     * A sign-in with a passkey instead of the password (docs/decisions/240-passkeys-in-the-user-record.md):
     * the answer names its passkey, the passkey its user; the device must have checked its owner
     * (user verification), so the passkey is both factors. Counted against the address and the
     * user as a password is, and refused for a disabled user as a password is.
     */
    async loginWithPasskey(input: unknown, client: Client, previous?: SignedIn): Promise<LoggedIn> {
      const parsed = passkeySignInSchema.safeParse(input ?? {});
      if (!parsed.success) throw new ValidationError(PASSKEY_MESSAGES.badResponse, fieldErrors(parsed.error));
      const response = parsed.data.response as AuthenticationResponseJSON;
      const challenge = await challenges.take(client.cookies ?? undefined, { purpose: "sign-in" });
      const owner = await store.findUserByPasskey(response.id);
      // A name no account can have (usernames are letters, digits and . _ -): unknown passkeys share one count.
      const username = owner?.username ?? "(unknown passkey)";
      return signIn(username, client, previous, { remember: false, passkeySignIn: true }, async (found) => {
        if (!found || found.id !== owner?.id) return undefined;
        try {
          return (await passkeys.verify(found, response, challenge, { userVerified: true })) ? found : undefined;
        } catch (err) {
          await recordFailure(username, client.ip);
          throw err;
        }
      });
    },

    /** Passkeys: the caller's own list, and the options of a sign-in. */
    passkeys,
    /** The Set-Cookie line that forgets a passkey challenge once answered. */
    passkeyChallengeCleared: challenges.cleared,

    /** A sealed note that `username`'s password matched just now, for the form's second step. */
    async ticketFor(username: string): Promise<string> {
      const user = await store.getUserByUsername(username);
      if (!user) throw new UnauthorizedError(TWO_FACTOR_MESSAGES.ticketExpired);
      return sealData({ username: user.username, mark: passwordMark(user) } satisfies Ticket, {
        password: rememberKey,
        ttl: TICKET_TTL_SECONDS,
      });
    },

    /** Two-factor sign-in: set-up, turning off, the admin's reset and the required roles. */
    twoFactor,

    /**
     * Turns the caller's second factor off after checking their password or a current code, each
     * counted against their username as a sign-in's is.
     */
    async turnOffTwoFactor(userId: number, input: unknown, ip = ""): Promise<void> {
      const parsed = disableSchema.safeParse(input ?? {});
      if (!parsed.success) throw invalidInput(parsed.error);
      const user = await store.getUserById(userId);
      if (!user || user.disabled) throw new UnauthorizedError(AUTH_MESSAGES.signInRequired);
      const name = user.username.toLowerCase();
      await serialize([`user:${name}`], async () => {
        limitedFor(await byUsername.take(name));
        const { password, code } = parsed.data;
        const ok = password
          ? await verifyPassword(password, user.passwordHash)
          : Boolean(code && (await twoFactor.consume(userId, code)));
        if (!ok) {
          const message = password ? TWO_FACTOR_MESSAGES.wrongPassword : TWO_FACTOR_MESSAGES.wrongCode;
          throw new ValidationError(message, { [password ? "password" : "code"]: [message] });
        }
        await byUsername.refund(name);
      });
      await twoFactor.turnOff({ user: { id: user.id, username: user.username }, ip });
    },

    /** Ends one session, or with `everywhere` every session of its user. */
    async logout(current: SignedIn | undefined, { everywhere = false } = {}): Promise<void> {
      if (!current) return;
      if (everywhere) await records.removeOfUser(current.user.id);
      else await records.remove(current.session.id);
    },

    /** Creates an account (admins only, checked by the router); does not sign it in. `who` is the admin. */
    async register(input: unknown, who?: Who): Promise<SessionUser> {
      const parsed = registerSchema.safeParse(input);
      if (!parsed.success) throw invalidInput(parsed.error);
      const { username, password, role } = parsed.data;
      const created = await createUserAccount(store, { username, password, role }, cost);
      if (who)
        await activity?.record(
          "user-change",
          who,
          ACTIVITY_MESSAGES.user(created.username, ACTIVITY_MESSAGES.userChanges.created(created.role)),
        );
      return created;
    },

    /**
     * The signed-in user of a session id, or undefined: unknown, expired, user gone or disabled.
     * The record is read from storage, which knows at once of a session another instance has
     * created or ended (docs/decisions/087-sessions-checked-in-storage.md).
     */
    resolve: async (sessionId: string): Promise<SignedIn | undefined> => {
      const session = await records.lookUp(sessionId);
      if (!session) return undefined;
      const user = await store.getUserById(session.userId);
      if (!user || user.disabled) return undefined;
      records.touch(sessionId);
      return { user: sessionUserOf(user, await store.getSettings()), session };
    },

    /** A user's live sessions, most recently used first. */
    listSessions(userId: number): Promise<SessionRecord[]> {
      return Promise.resolve(records.listOf(userId));
    },

    /** Answers whether the session existed. */
    endSession(sessionId: string): Promise<boolean> {
      return records.remove(sessionId);
    },

    /** Ends every session of a user, except one (the caller's own, when they stay signed in). */
    endSessionsOf(userId: number, { exceptSessionId }: { exceptSessionId?: string } = {}): Promise<number> {
      return records.removeOfUser(userId, exceptSessionId);
    },

    /**
     * Changes a user's own password after checking the current one, then ends every other session
     * of theirs: whoever may have learnt the old password is signed out. 400 with field messages.
     */
    async changePassword(
      userId: number,
      currentPassword: unknown,
      newPassword: unknown,
      currentSessionId?: string,
      ip = "",
    ) {
      const parsed = passwordChangeSchema.safeParse({ currentPassword, newPassword });
      if (!parsed.success) throw invalidInput(parsed.error);
      const user = await store.getUserById(userId);
      if (!user || user.disabled) throw new UnauthorizedError(AUTH_MESSAGES.signInRequired);
      const name = user.username.toLowerCase();
      await serialize([`user:${name}`], async () => {
        // Counted before the check and given back when it passes, as for a sign-in.
        limitedFor(await byUsername.take(name));
        if (!(await verifyPassword(parsed.data.currentPassword, user.passwordHash))) {
          const message = PASSWORD_CHANGE_MESSAGES.wrongCurrentPassword;
          throw new ValidationError(message, { currentPassword: [message] });
        }
        await byUsername.refund(name);
      });
      await store.updateUser(userId, { passwordHash: await hashPassword(parsed.data.newPassword, cost) });
      await records.removeOfUser(userId, currentSessionId);
      const who = { user: { id: user.id, username: user.username }, ip };
      await activity?.record(
        "user-change",
        who,
        ACTIVITY_MESSAGES.user(user.username, ACTIVITY_MESSAGES.userChanges.passwordChanged),
      );
    },
  };
}

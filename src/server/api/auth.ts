import { randomBytes } from "node:crypto";
import { Router } from "express";
import { AUTH_FORM_MESSAGES, loginSchema, registerSchema } from "../../shared/schemas";
import { AUTH_MESSAGES, type Guards } from "../auth/guards";
import { hashPassword, verifyPassword } from "../auth/password";
import type { SessionUser } from "../auth/session";
import type { AppContext } from "../context";
import { TooManyRequestsError, UnauthorizedError } from "../errors";
import { createRateLimiter } from "../rate-limiter";
import { lowerName } from "../store/db-snapshot";
import type { Store } from "../store/types";
import { createUserAccount, invalidInput, publicUser } from "../users";
import { jsonBody } from "./json-body";

/**
 * Failed sign-ins allowed per window before 429 (DESIGN.md section 5): per address, against one
 * machine guessing many accounts, and per username, against many machines guessing one.
 */
export const LOGIN_LIMITS = {
  perIp: { limit: 20, windowMs: 15 * 60 * 1000 },
  perUsername: { limit: 5, windowMs: 15 * 60 * 1000 },
} as const;

/**
 * The auth calls of SPEC section 7 with DESIGN.md section 5's changes: the session cookie is the
 * only sign-in, and only an admin may register a user. Built once per app by apiRouter, so the
 * login counters are shared by every request to that app.
 */
export function authRouter({ store, sessions }: AppContext, guards: Guards): Router {
  const login = createLogin(store);
  const router = Router();

  router.get("/auth/me", async (req, res) => {
    const user = await sessions.user(req, res);
    if (!user) throw new UnauthorizedError(AUTH_MESSAGES.signInRequired);
    res.json(user);
  });

  router.post("/auth/login", guards.requireSameOrigin, jsonBody, async (req, res) => {
    const user = await login(req.body, req.ip ?? "unknown");
    // iron-session seals a fresh cookie on every save, so no session id from before sign-in survives.
    const session = await sessions.get(req, res);
    session.userId = user.id;
    await session.save();
    res.json(user);
  });

  router.post("/auth/logout", guards.requireSameOrigin, async (req, res) => {
    (await sessions.get(req, res)).destroy();
    res.json({ success: true });
  });

  // Creates the account only: the admin stays signed in as themselves.
  router.post("/auth/register", guards.requireSameOrigin, guards.requireAdmin, jsonBody, async (req, res) => {
    const parsed = registerSchema.safeParse(req.body);
    if (!parsed.success) throw invalidInput(parsed.error);
    const { username, password, role } = parsed.data;
    res.status(201).json(await createUserAccount(store, { username, password, role }));
  });

  return router;
}

/**
 * Checks a login body and answers the user, or throws 400, 401 or 429. A limited caller gets 429
 * before any password is checked, so guessing stops there. Attempts sharing an address or a
 * username run one after another: otherwise a burst sent at once would pass the limit check
 * before its first failure was counted.
 */
function createLogin(store: Store) {
  const byIp = createRateLimiter(LOGIN_LIMITS.perIp);
  const byUsername = createRateLimiter(LOGIN_LIMITS.perUsername);
  const serialize = createSerializer();

  return async (input: unknown, ip: string): Promise<SessionUser> => {
    const parsed = loginSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error);
    const { username, password } = parsed.data;
    const name = lowerName(username);

    return serialize([`ip:${ip}`, `user:${name}`], async () => {
      const waits = [byIp.check(ip), byUsername.check(name)].flatMap((v) => (v.limited ? [v.retryAfterSeconds] : []));
      if (waits.length) throw new TooManyRequestsError(AUTH_FORM_MESSAGES.tooManyAttempts, Math.max(...waits));

      const user = await store.getUserByUsername(username);
      // An unknown user costs the same scrypt work as a known one, so timing does not reveal it.
      const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
      if (!user || !matches) {
        byIp.hit(ip);
        byUsername.hit(name);
        throw new UnauthorizedError(AUTH_FORM_MESSAGES.invalidCredentials);
      }
      byUsername.reset(name);
      return publicUser(user);
    });
  };
}

/** A hash of a random password at the default cost, made once per process on first need. */
let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString("base64")));

/**
 * Runs each task after every earlier task that shares one of its keys has settled. Tasks only
 * wait for tasks queued before them, so no two can wait for each other.
 */
function createSerializer() {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(keys: string[], task: () => Promise<T>): Promise<T> => {
    const run = Promise.allSettled(keys.map((key) => tails.get(key))).then(task);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    for (const key of keys) tails.set(key, tail);
    void tail.then(() => keys.forEach((key) => tails.get(key) === tail && tails.delete(key)));
    return run;
  };
}

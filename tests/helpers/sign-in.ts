import { sealData } from "iron-session";
import { hashPassword } from "~/server/auth/password";
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from "~/server/auth/session";
import type { SessionRecords } from "~/server/auth/session-cache";
import type { Role } from "~/shared/users";
import type { User } from "~/server/store/types";
import type { Store } from "~/server/records/store";

let count = 0;

/** A user in the store with a known password; scrypt at a low cost so tests stay quick. */
export async function makeUser(
  store: Store,
  {
    role = "admin",
    username,
    password = "correct horse battery",
  }: { role?: Role; username?: string; password?: string } = {},
): Promise<{ user: User; password: string }> {
  count += 1;
  const user = await store.createUser({
    username: username ?? `${role}-${count}-${Date.now() % 100000}`,
    role,
    passwordHash: await hashPassword(password, { logN: 10 }),
  });
  return { user, password };
}

/** A Cookie header value sealing a session id, the way the server seals it. */
export async function sealedCookie(sessionSecret: string, sid: string): Promise<string> {
  const sealed = await sealData({ sid }, { password: sessionSecret, ttl: SESSION_TTL_SECONDS });
  return `${SESSION_COOKIE}=${sealed}`;
}

type TestSite = { store: Store; sessionSecret: string; sessionRecords: SessionRecords };

/** A Cookie header value for a new server-side session of the user, as a sign-in makes one. */
export async function sessionCookie(t: Omit<TestSite, "store">, userId: number): Promise<string> {
  const session = await t.sessionRecords.create({ userId, ip: "127.0.0.1", userAgent: "test" });
  return sealedCookie(t.sessionSecret, session.id);
}

/** A new user of the role and the Cookie header of their session. */
export async function signedIn(t: TestSite, role: Role = "admin") {
  const { user, password } = await makeUser(t.store, { role });
  return { user, password, cookie: await sessionCookie(t, user.id) };
}

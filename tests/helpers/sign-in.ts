import { sealData } from "iron-session";
import { hashPassword } from "../../src/server/auth/password";
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from "../../src/server/auth/session";
import type { Role, Store, User } from "../../src/server/store/types";

let count = 0;

/** A user in the store with a known password; scrypt at a low cost so tests stay quick. */
export async function makeUser(
  store: Store,
  { role = "admin", username, password = "correct horse battery" }: { role?: Role; username?: string; password?: string } = {},
): Promise<{ user: User; password: string }> {
  count += 1;
  const user = await store.createUser({
    username: username ?? `${role}-${count}-${Date.now() % 100000}`,
    role,
    passwordHash: await hashPassword(password, { logN: 10 }),
  });
  return { user, password };
}

/** A Cookie header value for a signed-in session, sealed the way the server seals it. */
export async function sessionCookie(sessionSecret: string, userId: number): Promise<string> {
  const sealed = await sealData({ userId }, { password: sessionSecret, ttl: SESSION_TTL_SECONDS });
  return `${SESSION_COOKIE}=${sealed}`;
}

/** A new user of the role and the Cookie header of their session. */
export async function signedIn(t: { store: Store; sessionSecret: string }, role: Role = "admin") {
  const { user, password } = await makeUser(t.store, { role });
  return { user, password, cookie: await sessionCookie(t.sessionSecret, user.id) };
}

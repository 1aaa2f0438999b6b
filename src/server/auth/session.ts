import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { getIronSession, unsealData, type SessionOptions } from "iron-session";
import type { SessionUser } from "../../shared/users";

export type { SessionUser };
import type { Store } from "../store/types";

/** The sealed cookie holds only the user id; name and role are read from the store each time. */
export type SessionData = { userId?: number };

export const SESSION_COOKIE = "queuewise_session";
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

/** The sealed session value in a Cookie header, if the request carries one. */
export function sessionCookieOf(cookieHeader: string | null | undefined): string | undefined {
  return cookieHeader
    ?.split(";")
    .map((c) => c.trimStart())
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
    ?.slice(SESSION_COOKIE.length + 1);
}

export type Sessions = {
  /** The session of an Express request, to read, save or destroy. */
  get(req: ExpressRequest, res: ExpressResponse): ReturnType<typeof getIronSession<SessionData>>;
  /** The signed-in user of an Express request, or undefined. */
  user(req: ExpressRequest, res: ExpressResponse): Promise<SessionUser | undefined>;
  /** The signed-in user of a Fetch request (React Router loaders), or undefined. */
  userFromRequest(request: Request): Promise<SessionUser | undefined>;
};

/**
 * iron-session cookies (DESIGN.md section 2): httpOnly, SameSite=Lax, and Secure when the request
 * came over HTTPS (Express reads X-Forwarded-Proto only under TRUST_PROXY). iron-session's own
 * `secure` default is always-on, which would lose the cookie on plain-http localhost.
 */
export function createSessions(store: Store, secret: string): Sessions {
  const options = (secure: boolean): SessionOptions => ({
    password: secret,
    cookieName: SESSION_COOKIE,
    ttl: SESSION_TTL_SECONDS,
    cookieOptions: { httpOnly: true, sameSite: "lax", secure, path: "/" },
  });

  const toUser = async (userId: number | undefined): Promise<SessionUser | undefined> => {
    if (userId === undefined) return undefined;
    const user = await store.getUserById(userId);
    return user && { id: user.id, username: user.username, role: user.role };
  };

  return {
    get: (req, res) => getIronSession<SessionData>(req, res, options(req.secure)),
    async user(req, res) {
      return toUser((await getIronSession<SessionData>(req, res, options(req.secure))).userId);
    },
    async userFromRequest(request) {
      const sealed = sessionCookieOf(request.headers.get("cookie"));
      if (!sealed) return undefined;
      const data = await unsealData<SessionData>(decodeURIComponent(sealed), { password: secret, ttl: SESSION_TTL_SECONDS });
      return toUser(data.userId);
    },
  };
}

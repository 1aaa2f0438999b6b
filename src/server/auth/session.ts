import { parse as parseCookies, serialize as serializeCookie, type CookieSerializeOptions } from "cookie";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { sealData, unsealData } from "iron-session";
import { UnauthorizedError } from "~/server/http/errors";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import type { SessionUser } from "~/shared/users";
import type { SignedIn } from "./auth-service";
import { SESSION_TTL_SECONDS, type SessionRecord } from "./session-cache";

export type { SessionUser };
export { SESSION_TTL_SECONDS };

/** The sealed cookie holds only a session record's id (session-records.ts). */
export type SessionData = { sid?: string };

export const SESSION_COOKIE = "queuewise_session";

/** The sealed session value in a Cookie header, if the request carries one (RFC 6265 section 5.4). */
export function sessionCookieOf(cookieHeader: string | null | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  // `cookie` leaves a value it cannot %-decode as it is, instead of throwing.
  return parseCookies(cookieHeader)[SESSION_COOKIE];
}

export type Sessions = ReturnType<typeof createSessions>;

/**
 * The session cookie (docs/architecture.md section 5): sealed with iron-session, httpOnly,
 * SameSite=Lax, Secure when the request came over HTTPS (Express reads X-Forwarded-Proto only
 * under TRUST_PROXY). A cookie that does not unseal, names no live session or whose user may no
 * longer sign in reads as signed out, never as an error, and the answer clears it.
 */
export function createSessions(resolve: (sessionId: string) => Promise<SignedIn | undefined>, secret: string) {
  const sealOptions = { password: secret, ttl: SESSION_TTL_SECONDS };
  const cookieOptions = (secure: boolean): CookieSerializeOptions => ({
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
  });

  /** The Set-Cookie line of a new session. The seal expires with the record. */
  const cookieFor = async (session: SessionRecord, secure: boolean): Promise<string> => {
    const sealed = await sealData({ sid: session.id } satisfies SessionData, sealOptions);
    // A minute short of the seal, as iron-session does, so the browser never sends an expired seal.
    const maxAge = SESSION_TTL_SECONDS - 60;
    return serializeCookie(SESSION_COOKIE, sealed, { ...cookieOptions(secure), maxAge });
  };

  /** The session a sealed cookie names, as storage holds it now (session-cache.ts). */
  const read = async (sealed: string | undefined): Promise<SignedIn | undefined> => {
    if (!sealed) return undefined;
    const data = await unsealData<SessionData>(sealed, sealOptions).catch(() => undefined);
    if (typeof data?.sid !== "string") return undefined;
    return resolve(data.sid);
  };

  /** One look-up per request, shared by the guards, the routers and the clearing middleware. */
  const perRequest = new WeakMap<ExpressRequest, Promise<SignedIn | undefined>>();
  /** Requests an API token signed in (src/server/tokens/bearer.ts): no cookie counts for them. */
  const tokenCalls = new WeakSet<ExpressRequest>();

  const clear = (req: ExpressRequest, res: ExpressResponse) => {
    if (res.headersSent) return;
    const line = serializeCookie(SESSION_COOKIE, "", { ...cookieOptions(req.secure), maxAge: 0, expires: new Date(0) });
    res.append("Set-Cookie", line);
  };

  const current = (req: ExpressRequest, res: ExpressResponse): Promise<SignedIn | undefined> => {
    let found = perRequest.get(req);
    if (!found) {
      const sealed = sessionCookieOf(req.headers.cookie);
      found = read(sealed).then((signedIn) => {
        if (sealed !== undefined && !signedIn) clear(req, res);
        return signedIn;
      });
      perRequest.set(req, found);
    }
    return found;
  };

  return {
    /** The signed-in user and session of an Express request, or undefined (an unusable cookie is cleared). */
    current,
    /** As `current`, for a route whose guard let only signed-in callers through: 401 otherwise. */
    async signedIn(req: ExpressRequest, res: ExpressResponse): Promise<SignedIn> {
      const found = await current(req, res);
      if (!found) throw new UnauthorizedError(AUTH_MESSAGES.signInRequired);
      return found;
    },
    async user(req: ExpressRequest, res: ExpressResponse): Promise<SessionUser | undefined> {
      return (await current(req, res))?.user;
    },
    /** The signed-in user and session of a Fetch request (React Router loaders and actions), or undefined. */
    fromRequest: (request: Request): Promise<SignedIn | undefined> =>
      read(sessionCookieOf(request.headers.get("cookie"))),
    /** The signed-in user of a Fetch request, or undefined. */
    async userFromRequest(request: Request): Promise<SessionUser | undefined> {
      return (await read(sessionCookieOf(request.headers.get("cookie"))))?.user;
    },
    /**
     * Makes an API token's owner the caller of this request, whatever cookie it carries
     * (src/server/tokens/bearer.ts): the guards and handlers then read the token's user and scopes.
     */
    assume(req: ExpressRequest, signedIn: SignedIn): void {
      perRequest.set(req, Promise.resolve(signedIn));
      tokenCalls.add(req);
    },
    /** Whether an API token signed this request in. */
    byToken: (req: ExpressRequest): boolean => tokenCalls.has(req),
    /** Sets the cookie of a new session on an Express response. */
    async start(req: ExpressRequest, res: ExpressResponse, session: SessionRecord): Promise<void> {
      res.append("Set-Cookie", await cookieFor(session, req.secure));
    },
    /** The cookie of a new session for a page action's answer; `secure` when the request came over HTTPS. */
    cookieFor,
    clear,
    /**
     * For every request that carries a session cookie: reads it once, so a page whose loader finds
     * the cookie unusable still answers with the cookie cleared. A session that cannot be read (the
     * database is away) is left to whatever needs it: a guarded call answers the storage error, and
     * the health call still answers its report.
     */
    clearUnusable: (req: ExpressRequest, res: ExpressResponse, next: () => void): void => {
      if (sessionCookieOf(req.headers.cookie) === undefined) return next();
      current(req, res).then(
        () => next(),
        () => next(),
      );
    },
  };
}

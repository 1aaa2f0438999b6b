import { Router, type Request, type Response } from "express";
import type { Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import { jsonBody, optionalJsonBody } from "~/server/http/json-body";
import { whoOf } from "~/server/activity/who";
import { UnauthorizedError } from "~/server/http/errors";
import { parseId } from "~/server/posts/post-history";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import { PASSKEY_MESSAGES } from "~/shared/passkeys";

/**
 * Passkeys over HTTP (docs/decisions/240-passkeys-in-the-user-record.md): the caller's own under
 * /api/account/passkeys, open before a required second factor is set up (a passkey is one), and
 * the sign-in without a password under /api/auth/passkey. Each ceremony's challenge travels in
 * its own cookie from the options call to the answer (passkey-challenges.ts). An API token
 * reaches none of it (bearer.ts answers 403 outside /api/cms and /api/admin).
 */
export function passkeysRouter(context: AppContext, { requireSignedIn, requireSameOrigin }: Guards): Router {
  const { auth, sessions } = context;
  const { passkeys } = auth;
  const router = Router();

  const caller = async (req: Request, res: Response) => {
    const who = await whoOf(sessions, req, res);
    if (!who.user) throw new UnauthorizedError(AUTH_MESSAGES.signInRequired);
    return { ...who, user: who.user };
  };
  const idOf = (req: Request) => parseId(req.params.id, PASSKEY_MESSAGES.invalidId);

  router.get("/account/passkeys", requireSignedIn, async (req, res) => {
    res.json({ passkeys: await passkeys.list((await caller(req, res)).user.id) });
  });

  router.post("/account/passkeys/options", requireSameOrigin, requireSignedIn, optionalJsonBody, async (req, res) => {
    const { options, setCookie } = await passkeys.registrationOptions((await caller(req, res)).user.id, req.secure);
    res.append("Set-Cookie", setCookie);
    res.json(options);
  });

  router.post("/account/passkeys", requireSameOrigin, requireSignedIn, jsonBody, async (req, res) => {
    const who = await caller(req, res);
    const added = await passkeys.register(who, req.body, req.headers.cookie);
    res.append("Set-Cookie", auth.passkeyChallengeCleared(req.secure));
    res.status(201).json(added);
  });

  router.patch("/account/passkeys/:id", requireSameOrigin, requireSignedIn, jsonBody, async (req, res) => {
    res.json(await passkeys.rename((await caller(req, res)).user.id, idOf(req), req.body));
  });

  router.delete("/account/passkeys/:id", requireSameOrigin, requireSignedIn, async (req, res) => {
    res.json({ removed: await passkeys.remove(await caller(req, res), idOf(req)) });
  });

  // The options of a sign-in, without a password or as its second factor: no user is named.
  router.post("/auth/passkey/options", requireSameOrigin, optionalJsonBody, async (req, res) => {
    const { options, setCookie } = await passkeys.signInOptions(req.secure);
    res.append("Set-Cookie", setCookie);
    res.json(options);
  });

  router.post("/auth/passkey", requireSameOrigin, jsonBody, async (req, res) => {
    const client = {
      ip: req.ip ?? "unknown",
      userAgent: req.get("user-agent"),
      cookies: req.headers.cookie,
      secure: req.secure,
    };
    res.append("Set-Cookie", auth.passkeyChallengeCleared(req.secure));
    const { user, session } = await auth.loginWithPasskey(req.body, client, await sessions.current(req, res));
    await sessions.start(req, res, session);
    res.json(user);
  });

  return router;
}

import { Router, type Request } from "express";
import type { Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import { ForbiddenError } from "~/server/http/errors";
import { jsonBody, optionalJsonBody } from "~/server/http/json-body";
import { postIdOf } from "~/server/posts/post-history";
import { can } from "~/shared/permissions";
import { NEWSLETTER_MESSAGES as M } from "~/shared/newsletter";

/**
 * The newsletter's API (docs/api.md "Newsletter"): the public subscribe call, and a post's send,
 * its progress and a test send for editors and admins ("newsletter.send").
 */
export function newsletterRouter(context: AppContext, { allow, requireSameOrigin }: Guards): Router {
  const { newsletter, sessions } = context;
  const router = Router();

  // Public, for scripts and the form's JavaScript: no cookie is read or set.
  router.post("/public/subscribe", jsonBody, async (req, res) => {
    const ip = req.ip ?? "unknown";
    // A script's call is credited to the page it names, and to the caller's visit when it has one.
    const from = {
      url: `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`,
      headers: { get: (name: string) => req.get(name) ?? null },
      form: {},
      address: ip,
    };
    res.json(await newsletter.subscribe(req.body, ip, from));
  });

  router.get("/cms/posts/:id/email", allow("newsletter.send"), async (req, res) => {
    res.json(await newsletter.progress(postIdOf(req.params.id)));
  });

  router.post(
    "/cms/posts/:id/email",
    requireSameOrigin,
    allow("newsletter.send"),
    optionalJsonBody,
    async (req, res) => {
      const id = postIdOf(req.params.id);
      const body = (req.body ?? {}) as { test?: unknown };
      if (body.test === true) {
        const user = await sessions.user(req, res);
        const account = user && (await context.store.getUserById(user.id));
        res.json(await newsletter.sendTest(id, account?.email));
        return;
      }
      res.status(202).json(await newsletter.queueSend(id));
    },
  );
  return router;
}

/** The one answer a mail client's one-click POST gets (RFC 8058): plain text, no page to render. */
const ONE_CLICK_DONE = "Unsubscribed.";

/**
 * POST /newsletter/unsubscribe?token=: RFC 8058's one-click unsubscribe, mounted before the pages'
 * same-origin check, since a mail provider posts it from its own servers, with no cookie and no
 * Origin of this site. The token is the whole authority. A browser's button (the page's form)
 * is sent on to the page, which says it is done.
 */
export function oneClickUnsubscribe({ newsletter }: AppContext): Router {
  const router = Router();
  router.post("/newsletter/unsubscribe", async (req: Request, res) => {
    const token = typeof req.query.token === "string" ? req.query.token : "";
    const done = await newsletter.unsubscribe(token);
    const browser = (req.get("accept") ?? "").includes("text/html");
    if (browser) {
      res.redirect(303, `/newsletter/unsubscribe?token=${encodeURIComponent(token)}&done=${done ? 1 : 0}`);
      return;
    }
    res
      .status(done ? 200 : 400)
      .type("text/plain")
      .send(done ? ONE_CLICK_DONE : M.unsubscribeFailed);
  });
  return router;
}

/** Whether the user may tick "Also send by email" (the permission table's "newsletter.send"). */
export function assertMaySend(role: string | undefined) {
  if (!can(role, "newsletter.send")) throw new ForbiddenError(M.sendNotAllowed);
}

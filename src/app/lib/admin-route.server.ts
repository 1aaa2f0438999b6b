import { data, type AppLoadContext } from "react-router";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import { isCrossSite } from "~/shared/same-origin";
import type { SessionUser } from "~/shared/users";
import { can, forbiddenMessage, type Action } from "~/shared/permissions";

/** What an admin panel's action answers: `ok`, or the service's message and field errors. */
export type PanelActionData =
  { ok: true; intent: string } | { ok: false; intent: string; message: string; errors?: Record<string, string[]> };

/**
 * The admin panels' route modules (Inbox, Tags, Posts) answer their fetchers here: the same rules
 * as the /api/admin routers, through the same services, with errors as data so a panel shows them.
 */
export async function panelUser(request: Request, context: AppLoadContext): Promise<SessionUser | undefined> {
  const user = await context.sessions.userFromRequest(request);
  // Until a required second factor is set up, no panel answers (docs/decisions/222-two-factor-required-for-roles.md).
  return user?.twoFactorSetupRequired ? undefined : user;
}

/** A write from another site is refused by the same rule as /api's requireSameOrigin. */
export function isCrossSiteRequest(request: Request): boolean {
  const { headers } = request;
  return isCrossSite(
    { secFetchSite: headers.get("sec-fetch-site"), origin: headers.get("origin") },
    new URL(request.url).origin,
  );
}

/** A panel's data: never stored by a browser or proxy, as every signed-in page (privatePageHeaders). */
export function panelData<T>(body: T, status = 200) {
  return data<T>(body, { status, headers: { "Cache-Control": "private, no-store" } });
}

export function refused(intent: string, status: 401 | 403, message?: string) {
  const text = message ?? (status === 401 ? AUTH_MESSAGES.signInRequired : AUTH_MESSAGES.adminsOnly);
  return data<PanelActionData>({ ok: false, intent, message: text }, { status });
}

/** Thrown by assertAllowed inside a panel action, and answered there as the API's 403. */
class NotAllowed extends Error {}

/** Runs a panel write: signed in, same site, then the service; a typed error becomes data. */
export async function panelAction(
  request: Request,
  context: AppLoadContext,
  run: (user: SessionUser, form: FormData) => Promise<string>,
) {
  const user = await panelUser(request, context);
  if (!user) return refused("", 401);
  if (isCrossSiteRequest(request)) return refused("", 403, AUTH_MESSAGES.crossOrigin);
  const body = await context.readForm(request);
  if (!body.ok) return data<PanelActionData>({ ok: false, intent: "", message: body.message }, { status: body.status });
  const form = body.form;
  const intent = formText(form, "intent");
  try {
    const outcome = await context.outcomeOf(() => run(user, form));
    if (outcome.ok) return data<PanelActionData>({ ok: true, intent: outcome.value });
    const { status, message, errors } = outcome;
    return data<PanelActionData>({ ok: false, intent, message, errors }, { status });
  } catch (err) {
    if (err instanceof NotAllowed) return refused(intent, 403, err.message);
    throw err;
  }
}

/** Inside a panel action: refuses with the same 403 as /api's `allow(action)` guard. */
export function assertAllowed(user: SessionUser, action: Action): void {
  if (!can(user.role, action)) throw new NotAllowed(forbiddenMessage(action));
}

/** A panel loader's read: the result, or the service's 400 message as data for the panel to show. */
export async function panelRead<T>(
  context: AppLoadContext,
  read: () => Promise<T>,
): Promise<{ result: T } | { error: string; errors?: Record<string, string[]>; status: number }> {
  const outcome = await context.outcomeOf(read);
  if (outcome.ok) return { result: outcome.value };
  return { error: outcome.message, ...(outcome.errors && { errors: outcome.errors }), status: outcome.status };
}

export const CROSS_SITE_MESSAGE = AUTH_MESSAGES.crossOrigin;

/** A posted field's text; a missing field, or a file in its place, is "". */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

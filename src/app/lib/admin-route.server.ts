import { data, type AppLoadContext } from "react-router";
import type { SessionUser } from "../../shared/users";

/** What an admin panel's action answers: `ok`, or the service's message and field errors. */
export type PanelActionData =
  { ok: true; intent: string } | { ok: false; intent: string; message: string; errors?: Record<string, string[]> };

/**
 * The admin panels' route modules (Inbox, Tags, Posts) answer their fetchers here: the same rules
 * as the /api/admin routers, through the same services and `context.panels`, with errors as data
 * so a panel shows them (docs/decisions/017-admin-panels-as-route-fetchers.md).
 */
export async function panelUser(request: Request, context: AppLoadContext): Promise<SessionUser | undefined> {
  return context.sessions.userFromRequest(request);
}

/** A panel's data: never stored by a browser or proxy, as every signed-in page (privatePageHeaders). */
export function panelData<T>(body: T, status = 200) {
  return data<T>(body, { status, headers: { "Cache-Control": "private, no-store" } });
}

/** A text field of a posted form, "" when absent (a file upload is not text). */
export function textField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** Runs a panel write: signed in, same site, then the service; a typed error becomes data. */
export async function panelAction(
  request: Request,
  context: AppLoadContext,
  run: (user: SessionUser, form: FormData) => Promise<string>,
) {
  const { panels } = context;
  const user = await panelUser(request, context);
  if (!user)
    return data<PanelActionData>({ ok: false, intent: "", message: panels.messages.signInRequired }, { status: 401 });
  if (panels.isCrossSite(request)) {
    return data<PanelActionData>({ ok: false, intent: "", message: panels.messages.crossOrigin }, { status: 403 });
  }
  const form = await request.formData();
  const intent = textField(form, "intent");
  const done = await panels.attempt(() => run(user, form));
  if (done.ok) return data<PanelActionData>({ ok: true, intent: done.result });
  return data<PanelActionData>(
    { ok: false, intent, message: done.message, ...(done.errors && { errors: done.errors }) },
    { status: done.status },
  );
}

/** A panel loader's read: the result, or the service's 400 message as data for the panel to show. */
export async function panelRead<T>(
  context: AppLoadContext,
  read: () => Promise<T>,
): Promise<{ result: T } | { error: string; errors?: Record<string, string[]>; status: number }> {
  const done = await context.panels.attempt(read);
  if (done.ok) return { result: done.result };
  return { error: done.message, ...(done.errors && { errors: done.errors }), status: done.status };
}

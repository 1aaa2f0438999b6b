import { data, redirect, type AppLoadContext } from "react-router";
import { AUTH_MESSAGES, SIGN_IN_FIELDS } from "~/shared/auth-messages";
import { pathOnThisSite, RETURN_HOME } from "~/shared/return-to";
import { formText } from "./admin-route.server";

/** What the sign-in form shows after a refused post: the message, the field errors, what was typed. */
export type SignInActionData = {
  message: string;
  errors?: Record<string, string[]>;
  username: string;
  returnTo: string;
};

/**
 * /admin's action: the sign-in form posted natively, before or without the page's JavaScript
 * (docs/decisions/078-sign-in-without-javascript.md). The same service, messages and limits as
 * POST /api/auth/login (the auth service's per-address and per-username limits; the same-origin
 * guard runs before every page's action in createApp). Success sets the session cookie and
 * redirects (303, RFC 9110 section 15.4.4) to the page the form was on when it is a path on
 * this site (src/shared/return-to.ts); a refusal renders /admin with the message and field errors.
 */
export async function signInAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const body = await context.readForm(request);
  if (!body.ok) return refusal(body.status, { message: body.message, username: "", returnTo: RETURN_HOME });
  const { form } = body;
  const username = formText(form, "username");
  const returnTo = pathOnThisSite(formText(form, SIGN_IN_FIELDS.returnTo));
  if (formText(form, "intent") !== SIGN_IN_FIELDS.intent) {
    return refusal(400, { message: AUTH_MESSAGES.pageNotReady, username: "", returnTo });
  }
  const client = { ip: context.clientIp, userAgent: request.headers.get("user-agent") ?? undefined };
  const signedIn = await context.outcomeOf(async () =>
    context.auth.login(
      { username, password: formText(form, "password") },
      client,
      await context.sessions.fromRequest(request),
    ),
  );
  if (!signedIn.ok) {
    const { status, message, errors, headers } = signedIn;
    return refusal(status, { message, ...(errors && { errors }), username, returnTo }, headers);
  }
  const secure = new URL(request.url).protocol === "https:";
  const cookie = await context.sessions.cookieFor(signedIn.value.session, secure);
  return redirect(returnTo, { status: 303, headers: { "Set-Cookie": cookie } });
}

function refusal(status: number, shown: SignInActionData, headers?: Record<string, string>) {
  return data<SignInActionData>(shown, { status, headers });
}

import { data, redirect, type AppLoadContext } from "react-router";
import { AUTH_MESSAGES, SIGN_IN_FIELDS } from "~/shared/auth-messages";
import { pathOnThisSite, RETURN_HOME } from "~/shared/return-to";
import { TWO_FACTOR_FIELDS } from "~/shared/two-factor";
import { formText } from "./admin-route.server";

/** What the sign-in form shows after a refused post: the message, the field errors, what was typed. */
export type SignInActionData = {
  message: string;
  errors?: Record<string, string[]>;
  username: string;
  returnTo: string;
  /**
   * The password matched and a second factor is needed: the form asks for the code, carrying this
   * sealed ticket instead of the password (docs/decisions/221-remember-this-browser.md).
   */
  ticket?: string;
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
  const secure = new URL(request.url).protocol === "https:";
  const client = {
    ip: context.clientIp,
    userAgent: request.headers.get("user-agent") ?? undefined,
    cookies: request.headers.get("cookie"),
    secure,
  };
  const previous = await context.sessions.fromRequest(request);
  const given = formText(form, TWO_FACTOR_FIELDS.pending);
  const second = {
    code: formText(form, TWO_FACTOR_FIELDS.code) || undefined,
    remember: form.has(TWO_FACTOR_FIELDS.remember),
  };
  const signedIn = await context.outcomeOf(async () =>
    given
      ? context.auth.loginWithTicket(given, second, client, previous)
      : context.auth.login({ username, password: formText(form, "password"), ...second }, client, previous),
  );
  if (!signedIn.ok) {
    const { status, message, errors, headers, details } = signedIn;
    // The password matched: the form's next post carries a ticket for it, never the password.
    const ticket = details?.twoFactorRequired ? given || (await context.auth.ticketFor(username)) : undefined;
    return refusal(
      status,
      { message, ...(errors && { errors }), username, returnTo, ...(ticket && { ticket }) },
      headers,
    );
  }
  const cookies = [await context.sessions.cookieFor(signedIn.value.session, secure)];
  if (signedIn.value.rememberCookie) cookies.push(signedIn.value.rememberCookie);
  const headers = new Headers(cookies.map((line) => ["Set-Cookie", line] as [string, string]));
  return redirect(returnTo, { status: 303, headers });
}

function refusal(status: number, shown: SignInActionData, headers?: Record<string, string>) {
  return data<SignInActionData>(shown, { status, headers });
}

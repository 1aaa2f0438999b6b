import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin.invitation";
import { Button } from "~/app/components/ui/button";
import { FormAlert } from "~/app/components/ui/form-alert";
import { LinkPageCard, NewAccountFields, RefusedLink } from "~/app/lib/account-link-page";
import { CROSS_SITE_MESSAGE, isCrossSiteRequest } from "~/app/lib/admin-route.server";
import { privatePageMeta } from "~/app/lib/meta";
import { privatePageHeaders } from "~/app/lib/session-user.server";
import { ACCOUNT_LINK_MESSAGES as M } from "~/shared/account-links";
import { ROLE_LABELS } from "~/shared/permissions";

export const meta: Route.MetaFunction = () => privatePageMeta(M.invitationTitle, M.invitationTitle);

export const headers: Route.HeadersFunction = privatePageHeaders;

/** An invitation's link (docs/decisions/230-invitations-and-reset-links.md): the invitee chooses a username and password. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const invitation = await context.accountLinks.invitationOf(token);
  if (!invitation) return data({ token: "", role: "" }, { status: 410 });
  return { token: token!, role: ROLE_LABELS[invitation.role] };
}

type ActionData = { message: string; errors?: Record<string, string[]>; username: string };

export async function action({ request, context }: Route.ActionArgs) {
  if (isCrossSiteRequest(request))
    return data<ActionData>({ message: CROSS_SITE_MESSAGE, username: "" }, { status: 403 });
  const body = await context.readForm(request);
  if (!body.ok) return data<ActionData>({ message: body.message, username: "" }, { status: body.status });
  const form = Object.fromEntries(body.form);
  const client = { ip: context.clientIp, userAgent: request.headers.get("user-agent") ?? undefined };
  const accepted = await context.outcomeOf(() => context.accountLinks.accept(form, client));
  const username = typeof form.username === "string" ? form.username : "";
  if (!accepted.ok) {
    const { message, errors, status } = accepted;
    return data<ActionData>({ message, ...(errors && { errors }), username }, { status });
  }
  // Signed in: a role that must use a second factor is asked for its set-up there.
  const secure = new URL(request.url).protocol === "https:";
  const cookie = await context.sessions.cookieFor(accepted.value.session, secure);
  return redirect("/admin", { status: 303, headers: { "Set-Cookie": cookie } });
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  if (!loaderData.token) return <RefusedLink title={M.invitationRefusedTitle} />;
  return (
    <LinkPageCard title={M.invitationTitle} intro={M.invitationIntro(loaderData.role)}>
      {actionData && <FormAlert>{actionData.message}</FormAlert>}
      <Form method="post" className="mt-6 space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <NewAccountFields prefix="invitation" errors={actionData?.errors} username={actionData?.username} />
        <Button type="submit" className="w-full" disabled={submitting}>
          {M.invitationSubmit}
        </Button>
      </Form>
    </LinkPageCard>
  );
}

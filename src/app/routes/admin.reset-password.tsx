import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin.reset-password";
import { Button } from "~/app/components/ui/button";
import { FormAlert } from "~/app/components/ui/form-alert";
import { LinkPageCard, NewPasswordFields, RefusedLink } from "~/app/lib/account-link-page";
import { CROSS_SITE_MESSAGE, isCrossSiteRequest } from "~/app/lib/admin-route.server";
import { privatePageMeta } from "~/app/lib/meta";
import { privatePageHeaders } from "~/app/lib/session-user.server";
import { ACCOUNT_LINK_MESSAGES as M, PASSWORD_SET_PARAM } from "~/shared/account-links";

export const meta: Route.MetaFunction = () => privatePageMeta(M.resetTitle, M.resetIntro);

export const headers: Route.HeadersFunction = privatePageHeaders;

/**
 * A reset link (docs/decisions/230-invitations-and-reset-links.md): the new password twice. The
 * token is checked when the form is sent, so opening the page (a mail scanner following the link)
 * spends nothing.
 */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return data({ token }, { status: token ? 200 : 410 });
}

type ActionData = { message: string; errors?: Record<string, string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  if (isCrossSiteRequest(request)) return data<ActionData>({ message: CROSS_SITE_MESSAGE }, { status: 403 });
  const body = await context.readForm(request);
  if (!body.ok) return data<ActionData>({ message: body.message }, { status: body.status });
  const form = Object.fromEntries(body.form);
  const done = await context.outcomeOf(() => context.accountLinks.reset(form, context.clientIp));
  if (!done.ok) {
    const { message, errors, status } = done;
    return data<ActionData>({ message, ...(errors && { errors }) }, { status });
  }
  return redirect(`/admin?${PASSWORD_SET_PARAM}=1`, { status: 303 });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  if (!loaderData.token || actionData?.errors?.token) return <RefusedLink title={M.resetRefusedTitle} forgot />;
  return (
    <LinkPageCard title={M.resetTitle} intro={M.resetIntro}>
      {actionData && <FormAlert>{actionData.message}</FormAlert>}
      <Form method="post" className="mt-6 space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields prefix="reset" errors={actionData?.errors} />
        <Button type="submit" className="w-full" disabled={submitting}>
          {M.resetSubmit}
        </Button>
      </Form>
    </LinkPageCard>
  );
}

import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin.setup";
import { NotFoundCard } from "~/app/components/not-found-card";
import { Button } from "~/app/components/ui/button";
import { CenteredCard } from "~/app/components/ui/card";
import { FormAlert } from "~/app/components/ui/form-alert";
import { LinkPageCard, NewAccountFields } from "~/app/lib/account-link-page";
import { CROSS_SITE_MESSAGE, isCrossSiteRequest, panelRead } from "~/app/lib/admin-route.server";
import { privatePageMeta } from "~/app/lib/meta";
import { privatePageHeaders } from "~/app/lib/session-user.server";
import { SETUP_DONE_PARAM, SETUP_MESSAGES } from "~/shared/setup";

export const meta: Route.MetaFunction = () => privatePageMeta(SETUP_MESSAGES.title, SETUP_MESSAGES.intro);

export const headers: Route.HeadersFunction = privatePageHeaders;

/** docs/decisions/016-first-run-setup-link.md: open with the printed token, a 404 once any user exists. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const state = await context.setup.state(token);
  return data({ state, token: state === "ready" ? token! : "" }, { status: state === "closed" ? 404 : 200 });
}

type ActionData = { message: string; errors?: Record<string, string[]>; username: string };

export async function action({ request, context }: Route.ActionArgs) {
  if (isCrossSiteRequest(request))
    return data<ActionData>({ message: CROSS_SITE_MESSAGE, username: "" }, { status: 403 });
  const body = await context.readForm(request);
  if (!body.ok) return data<ActionData>({ message: body.message, username: "" }, { status: body.status });
  const form = Object.fromEntries(body.form);
  const created = await panelRead(context, () => context.setup.createFirstAdmin(form));
  if ("result" in created) return redirect(`/admin?${SETUP_DONE_PARAM}=1`);
  const username = typeof form.username === "string" ? form.username : "";
  return data<ActionData>({ message: created.error, errors: created.errors, username }, { status: created.status });
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  if (loaderData.state === "closed") return <NotFoundCard />;
  if (loaderData.state !== "ready") {
    return (
      <CenteredCard>
        <h1 className="text-2xl font-bold text-slate-900">{SETUP_MESSAGES.needTokenTitle}</h1>
        <p className="mt-3 text-slate-700">
          {loaderData.state === "bad-token" ? SETUP_MESSAGES.badToken : SETUP_MESSAGES.missingToken}
        </p>
        <p className="mt-3 text-slate-700">{SETUP_MESSAGES.howToGetOne}</p>
        <pre className="mt-2 rounded bg-slate-100 p-3 text-sm break-words whitespace-pre-wrap text-slate-900">
          {SETUP_MESSAGES.cliCommand}
        </pre>
        <p className="mt-2 text-slate-700">{SETUP_MESSAGES.envAlternative}</p>
      </CenteredCard>
    );
  }
  return (
    <LinkPageCard title={SETUP_MESSAGES.title} intro={SETUP_MESSAGES.intro}>
      {actionData && <FormAlert>{actionData.message}</FormAlert>}
      <Form method="post" className="mt-6 space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <NewAccountFields prefix="setup" errors={actionData?.errors} username={actionData?.username} />
        <Button type="submit" className="w-full" disabled={submitting}>
          {SETUP_MESSAGES.submit}
        </Button>
      </Form>
    </LinkPageCard>
  );
}

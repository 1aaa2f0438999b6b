import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin.forgot-password";
import { Button } from "~/app/components/ui/button";
import { InputField } from "~/app/components/ui/field";
import { FormAlert } from "~/app/components/ui/form-alert";
import { LinkPageCard } from "~/app/lib/account-link-page";
import { CROSS_SITE_MESSAGE, isCrossSiteRequest } from "~/app/lib/admin-route.server";
import { privatePageMeta } from "~/app/lib/meta";
import { privatePageHeaders } from "~/app/lib/session-user.server";
import { ACCOUNT_LINK_MESSAGES as M } from "~/shared/account-links";

export const meta: Route.MetaFunction = () => privatePageMeta(M.forgotTitle, M.forgotIntro);

export const headers: Route.HeadersFunction = privatePageHeaders;

type ActionData = { sent?: true; message?: string; errors?: Record<string, string[]>; email: string };

/**
 * "Forgot your password?" (docs/decisions/230-invitations-and-reset-links.md): the same answer
 * whatever the address, the link made and emailed after it, as POST /api/auth/forgot does.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (isCrossSiteRequest(request)) return data<ActionData>({ message: CROSS_SITE_MESSAGE, email: "" }, { status: 403 });
  const body = await context.readForm(request);
  if (!body.ok) return data<ActionData>({ message: body.message, email: "" }, { status: body.status });
  const form = Object.fromEntries(body.form);
  const email = typeof form.email === "string" ? form.email : "";
  const asked = await context.outcomeOf(() => context.accountLinks.forgot(form, context.clientIp));
  if (!asked.ok) {
    const { message, errors, status, headers } = asked;
    return data<ActionData>({ message, ...(errors && { errors }), email }, { status, headers });
  }
  asked.value.later().catch((error: unknown) => console.error("Could not send a reset link:", error));
  return data<ActionData>({ sent: true, email: "" }, { status: 202 });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  return (
    <LinkPageCard title={M.forgotTitle} intro={M.forgotIntro}>
      {actionData?.sent && (
        <p role="status" className="mt-4 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          {M.forgotSent}
        </p>
      )}
      {actionData?.message && <FormAlert>{actionData.message}</FormAlert>}
      <Form method="post" className="mt-6 space-y-4">
        <InputField
          id="forgot-email"
          error={actionData?.errors?.email?.[0]}
          label={M.emailLabel}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.email}
        />
        <Button type="submit" className="w-full" disabled={submitting}>
          {M.forgotSubmit}
        </Button>
      </Form>
      <Link to="/admin" className="mt-4 inline-block text-sm text-brand-700 underline underline-offset-2">
        {M.backToSignIn}
      </Link>
    </LinkPageCard>
  );
}

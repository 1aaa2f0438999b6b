import { data } from "react-router";
import type { Route } from "./+types/newsletter";
import { SubscribeForm, type SubscribeActionData } from "~/app/components/newsletter/subscribe-form";
import { CROSS_SITE_MESSAGE, isCrossSiteRequest } from "~/app/lib/admin-route.server";
import { pageMeta } from "~/app/lib/meta";
import { NEWSLETTER_MESSAGES as M } from "~/shared/newsletter";

// No `handle.pageCache`: the action's answer is one reader's, and the page itself is one form.

export const meta: Route.MetaFunction = () => pageMeta(M.heading, M.intro);

/** Neither the page cache nor a browser keeps an answer. */
const NOT_KEPT = { "Cache-Control": "no-store" };

/**
 * The subscribe form's post (docs/decisions/245-newsletter-double-opt-in.md), from any page's form:
 * a fetcher's (answered in place) or the browser's own without JavaScript (answered with this page).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (isCrossSiteRequest(request)) {
    return data<SubscribeActionData>({ ok: false, message: CROSS_SITE_MESSAGE }, { status: 403, headers: NOT_KEPT });
  }
  const body = await context.readForm(request);
  if (!body.ok) return data<SubscribeActionData>({ ok: false, message: body.message }, { status: body.status });
  const result = await context.newsletter.subscribeForm(body.form, context.clientIp, request);
  if (result.ok) return data<SubscribeActionData>({ ok: true, message: result.message }, { headers: NOT_KEPT });
  const { status, message, errors, headers } = result;
  return data<SubscribeActionData>(
    { ok: false, message, ...(errors && { errors }) },
    { status, headers: { ...headers, ...NOT_KEPT } },
  );
}

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{M.heading}</h1>
      {actionData && (
        <p
          role="status"
          className={`mt-6 rounded-md border p-3 text-sm ${
            actionData.ok ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-900"
          }`}
        >
          {actionData.ok ? actionData.message : (Object.values(actionData.errors ?? {})[0]?.[0] ?? actionData.message)}
        </p>
      )}
      <div className="mt-8">
        <SubscribeForm id="newsletter-page" heading={false} />
      </div>
    </section>
  );
}

import { data } from "react-router";
import type { Route } from "./+types/newsletter.unsubscribe";
import { buttonClasses } from "~/app/components/ui/button";
import { NEWSLETTER_MESSAGES as M } from "~/shared/newsletter";

// No `handle.pageCache`: each link is one reader's.

export const meta: Route.MetaFunction = () => [{ title: M.unsubscribeTitle }, { name: "robots", content: "noindex" }];

/**
 * An email's unsubscribe link (docs/decisions/245-newsletter-double-opt-in.md): this page asks,
 * with one button; the button's POST, like a mail client's one-click POST (RFC 8058), is answered
 * by src/server/newsletter/newsletter-router.ts, which sends a browser back here with `done`. A
 * link scanner that follows the link unsubscribes no one.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token") ?? "";
  const done = params.get("done");
  const state = done === "1" ? "done" : done === "0" || !context.newsletter.validUnsubscribe(token) ? "invalid" : "ask";
  return data({ token, state }, { status: state === "invalid" ? 400 : 200, headers: { "Cache-Control": "no-store" } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function NewsletterUnsubscribe({ loaderData: { token, state } }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">
        {state === "done" ? M.unsubscribedTitle : M.unsubscribeTitle}
      </h1>
      {state === "done" && <p className="mt-4 text-lg text-slate-600">{M.unsubscribed}</p>}
      {state === "invalid" && <p className="mt-4 text-lg text-slate-600">{M.unsubscribeFailed}</p>}
      {state === "ask" && (
        <>
          <p className="mt-4 text-lg text-slate-600">{M.unsubscribeAsk}</p>
          {/* A plain form, not the router's: its POST goes to the server's one-click handler as it is. */}
          <form method="post" action={`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`} className="mt-8">
            <button type="submit" className={buttonClasses({})}>
              {M.unsubscribeButton}
            </button>
          </form>
        </>
      )}
    </section>
  );
}

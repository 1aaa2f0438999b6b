import { useFetcher, useLocation } from "react-router";
import { NEWSLETTER_FORM as M, NEWSLETTER_HONEYPOT } from "~/shared/newsletter-form";
import { Button } from "../ui/button";
import { inputClasses } from "../ui/field";

/** What the /newsletter page's action answers: the message to show, and the field errors. */
export type SubscribeActionData = { ok: boolean; message: string; errors?: Record<string, string[]> };

/** Where the form posts: a page of its own, so it works without JavaScript (routes/newsletter.tsx). */
export const SUBSCRIBE_PATH = "/newsletter";

/**
 * The newsletter's subscribe form (docs/decisions/245-newsletter-double-opt-in.md): a plain form
 * posted to /newsletter, which answers a page without JavaScript; with it, the same post through a
 * fetcher, answered in place. No schema is shipped for it: the server's answer carries the
 * messages. No cookie, no tracking: the page it was sent from is all it tells. A page's subscribe
 * block gives its own `title` and `intro` in place of the newsletter's.
 */
export function SubscribeForm({
  id = "subscribe",
  heading = true,
  title = M.heading,
  intro = M.intro,
}: {
  id?: string;
  heading?: boolean;
  title?: string;
  intro?: string;
}) {
  const fetcher = useFetcher<SubscribeActionData>();
  const { pathname } = useLocation();
  const answer = fetcher.data;
  const sending = fetcher.state !== "idle";
  const emailError = answer?.errors?.email?.[0];
  const nameError = answer?.errors?.name?.[0];
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-slate-50 p-6">
      <h2 id={`${id}-heading`} className={heading ? "text-xl font-bold text-slate-900" : "sr-only"}>
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
      <fetcher.Form method="post" action={SUBSCRIBE_PATH} className="mt-4 space-y-3" noValidate>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1 space-y-1">
            <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-800">
              {M.emailLabel}
            </label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              required
              aria-invalid={Boolean(emailError)}
              aria-describedby={emailError ? `${id}-email-error` : undefined}
              className={inputClasses}
            />
          </div>
          <div className="flex-1 space-y-1">
            <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-800">
              {M.nameLabel}
            </label>
            <input
              id={`${id}-name`}
              name="name"
              type="text"
              autoComplete="name"
              aria-invalid={Boolean(nameError)}
              aria-describedby={nameError ? `${id}-name-error` : undefined}
              className={inputClasses}
            />
          </div>
          <Button type="submit" disabled={sending}>
            {sending ? M.sending : M.button}
          </Button>
        </div>
        {emailError && (
          <p id={`${id}-email-error`} className="text-sm text-red-700">
            {emailError}
          </p>
        )}
        {nameError && (
          <p id={`${id}-name-error`} className="text-sm text-red-700">
            {nameError}
          </p>
        )}
        <input type="hidden" name="page" value={pathname} />
        {/* Honeypot: hidden from people and screen readers; a bot that fills it is answered and ignored. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor={`${id}-website`}>Website</label>
          <input id={`${id}-website`} name={NEWSLETTER_HONEYPOT} type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <p className="text-xs text-slate-500">{M.consent}</p>
        <p role="status" className={answer?.ok ? "text-sm text-green-800" : "text-sm text-red-700"}>
          {answer && !answer.errors ? answer.message : ""}
        </p>
      </fetcher.Form>
    </section>
  );
}

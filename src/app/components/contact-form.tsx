import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useActionData, useFetcher } from "react-router";
import type { ContactInput } from "~/shared/contact-schema";
import { VISIT_FIELDS } from "~/shared/contact-visit";
import { fieldErrors } from "~/shared/field-errors";
import { useSiteChrome } from "~/app/lib/site-chrome";
import { PRIVACY_MESSAGES } from "~/shared/page-links";
import { CONTACT_INDUSTRY_OTHER } from "~/shared/contact-choices";
import type { ContactActionData } from "~/app/lib/contact-action.server";
import { Button } from "./ui/button";
import { Field, inputClasses } from "./ui/field";
import type * as contactSchemaModule from "~/shared/contact-schema";

type ContactSchemaModule = typeof contactSchemaModule;

/** docs/product.md section 9: the success banner shows for 5 seconds. */
export const CONTACT_SUCCESS_MS = 5000;
const FIELDS = ["name", "email", "company", "industry", "message"] as const satisfies readonly (keyof ContactInput)[];
type Errors = Partial<Record<keyof ContactInput, string>>;

/** The first message of each field, as the form shows them. */
function firstMessages(errors: Record<string, string[]> | undefined): Errors {
  return Object.fromEntries(FIELDS.flatMap((f) => (errors?.[f]?.[0] ? [[f, errors[f][0]]] : [])));
}

let schema: Promise<ContactSchemaModule> | undefined;

/**
 * The shared schema with zod's code (about 14 KB gzip) arrives when a visitor first focuses the
 * form, not with the page (docs/decisions/002-small-public-javascript.md); a failed load is
 * retried on the next call.
 */
function loadSchema() {
  schema ??= import("~/shared/contact-schema").catch((error: unknown) => {
    schema = undefined;
    throw error;
  });
  return schema;
}

/** The shared schema's verdict on what the form holds now. */
async function validate(form: HTMLFormElement): Promise<Errors> {
  const values = Object.fromEntries(new FormData(form));
  const result = (await loadSchema()).contactSchema.safeParse(values);
  return result.success ? {} : firstMessages(fieldErrors(result.error));
}

/**
 * The contact form of docs/product.md sections 2, 4 and 5. Validated in the browser by the shared schema,
 * posted to the page's own action (no outside form service: docs/architecture.md section 5). An industry's
 * page passes its industry as the form's starting choice. Checked on
 * submit, then again on every change, without a form library: this form is on every marketing
 * page.
 */
export function ContactForm({
  defaultIndustry = "",
  industries: given,
}: {
  defaultIndustry?: string;
  /** The industry choices, where the page has them outside the site layout (a page's preview); else the layout's. */
  industries?: readonly { id: string; title: string }[];
}) {
  const chrome = useSiteChrome();
  const industries = given ?? chrome.industries;
  const { privacyPolicy } = chrome;
  const fetcher = useFetcher<ContactActionData>();
  const form = useRef<HTMLFormElement>(null);
  // Without JavaScript the browser posts natively and the answer arrives as the page's action data.
  const nativeResult = useActionData<ContactActionData>();
  // A fresh object per success, so a second success restarts the 5-second timer.
  const [banner, setBanner] = useState(nativeResult?.ok ? { text: nativeResult.message } : null);
  const [errors, setErrors] = useState<Errors>(() =>
    firstMessages(nativeResult && !nativeResult.ok ? nativeResult.errors : undefined),
  );
  const [submitted, setSubmitted] = useState(false);
  // The visit the form is sent from, read in the browser after hydration: the page is the same
  // kept copy for every reader, so it cannot carry one reader's query or referrer.
  const [visit, setVisit] = useState({ page: "", referrer: "" });
  useEffect(() => setVisit({ page: location.pathname + location.search, referrer: document.referrer }), []);
  // A native post that failed comes back with what was typed, so nothing is lost.
  const initial = nativeResult && !nativeResult.ok ? nativeResult.values : {};
  const result = fetcher.data ?? nativeResult;

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (answer.ok) {
      // Emptied rather than reset: reset() would bring back what a failed native post had typed.
      for (const name of FIELDS) {
        const control = form.current?.elements.namedItem(name) as
          HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null;
        if (control) control.value = name === "industry" ? defaultIndustry : "";
      }
      setSubmitted(false);
      setErrors({});
      setBanner({ text: answer.message });
      return;
    }
    setErrors(firstMessages(answer.errors));
  }, [fetcher.data, defaultIndustry]);

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), CONTACT_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  // Valid input is sent as the form itself, so the server sees exactly what a native post would.
  // Should the schema fail to load, the server's check (the same schema) still answers.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    const send = () => fetcher.submit(target, { method: "post" });
    validate(target).then((found) => {
      setSubmitted(true);
      setErrors(found);
      const first = FIELDS.find((f) => found[f]);
      if (first) (target.elements.namedItem(first) as HTMLElement | null)?.focus();
      else void send();
    }, send);
  };

  const sending = fetcher.state !== "idle";
  const formError = result && !result.ok && !result.errors ? result.message : null;

  return (
    <fetcher.Form
      ref={form}
      method="post"
      noValidate
      onFocus={() => void loadSchema().catch(() => {})}
      onSubmit={onSubmit}
      onChange={(event) => submitted && void validate(event.currentTarget).then(setErrors, () => {})}
      className="space-y-5"
      aria-label="Contact form"
    >
      {banner && (
        <div role="status" className="rounded-md border border-green-300 bg-green-50 p-4 text-green-900">
          {banner.text}
        </div>
      )}
      {formError && (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
          {formError}
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label="Name" error={errors.name}>
          {(a) => <input {...a} name="name" defaultValue={initial.name} autoComplete="name" className={inputClasses} />}
        </Field>
        <Field id="contact-email" label="Email" error={errors.email}>
          {(a) => (
            <input
              {...a}
              name="email"
              defaultValue={initial.email}
              type="email"
              autoComplete="email"
              className={inputClasses}
            />
          )}
        </Field>
        <Field id="contact-company" label="Company" optional error={errors.company}>
          {(a) => (
            <input
              {...a}
              name="company"
              defaultValue={initial.company}
              autoComplete="organization"
              className={inputClasses}
            />
          )}
        </Field>
        <Field id="contact-industry" label="Industry" optional error={errors.industry}>
          {(a) => (
            <select {...a} name="industry" defaultValue={initial.industry ?? defaultIndustry} className={inputClasses}>
              <option value="">Select your industry</option>
              {industries.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.title}
                </option>
              ))}
              <option value={CONTACT_INDUSTRY_OTHER}>Other</option>
            </select>
          )}
        </Field>
      </div>
      <Field id="contact-message" label="Message" error={errors.message}>
        {(a) => <textarea {...a} name="message" defaultValue={initial.message} rows={5} className={inputClasses} />}
      </Field>
      <input type="hidden" name={VISIT_FIELDS.page} value={visit.page} />
      <input type="hidden" name={VISIT_FIELDS.referrer} value={visit.referrer} />
      {/* Honeypot: hidden from people and screen readers; bots that fill it are ignored. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      {privacyPolicy && (
        <p className="text-sm text-slate-600">
          {PRIVACY_MESSAGES.consent}{" "}
          <Link to={privacyPolicy} className="font-medium text-blue-700 underline underline-offset-2">
            {PRIVACY_MESSAGES.link}
          </Link>
          .
        </p>
      )}
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
        {sending ? "Sending..." : "Send Message"}
      </Button>
    </fetcher.Form>
  );
}

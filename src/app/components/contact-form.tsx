import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useActionData, useFetcher } from "react-router";
import { INDUSTRIES } from "../../shared/industries";
import { CONTACT_INDUSTRY_OTHER, contactSchema, type ContactInput } from "../../shared/schemas";
import type { ContactActionData } from "../lib/contact-action.server";
import { Button } from "./ui/button";
import { Field, inputClasses } from "./ui/field";

/** SPEC section 9: the success banner shows for 5 seconds. */
export const CONTACT_SUCCESS_MS = 5000;
const EMPTY: ContactInput = { name: "", email: "", company: "", industry: "", message: "" };

/**
 * The contact form of SPEC sections 2, 4 and 5. Validated in the browser by the shared schema,
 * posted to the page's own action (no outside form service: DESIGN.md section 5).
 */
export function ContactForm() {
  const fetcher = useFetcher<ContactActionData>();
  // Without JavaScript the browser posts natively and the answer arrives as the page's action data.
  const nativeResult = useActionData<ContactActionData>();
  // A fresh object per success, so a second success restarts the 5-second timer.
  const [banner, setBanner] = useState(nativeResult?.ok ? { text: nativeResult.message } : null);
  // Server-rendered values too (RHF sets values only once hydrated), so a native post that failed keeps them.
  const initial = nativeResult && !nativeResult.ok ? { ...EMPTY, ...nativeResult.values } : EMPTY;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ContactInput>({
    resolver: zodResolver(contactSchema),
    defaultValues: initial,
  });
  const result = fetcher.data ?? nativeResult;

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (answer.ok) {
      reset(EMPTY);
      setBanner({ text: answer.message });
      return;
    }
    for (const [field, messages] of Object.entries(answer.errors ?? {})) {
      setError(field as keyof ContactInput, { message: messages[0] });
    }
  }, [fetcher.data, reset, setError]);

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), CONTACT_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const sending = fetcher.state !== "idle";
  const serverErrors = result && !result.ok ? result.errors : undefined;
  const errorFor = (field: keyof ContactInput) => errors[field]?.message ?? serverErrors?.[field]?.[0];
  const formError = result && !result.ok && !serverErrors ? result.message : null;

  return (
    <fetcher.Form
      method="post"
      noValidate
      // Valid input is sent as the form itself, so the server sees exactly what a native post would.
      onSubmit={handleSubmit((_values, event) => fetcher.submit(event?.target as HTMLFormElement, { method: "post" }))}
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
        <Field id="contact-name" label="Name" error={errorFor("name")}>
          {(a) => <input {...a} {...register("name")} defaultValue={initial.name} autoComplete="name" className={inputClasses} />}
        </Field>
        <Field id="contact-email" label="Email" error={errorFor("email")}>
          {(a) => <input {...a} {...register("email")} defaultValue={initial.email} type="email" autoComplete="email" className={inputClasses} />}
        </Field>
        <Field id="contact-company" label="Company" optional error={errorFor("company")}>
          {(a) => <input {...a} {...register("company")} defaultValue={initial.company} autoComplete="organization" className={inputClasses} />}
        </Field>
        <Field id="contact-industry" label="Industry" optional error={errorFor("industry")}>
          {(a) => (
            <select {...a} {...register("industry")} defaultValue={initial.industry} className={inputClasses}>
              <option value="">Select your industry</option>
              {INDUSTRIES.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.title}
                </option>
              ))}
              <option value={CONTACT_INDUSTRY_OTHER}>Other</option>
            </select>
          )}
        </Field>
      </div>
      <Field id="contact-message" label="Message" error={errorFor("message")}>
        {(a) => <textarea {...a} {...register("message")} defaultValue={initial.message} rows={5} className={inputClasses} />}
      </Field>
      {/* Honeypot: hidden from people and screen readers; bots that fill it are ignored. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
        {sending ? "Sending..." : "Send Message"}
      </Button>
    </fetcher.Form>
  );
}

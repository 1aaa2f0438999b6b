import { CONTACT_INDUSTRY_OTHER } from "~/shared/contact-choices";
import { CONTACT_MESSAGES, contactSchema } from "~/shared/contact-schema";
import { shownIndustries } from "~/shared/site-content";
import { fieldErrors } from "~/shared/field-errors";
import { readFormBody } from "~/server/http/form-body";
import { HttpError, TooManyRequestsError, ValidationError, type FieldErrors } from "~/server/http/errors";
import type { Analytics } from "~/server/analytics/analytics";
import type { MailNotifier } from "./mail-notifier";
import { createRateLimiter } from "~/server/http/rate-limiter";
import { storageErrorOf } from "~/server/store/storage-errors";
import type { Store } from "~/server/records/store";

/** Stored messages per address before 429: rejected submissions do not count. */
const CONTACT_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 };

/** The hidden field a person never fills in; bots that fill every field do. */
export const HONEYPOT_FIELD = "website";

/** What a page's contact action answers: the banner text, or the errors with the values to show again. */
export type ContactFormResult =
  | { ok: true; message: string }
  | {
      ok: false;
      status: number;
      message: string;
      errors?: FieldErrors;
      headers?: Record<string, string>;
      values: Record<string, string>;
    };

export type ContactService = {
  /**
   * Validates, rate-limits and stores; throws ValidationError or
   * TooManyRequestsError. A page's form (`request`) also records its visit and counts a lead.
   */
  submit(input: unknown, ip: string, request?: Request): Promise<void>;
  /**
   * The contact form posted to a page (with or without JavaScript): reads the form and submits it,
   * answering every refusal as a result instead of throwing, so the page can show it.
   */
  submitForm(request: Request, ip: string): Promise<ContactFormResult>;
};

export function createContactService({
  store,
  notifier,
  analytics,
}: {
  store: Store;
  /** Absent with ANALYTICS=off: then no visit is recorded and no lead counted. */
  analytics?: Analytics;
  /** Emails each stored message when SMTP is configured (src/server/contact/mail-notifier.ts). */
  notifier?: MailNotifier;
}): ContactService {
  const limiter = createRateLimiter(CONTACT_LIMIT, store.rateCounters?.("contact"));

  const submit: ContactService["submit"] = async (input, ip, request) => {
    const raw = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
    const parsed = contactSchema.safeParse(raw);
    if (!parsed.success) {
      throw new ValidationError(CONTACT_MESSAGES.invalid, fieldErrors(parsed.error));
    }
    // Only an industry the site shows now; its title is kept with the message, so the inbox still
    // names it after the industry is renamed or taken off the site.
    const { industry: chosen } = parsed.data;
    const listed = shownIndustries((await store.getSite()).published).find((i) => i.id === chosen);
    if (chosen && chosen !== CONTACT_INDUSTRY_OTHER && !listed) {
      throw new ValidationError(CONTACT_MESSAGES.invalid, { industry: [CONTACT_MESSAGES.industryInvalid] });
    }
    // A filled honeypot gets the same answer as a person, so the bot learns nothing; nothing is kept.
    if (typeof raw[HONEYPOT_FIELD] === "string" && raw[HONEYPOT_FIELD].trim() !== "") return;

    // Counted before storing, so messages sent at once cannot all pass the check; given back
    // when the message could not be stored, since only stored messages count.
    const verdict = await limiter.take(ip);
    if (verdict.limited) throw new TooManyRequestsError(CONTACT_MESSAGES.rateLimited, verdict.retryAfterSeconds);

    const { company, industry, ...rest } = parsed.data;
    const lead = request && analytics && { url: request.url, headers: request.headers, form: raw, address: ip };
    const visit = lead && analytics?.visitOf(lead);
    const stored = await store
      .addMessage({
        ...rest,
        ...(company && { company }),
        ...(industry && { industry }),
        ...(listed && { industryTitle: listed.title }),
        ip,
        ...(visit && { visit }),
      })
      .catch(async (error: unknown) => {
        await limiter.refund(ip);
        throw error;
      });
    if (lead) analytics?.lead(visit, lead);
    notifier?.notify(stored);
    // Webhooks subscribed to "contact.message.received" got their deliveries with the message
    // itself (src/server/webhooks/webhook-events.ts).
  };

  return {
    submit,
    async submitForm(request, ip) {
      const body = await readFormBody(request);
      if (!body.ok) return { ...body, values: {} };
      const values = textFields(body.form);
      try {
        await submit(values, ip, request);
        return { ok: true, message: CONTACT_MESSAGES.sent };
      } catch (err) {
        // A database that is away or full is said on the page, as on the API (docs/decisions/090-database-errors-as-storage-errors.md).
        const known = err instanceof HttpError ? err : storageErrorOf(err);
        if (!known) throw err;
        if (known !== err) console.error(err);
        const { status, message, errors, headers } = known;
        return { ok: false, status, message, errors, headers, values };
      }
    },
  };
}

/** The text fields of a posted form. */
function textFields(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string") values[key] = value;
  }
  return values;
}

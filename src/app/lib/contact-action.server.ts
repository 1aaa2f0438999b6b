import { data, type AppLoadContext } from "react-router";
import { CONTACT_MESSAGES } from "../../shared/contact-schema";
import { isHttpError } from "../../server/errors";
import { JSON_BODY_MESSAGES, MAX_FORM_BYTES } from "../../server/api/json-body";

export type ContactActionData =
  | { ok: true; message: string }
  | { ok: false; message: string; errors?: Record<string, string[]>; values: Record<string, string> };

export const CONTACT_FORM_MESSAGES = {
  contentType: "Send the form as a web form (application/x-www-form-urlencoded or multipart/form-data).",
  unreadable: "The form could not be read. Please try again.",
} as const;

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

const refused = (message: string, status: number) =>
  data<ContactActionData>({ ok: false, message, values: {} }, { status });

/** The form's text fields, or undefined when the body cannot be parsed as the form it claims to be. */
async function formValues(request: Request): Promise<Record<string, string> | undefined> {
  const values: Record<string, string> = {};
  try {
    for (const [key, value] of await request.formData()) {
      if (typeof value === "string") values[key] = value;
    }
  } catch {
    return undefined;
  }
  return values;
}

/**
 * The action behind every contact form on the site. With JavaScript the form posts here through
 * a fetcher; without it the browser posts natively and the page comes back rendered with the
 * banner or the field errors (issue 2). Both go through the same contact service as /api/contact.
 */
export async function contactAction({ request, context }: { request: Request; context: AppLoadContext }) {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_FORM_BYTES) {
    return data<ContactActionData>({ ok: false, message: JSON_BODY_MESSAGES.tooLarge, values: {} }, { status: 400 });
  }
  const encoding = request.headers.get("content-encoding")?.trim() ?? "";
  if (!FORM_TYPES.test(request.headers.get("content-type") ?? "") || !/^(identity)?$/i.test(encoding)) {
    return refused(CONTACT_FORM_MESSAGES.contentType, 415);
  }
  const values = await formValues(request);
  if (!values) return refused(CONTACT_FORM_MESSAGES.unreadable, 400);
  try {
    await context.contact.submit(values, context.clientIp);
    return data<ContactActionData>({ ok: true, message: CONTACT_MESSAGES.sent });
  } catch (err) {
    if (!isHttpError(err)) throw err;
    return data<ContactActionData>(
      { ok: false, message: err.message, errors: err.errors, values },
      { status: err.status, headers: err.headers },
    );
  }
}

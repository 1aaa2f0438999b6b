import { data, type AppLoadContext } from "react-router";
import { CONTACT_MESSAGES } from "../../shared/contact-schema";
import { isHttpError } from "../../server/errors";
import { JSON_BODY_MESSAGES, MAX_FORM_BYTES } from "../../server/api/json-body";

export type ContactActionData =
  | { ok: true; message: string }
  | { ok: false; message: string; errors?: Record<string, string[]>; values: Record<string, string> };

/**
 * The action behind every contact form on the site. With JavaScript the form posts here through
 * a fetcher; without it the browser posts natively and the page comes back rendered with the
 * banner or the field errors (issue 2). Both go through the same contact service as /api/contact.
 */
export async function contactAction({ request, context }: { request: Request; context: AppLoadContext }) {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_FORM_BYTES) {
    return data<ContactActionData>({ ok: false, message: JSON_BODY_MESSAGES.tooLarge, values: {} }, { status: 400 });
  }
  const values: Record<string, string> = {};
  for (const [key, value] of await request.formData()) {
    if (typeof value === "string") values[key] = value;
  }
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

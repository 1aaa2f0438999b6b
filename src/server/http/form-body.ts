import { JSON_BODY_MESSAGES, MAX_FORM_BYTES } from "./json-body";

/** A body posted to a page's action that is not a browser's form (a script posting JSON to a page, say). */
export const FORM_BODY_MESSAGES = {
  contentType: "Send the form as a web form (application/x-www-form-urlencoded or multipart/form-data).",
  unreadable: "The form could not be read. Please try again.",
} as const;

/** The bodies a browser's form post can have; anything else (JSON, a compressed body) is refused with 415. */
const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/** A page action's form, or the 4xx that says why it could not be read. */
export type FormBody = { ok: true; form: FormData } | { ok: false; status: 400 | 415; message: string };

/**
 * Reads the form posted to a page's action (the contact form, sign-in, first-run setup, the
 * admin panels' fetchers, with or without JavaScript). Fetch's `formData()` throws on any other
 * body, which React Router would answer as a logged 500: here it is a 415 for another content type
 * or coding (RFC 9110 section 15.5.16), a 400 for a body too large or not parsable as its type.
 */
export async function readFormBody(request: Request): Promise<FormBody> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_FORM_BYTES) {
    return { ok: false, status: 400, message: JSON_BODY_MESSAGES.tooLarge };
  }
  const encoding = request.headers.get("content-encoding")?.trim() ?? "";
  if (!FORM_TYPES.test(request.headers.get("content-type") ?? "") || !/^(identity)?$/i.test(encoding)) {
    return { ok: false, status: 415, message: FORM_BODY_MESSAGES.contentType };
  }
  try {
    return { ok: true, form: await request.formData() };
  } catch {
    return { ok: false, status: 400, message: FORM_BODY_MESSAGES.unreadable };
  }
}

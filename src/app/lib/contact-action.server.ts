import { data, type AppLoadContext } from "react-router";
import type { ContactFormResult } from "~/server/contact/contact";

/** What the contact form shows after a post: the banner text, or the errors and the values sent. */
export type ContactActionData =
  { ok: true; message: string } | Omit<Extract<ContactFormResult, { ok: false }>, "status" | "headers">;

/**
 * The action behind every contact form on the site. With JavaScript the form posts here through
 * a fetcher; without it the browser posts natively and the page comes back rendered with the
 * banner or the field errors (docs/product.md section 2, The contact form). The work is the
 * contact service's, reached through the load context like every loader and action, so no server
 * module is bundled into the pages (docs/architecture.md section 3, Layers).
 */
export async function contactAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const result = await context.contact.submitForm(request, context.clientIp);
  if (result.ok) return data<ContactActionData>(result);
  const { status, headers, ...shown } = result;
  return data<ContactActionData>(shown, { status, headers });
}

import "./zod-jitless";
import * as z from "zod/mini";
import { NEWSLETTER_MESSAGES } from "./newsletter";

/**
 * The subscribe form's fields, checked by the server. Apart from newsletter.ts, so the public
 * pages that show the form (its words and honeypot) carry no zod.
 */
export const subscribeSchema = z.object({
  email: z.pipe(
    z
      .string({ error: NEWSLETTER_MESSAGES.emailRequired })
      .check(
        z.trim(),
        z.minLength(1, NEWSLETTER_MESSAGES.emailRequired),
        z.maxLength(254, NEWSLETTER_MESSAGES.emailInvalid),
      ),
    z.email(NEWSLETTER_MESSAGES.emailInvalid),
  ),
  name: z._default(z.string().check(z.trim(), z.maxLength(100, NEWSLETTER_MESSAGES.nameTooLong)), ""),
});

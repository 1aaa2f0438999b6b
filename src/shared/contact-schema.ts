import "./zod-jitless";
import * as z from "zod/mini";

/**
 * The contact form's schema and messages (docs/architecture.md section 7: one rule, one message, used by the
 * browser and by /api/contact and the page actions). Written with zod's tree-shakable `zod/mini`
 * and kept apart from schemas.ts, because this one ships with every public page and the full zod
 * there would cost the page 30 KB of gzip JavaScript (docs/decisions/002-small-public-javascript.md).
 * The schemas behave alike on both sides; tests import these constants instead of the strings.
 */
export const CONTACT_MESSAGES = {
  nameRequired: "Please enter your name.",
  nameTooLong: "Your name can be at most 100 characters.",
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address.",
  companyTooLong: "The company name can be at most 100 characters.",
  industryInvalid: "Please choose an industry from the list.",
  messageRequired: "Please enter a message.",
  messageTooLong: "Your message can be at most 5000 characters.",
  invalid: "Please correct the highlighted fields and try again.",
  sent: "Thank you! Your message has been sent. Our team will get back to you soon.",
  rateLimited: "You have sent several messages in a short time. Please try again in a few minutes.",
  failed: "Your message could not be sent. Please try again.",
} as const;

/** Trimmed text where missing, a wrong type and blank all answer with the one required message. */
const requiredText = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong));

export const contactSchema = z.object({
  name: requiredText(CONTACT_MESSAGES.nameRequired, 100, CONTACT_MESSAGES.nameTooLong),
  email: z.pipe(
    requiredText(CONTACT_MESSAGES.emailRequired, 254, CONTACT_MESSAGES.emailInvalid),
    z.email(CONTACT_MESSAGES.emailInvalid),
  ),
  company: z._default(z.string().check(z.trim(), z.maxLength(100, CONTACT_MESSAGES.companyTooLong)), ""),
  // The shape of an industry's id here; the server also checks that the site shows it (contact.ts).
  industry: z._default(
    z
      .string({ error: CONTACT_MESSAGES.industryInvalid })
      .check(
        z.maxLength(60, CONTACT_MESSAGES.industryInvalid),
        z.regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/, CONTACT_MESSAGES.industryInvalid),
      ),
    "",
  ),
  message: requiredText(CONTACT_MESSAGES.messageRequired, 5000, CONTACT_MESSAGES.messageTooLong),
});

export type ContactInput = z.input<typeof contactSchema>;

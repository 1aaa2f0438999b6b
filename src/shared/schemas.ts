import { z } from "zod";
import { INDUSTRY_IDS } from "./industries";

/**
 * Every zod schema and user-facing validation message (DESIGN.md section 7): the same schema
 * feeds react-hook-form in the browser and every server endpoint, so a rule and its message
 * live in one place. Tests import these constants instead of repeating the strings.
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

export const CONTACT_INDUSTRY_OTHER = "other";

/** Trimmed text where missing, a wrong type and blank all answer with the one required message. */
const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

export const contactSchema = z.object({
  name: requiredText(CONTACT_MESSAGES.nameRequired).max(100, CONTACT_MESSAGES.nameTooLong),
  email: requiredText(CONTACT_MESSAGES.emailRequired)
    .max(254, CONTACT_MESSAGES.emailInvalid)
    .pipe(z.email(CONTACT_MESSAGES.emailInvalid)),
  company: z.string().trim().max(100, CONTACT_MESSAGES.companyTooLong).default(""),
  industry: z
    .union([z.enum(INDUSTRY_IDS), z.literal(CONTACT_INDUSTRY_OTHER), z.literal("")], {
      error: CONTACT_MESSAGES.industryInvalid,
    })
    .default(""),
  message: requiredText(CONTACT_MESSAGES.messageRequired).max(5000, CONTACT_MESSAGES.messageTooLong),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactFields = z.output<typeof contactSchema>;

/** Flattens zod issues into `{field: [messages]}`, the `errors` of every 400 answer. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

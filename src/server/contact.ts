import { CONTACT_MESSAGES, contactSchema } from "../shared/contact-schema";
import { fieldErrors } from "../shared/field-errors";
import { TooManyRequestsError, ValidationError } from "./errors";
import { createRateLimiter } from "./rate-limiter";
import type { Store } from "./store/types";

/** Stored messages per address before 429 (issue 2): rejected submissions do not count. */
const CONTACT_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 };
const WEBHOOK_TIMEOUT_MS = 5000;

/** The hidden field a person never fills in; bots that fill every field do (issue 2). */
export const HONEYPOT_FIELD = "website";

export type ContactService = {
  /** Validates, rate-limits, stores and optionally forwards; throws ValidationError or TooManyRequestsError. */
  submit(input: unknown, ip: string): Promise<void>;
};

export function createContactService({ store, webhookUrl }: { store: Store; webhookUrl?: string }): ContactService {
  const limiter = createRateLimiter(CONTACT_LIMIT);

  return {
    async submit(input, ip) {
      const raw = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
      const parsed = contactSchema.safeParse(raw);
      if (!parsed.success) {
        throw new ValidationError(CONTACT_MESSAGES.invalid, fieldErrors(parsed.error));
      }
      // A filled honeypot gets the same answer as a person, so the bot learns nothing; nothing is kept.
      if (typeof raw[HONEYPOT_FIELD] === "string" && raw[HONEYPOT_FIELD].trim() !== "") return;

      // Counted before storing, so messages sent at once cannot all pass the check; given back
      // when the message could not be stored, since only stored messages count.
      const verdict = await limiter.take(ip);
      if (verdict.limited) throw new TooManyRequestsError(CONTACT_MESSAGES.rateLimited, verdict.retryAfterSeconds);

      const { company, industry, ...rest } = parsed.data;
      const stored = await store
        .addMessage({ ...rest, ...(company && { company }), ...(industry && { industry }), ip })
        .catch(async (error: unknown) => {
          await limiter.refund(ip);
          throw error;
        });
      if (webhookUrl) {
        const { ip: _ip, ...forwarded } = stored; // the sender's address stays on this server
        void forward(webhookUrl, forwarded);
      }
    },
  };
}

/** Best effort: the message is already stored, so a failing webhook is logged, never shown. */
async function forward(url: string, message: object): Promise<void> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: "contact-message", message }),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    if (!res.ok) console.warn(`Contact webhook answered ${res.status}; the message is stored.`);
  } catch (err) {
    console.warn(`Contact webhook failed (${(err as Error).message}); the message is stored.`);
  }
}

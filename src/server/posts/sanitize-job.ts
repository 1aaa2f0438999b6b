import { readingMinutes } from "~/shared/reading-time";
import { sanitizeContent } from "./content";
import { nestsDeeperThan } from "./content-nesting";

/** Content sanitized, with the minutes its card shows (counted on the sanitized HTML). */
export type Sanitized = { html: string; minutes: number };

/**
 * What the sanitize worker does with one long content (sanitize-worker.ts), and what the server's
 * thread does with it when the worker fails: the same functions, so both give the same bytes.
 * Counting the minutes of a long content takes as long as a good part of sanitizing it, so the
 * worker does both.
 */
export function sanitizeJob(html: string): Sanitized {
  const clean = sanitizeContent(html);
  return { html: clean, minutes: readingMinutes(clean) };
}

/** The nesting guard's verdict (content-nesting.ts), for a restore's check of a long content. */
export function nestingJob(html: string): boolean {
  return nestsDeeperThan(html);
}

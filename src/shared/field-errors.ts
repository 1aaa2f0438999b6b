import type { z } from "zod/mini";

/**
 * Flattens zod issues into `{field: [messages]}`, the `errors` of every 400 answer and what forms
 * show under their fields. Imports no zod code, so the public contact form can use it without
 * loading the full zod (docs/decisions/002-small-public-javascript.md).
 */
export function fieldErrors(error: z.core.$ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

import { ApiError } from "./api";

/**
 * The server's field errors as a form shows them: each field's first message, keyed by the first
 * segment of its path, so that an error about one item of a list (`scopes.2`) stands under the
 * list's field. Undefined when the failure named no field.
 */
export function fieldErrors<K extends string>(err: unknown): Partial<Record<K, string>> | undefined {
  if (!(err instanceof ApiError) || !err.errors) return undefined;
  const found: Partial<Record<K, string>> = {};
  for (const [key, messages] of Object.entries(err.errors)) found[key.split(".")[0] as K] = messages[0];
  return found;
}

import { ApiError, NetworkError } from "./api";

/**
 * POSTs `fields` as multipart, files among them (the JSON helper in api.ts sends JSON only), and
 * answers the server's JSON. Throws ApiError with the server's message and field errors, or
 * NetworkError when no answer came back.
 */
export async function postFormData<T>(path: string, fields: Record<string, string | Blob>): Promise<T> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  let res: Response;
  try {
    res = await fetch(path, { method: "POST", body, credentials: "include" });
  } catch {
    throw new NetworkError();
  }
  const json = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
  if (!res.ok) throw new ApiError(res.status, json.message ?? res.statusText, json.errors);
  return json as T;
}

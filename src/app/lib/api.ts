/**
 * The browser's request helper (docs/product.md section 7): cookies sent, JSON asked for, no caching, a JSON
 * content type whenever there is a body. docs/architecture.md section 5 drops the original production-host
 * headers: the session cookie is the only credential.
 */
export const API_MESSAGES = {
  invalidJson: "Invalid JSON response from server",
  failed: (status: number) => `Request failed with status ${status}`,
  network: "Network error: the server could not be reached.",
} as const;

/** A non-OK answer: `message` is the server's own message when it sent one (docs/product.md section 8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** The whole JSON answer, for errors that carry more than a message (a 409's update times). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** A request that never got an answer (offline, server down). */
export class NetworkError extends Error {
  constructor() {
    super(API_MESSAGES.network);
    this.name = "NetworkError";
  }
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export async function apiRequest<T = unknown>(method: Method, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "include",
      cache: "no-store",
      headers: {
        Accept: "application/json",
        "Cache-Control": "no-cache",
        ...(body !== undefined && { "Content-Type": "application/json" }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  } catch {
    throw new NetworkError();
  }
  const text = await res.text();
  if (!res.ok) throw errorFrom(res, text);
  // docs/product.md section 7: a 204 or any DELETE yields an empty object; auth writes may answer no JSON.
  if (res.status === 204 || method === "DELETE") return {} as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    if (method !== "GET" && path.startsWith("/api/auth/")) return { success: true } as T;
    throw new ApiError(res.status, API_MESSAGES.invalidJson);
  }
}

function errorFrom(res: Response, text: string): ApiError {
  try {
    const json = JSON.parse(text) as { message?: unknown; errors?: Record<string, string[]> };
    if (typeof json.message === "string") return new ApiError(res.status, json.message, json.errors, json);
  } catch {
    // Not JSON: the body text itself is the message.
  }
  return new ApiError(res.status, text || res.statusText || API_MESSAGES.failed(res.status));
}

export const api = {
  get: <T>(path: string) => apiRequest<T>("GET", path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>("POST", path, body),
  put: <T>(path: string, body?: unknown) => apiRequest<T>("PUT", path, body),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>("PATCH", path, body),
  delete: <T>(path: string) => apiRequest<T>("DELETE", path),
};

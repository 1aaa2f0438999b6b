import type { SessionUser } from "../shared/users";
import { AUTH_MESSAGES } from "./auth/guards";
import { ForbiddenError, HttpError, type FieldErrors } from "./errors";

/** A service call's outcome as data: the result, or a typed error's status, message and field errors. */
export type Attempt<T> = { ok: true; result: T } | { ok: false; status: number; message: string; errors?: FieldErrors };

/**
 * What the admin panels' route modules (docs/decisions/017-admin-panels-as-route-fetchers.md)
 * need from the server besides the services: the /api guards' rules for Fetch requests, and
 * typed errors turned into data. Route modules reach it through the load context, so the error
 * classes stay in src/server (docs/architecture.md section 3).
 */
export type PanelService = {
  /** Runs service calls; a typed error (400, 403, 404, 409) becomes data, anything else is thrown. */
  attempt<T>(run: () => Promise<T>): Promise<Attempt<T>>;
  /** Inside `attempt`: the same 403 as /api's requireAdmin for a writer. */
  requireAdmin(user: SessionUser): void;
  /** A write a browser sent from another site, refused as /api's requireSameOrigin does. */
  isCrossSite(request: Request): boolean;
  messages: typeof AUTH_MESSAGES;
};

export function createPanelService(): PanelService {
  return {
    async attempt(run) {
      try {
        return { ok: true, result: await run() };
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        return { ok: false, status: err.status, message: err.message, ...(err.errors && { errors: err.errors }) };
      }
    },
    requireAdmin(user) {
      if (user.role !== "admin") throw new ForbiddenError(AUTH_MESSAGES.adminsOnly);
    },
    isCrossSite(request) {
      // Browsers send Sec-Fetch-Site, or at least Origin, with every form post and fetch.
      const site = request.headers.get("sec-fetch-site");
      if (site) return site !== "same-origin" && site !== "none";
      const origin = request.headers.get("origin");
      return origin !== null && origin !== new URL(request.url).origin;
    },
    messages: AUTH_MESSAGES,
  };
}

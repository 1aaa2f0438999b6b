import { AUTH_MESSAGES } from "../shared/auth-messages";
import type { SessionUser } from "../shared/users";
import { ForbiddenError, HttpError, type FieldErrors } from "./errors";

/** A typed error a service threw, as data a page can show. */
export type Refusal = { status: number; message: string; errors?: FieldErrors; headers?: Record<string, string> };

export type Outcome<T> = { ok: true; value: T } | ({ ok: false } & Refusal);

/**
 * What loaders and actions use to call services and show their refusals (docs/architecture.md
 * section 3, Layers). Route modules reach it through the load context, so the error classes are
 * checked here, in the one copy src/server has, and never bundled into the pages.
 */
export type PageCalls = {
  /** Runs a service call: its value, or the typed error it threw as data; any other error is thrown on. */
  outcome: <T>(run: () => Promise<T>) => Promise<Outcome<T>>;
  /** Inside `outcome`: refuses a writer with the same 403 as the /api routers' requireAdmin. */
  requireAdmin: (user: SessionUser) => void;
};

export const pageCalls: PageCalls = {
  outcome: async (run) => {
    try {
      return { ok: true, value: await run() };
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      const { status, message, errors, headers } = err;
      return { ok: false, status, message, ...(errors && { errors }), ...(headers && { headers }) };
    }
  },
  requireAdmin: (user) => {
    if (user.role !== "admin") throw new ForbiddenError(AUTH_MESSAGES.adminsOnly);
  },
};

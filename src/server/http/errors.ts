/**
 * Typed errors thrown by the store and services; one Express error handler maps them to status
 * codes and JSON `{message, errors?}` (docs/architecture.md section 7). Only src/server uses them, so
 * there is one copy of each class and `instanceof` tells them apart; route modules get results,
 * not these errors, from the services in the load context (docs/architecture.md section 3, Layers).
 */
export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  /** More fields for the JSON answer, beside `message` and `errors`. */
  details?: Record<string, unknown>;

  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends HttpError {
  constructor(message: string, errors?: FieldErrors) {
    super(400, message, errors);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = "You need to sign in to do that.") {
    super(401, message);
  }
}

/**
 * A sign-in whose password matched but whose second factor is missing or wrong: 401 with
 * `twoFactorRequired: true`, so a client asks for the code (docs/decisions/220-two-factor-secrets-in-the-user-record.md).
 */
export class TwoFactorRequiredError extends HttpError {
  /** `factors`: what the user may answer with (docs/decisions/240-passkeys-in-the-user-record.md). */
  constructor(message: string, errors?: FieldErrors, factors?: readonly string[]) {
    super(401, message, errors);
    this.details = { twoFactorRequired: true, ...(factors && { factors: [...factors] }) };
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = "You are not allowed to do that.") {
    super(403, message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = "Not found.") {
    super(404, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string, errors?: FieldErrors) {
    super(409, message, errors);
  }
}

/** A write based on an older copy of the record than the stored one (docs/decisions/021-no-lost-work.md). */
export class StaleUpdateError extends ConflictError {
  constructor(
    message: string,
    /** The record as stored now, for the service to show it beside the writer's version. */
    readonly current: { updatedAt: string },
    yourUpdatedAt: string,
  ) {
    super(message);
    this.details = { serverUpdatedAt: current.updatedAt, yourUpdatedAt };
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, undefined, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

/** A service call's result for a route module: the value, or the typed error's status and words. */
export type Outcome<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      status: number;
      message: string;
      errors?: FieldErrors;
      headers?: Record<string, string>;
      details?: Record<string, unknown>;
    };

/**
 * Runs a service call and turns a typed error into data, here where `instanceof` knows the classes:
 * the route modules reach it through the load context, so React Router's bundle holds no copy of
 * them (docs/architecture.md section 3, Layers). Anything else is a bug and is thrown on.
 */
export async function outcomeOf<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    const { status, message, errors, headers, details } = err;
    return { ok: false, status, message, errors, headers, ...(details && { details }) };
  }
}

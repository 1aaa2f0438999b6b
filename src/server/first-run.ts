import { randomBytes, timingSafeEqual } from "node:crypto";
import { fieldErrors } from "~/shared/field-errors";
import { SETUP_MESSAGES, setupSchema } from "~/shared/setup";
import type { SessionUser } from "~/shared/users";
import { ForbiddenError, NotFoundError, ValidationError } from "./errors";
import type { Store } from "./store/types";
import { createUserAccount, type HashCost } from "./users";

/** docs/decisions/016-first-run-setup-link.md: long enough to open the link, short enough to matter if it leaks. */
export const SETUP_TOKEN_TTL_MS = 60 * 60 * 1000;

export type SetupState = "closed" | "ready" | "missing-token" | "bad-token";

export type SetupService = {
  /** With no users, makes a new one-time token and answers the link to print; otherwise undefined. */
  issueLink(baseUrl: string): Promise<string | undefined>;
  /** Closed once any user exists (the page is a 404); otherwise whether this token opens it. */
  state(token: string | null | undefined): Promise<SetupState>;
  /** Creates the first admin and spends the token. 404 once a user exists, 403 for a bad token, 400 for bad input. */
  createFirstAdmin(input: unknown): Promise<SessionUser>;
};

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The first-run setup link: the token lives only in this process's memory, so it is printed on
 * the server's own output and nowhere else; a restart with still no users prints a new one.
 */
export function createSetupService(
  store: Store,
  { now = Date.now, cost = {} }: { now?: () => number; cost?: HashCost } = {},
): SetupService {
  let current: { token: string; expires: number } | undefined;

  const valid = (token: string | null | undefined) =>
    !!token && !!current && current.expires > now() && sameToken(token, current.token);

  return {
    async issueLink(baseUrl) {
      if ((await store.countUsers()) > 0) return undefined;
      current = { token: randomBytes(24).toString("base64url"), expires: now() + SETUP_TOKEN_TTL_MS };
      return `${baseUrl}/admin/setup?token=${current.token}`;
    },
    async state(token) {
      if ((await store.countUsers()) > 0) return "closed";
      if (!token) return "missing-token";
      return valid(token) ? "ready" : "bad-token";
    },
    async createFirstAdmin(input) {
      if ((await store.countUsers()) > 0) throw new NotFoundError();
      const parsed = setupSchema.safeParse(input ?? {});
      const token = typeof (input as { token?: unknown })?.token === "string" ? (input as { token: string }).token : "";
      if (!valid(token)) throw new ForbiddenError(token ? SETUP_MESSAGES.badToken : SETUP_MESSAGES.missingToken);
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        throw new ValidationError(Object.values(errors)[0]![0]!, errors);
      }
      // Spent before the slow hash, so a second request racing this one finds no token.
      const spent = current;
      current = undefined;
      try {
        const { username, password } = parsed.data;
        return await createUserAccount(store, { username, password, role: "admin" }, cost);
      } catch (err) {
        current = spent; // nothing was created: the link still works for a corrected try
        throw err;
      }
    },
  };
}

import { randomBytes } from "node:crypto";
import { fieldErrors } from "~/shared/field-errors";
import { SETUP_MESSAGES, setupSchema } from "~/shared/setup";
import type { SessionUser } from "~/shared/users";
import { ForbiddenError, NotFoundError, ValidationError } from "~/server/http/errors";
import { memorySetupTokens, type SetupTokens } from "./setup-tokens";
import { createUserAccount, type HashCost } from "./users";
import type { Store } from "~/server/records/store";

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

/**
 * The first-run setup link: the token is printed on the server's own output and nowhere else, and
 * kept in this process's memory (with DATABASE_URL, as a hash in the database, so every instance
 * takes it); a restart with still no users prints a new one.
 */
export function createSetupService(
  store: Store,
  {
    now = Date.now,
    cost = {},
    tokens = memorySetupTokens(),
  }: { now?: () => number; cost?: HashCost; tokens?: SetupTokens } = {},
): SetupService {
  const valid = async (token: string | null | undefined) => !!token && (await tokens.holds(token, now()));

  return {
    async issueLink(baseUrl) {
      if ((await store.countUsers()) > 0) return undefined;
      const token = randomBytes(24).toString("base64url");
      await tokens.add(token, now() + SETUP_TOKEN_TTL_MS);
      return `${baseUrl}/admin/setup?token=${token}`;
    },
    async state(token) {
      if ((await store.countUsers()) > 0) return "closed";
      if (!token) return "missing-token";
      return (await valid(token)) ? "ready" : "bad-token";
    },
    async createFirstAdmin(input) {
      if ((await store.countUsers()) > 0) throw new NotFoundError();
      const parsed = setupSchema.safeParse(input ?? {});
      const token = typeof (input as { token?: unknown })?.token === "string" ? (input as { token: string }).token : "";
      const forbidden = () => new ForbiddenError(token ? SETUP_MESSAGES.badToken : SETUP_MESSAGES.missingToken);
      if (!(await valid(token))) throw forbidden();
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        throw new ValidationError(Object.values(errors)[0]![0]!, errors);
      }
      // Spent before the slow hash, so a second request racing this one finds no token.
      const { spent, undo } = await tokens.spend(token, now());
      if (!spent) throw forbidden();
      try {
        const { username, password } = parsed.data;
        return await createUserAccount(store, { username, password, role: "admin" }, cost);
      } catch (err) {
        await undo(); // nothing was created: the link still works for a corrected try
        throw err;
      }
    },
  };
}

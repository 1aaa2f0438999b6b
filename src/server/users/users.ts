import type { z } from "zod";
import { fieldErrors } from "~/shared/field-errors";
import { newUserSchema, type NewUserInput } from "~/shared/schemas";
import { hashPassword } from "~/server/auth/password";
import type { SessionUser } from "~/server/auth/session";
import type { Config } from "~/server/config";
import { ConflictError, ValidationError } from "~/server/http/errors";
import { usernameTakenMessage } from "./user-changes";
import type { User } from "~/server/store/types";
import type { Store } from "~/server/records/store";

/** `logN` below the default (17) is for tests only (see auth/password.ts). */
export type HashCost = { logN?: number };

export const firstAdminCreatedMessage = (username: string) =>
  `Created the first admin, ${username}, from ADMIN_USERNAME.`;
export const firstAdminHalfSetMessage = (set: string, missing: string) =>
  `${set} is set but ${missing} is not: set both to create the first admin on a start with no users, or neither.`;

/**
 * A 400 whose message is the first field message, so the admin's "Login failed" toast (docs/product.md
 * section 8 shows the server's text) and a CLI line both say what is wrong.
 */
export function invalidInput(error: z.ZodError): ValidationError {
  const errors = fieldErrors(error);
  return new ValidationError(Object.values(errors)[0]![0]!, errors);
}

/** What a client may learn about a user: never the password hash. */
export function publicUser({ id, username, role }: User): SessionUser {
  return { id, username, role };
}

/**
 * Creates a user from the register call, the CLI or the first-admin variables: the
 * shared newUserSchema (password at least 8), then scrypt. Throws ValidationError (400, field
 * messages) or ConflictError (409) for a username taken in any letter case.
 */
export async function createUserAccount(store: Store, input: NewUserInput, cost: HashCost = {}): Promise<SessionUser> {
  const parsed = newUserSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { username, password, role } = parsed.data;
  // Checked before hashing, which costs half a second; store.createUser checks again atomically.
  if (await store.getUserByUsername(username)) {
    throw new ConflictError(usernameTakenMessage(username), { username: [usernameTakenMessage(username)] });
  }
  const passwordHash = await hashPassword(password, cost);
  return publicUser(await store.createUser({ username, role, passwordHash }));
}

/**
 * The first admin from ADMIN_USERNAME and ADMIN_PASSWORD on a start with no users (docs/architecture.md
 * section 5: no open sign-up, no credentials in the code). Once any user exists the variables
 * are ignored, so a later change to them never touches an account. A half-set pair or a bad
 * value throws, naming the variable, and the server does not start.
 */
export async function ensureFirstAdmin(
  store: Store,
  { adminUsername, adminPassword }: Pick<Config, "adminUsername" | "adminPassword">,
  cost: HashCost = {},
): Promise<void> {
  if ((await store.countUsers()) > 0) return;
  if (!adminUsername && !adminPassword) return;
  if (!adminUsername) throw new Error(firstAdminHalfSetMessage("ADMIN_PASSWORD", "ADMIN_USERNAME"));
  if (!adminPassword) throw new Error(firstAdminHalfSetMessage("ADMIN_USERNAME", "ADMIN_PASSWORD"));
  try {
    const admin = await createUserAccount(
      store,
      { username: adminUsername, password: adminPassword, role: "admin" },
      cost,
    );
    console.log(firstAdminCreatedMessage(admin.username));
  } catch (err) {
    // Instances started together each saw no user; the write that lost found the name taken on
    // the database's current rows, so the one admin exists (docs/decisions/088-first-admin-once.md).
    if (err instanceof ConflictError && (await store.getUserByUsername(adminUsername))) return;
    if (!(err instanceof ValidationError)) throw err;
    // Name the variable, never its value: the password must not reach a log.
    const problems = Object.entries(err.errors ?? {}).map(
      ([field, messages]) => `${field === "password" ? "ADMIN_PASSWORD" : "ADMIN_USERNAME"}: ${messages.join("; ")}`,
    );
    throw new Error(`Cannot create the first admin. ${problems.join(". ")}`);
  }
}

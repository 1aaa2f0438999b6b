import type { CommandRun } from "~/server/cli";
import { ConflictError, ValidationError } from "~/server/http/errors";
import { usernameTakenMessage } from "~/server/users/user-changes";
import { createUserAccount } from "~/server/users/users";
import { isRole } from "~/shared/permissions";
import { AUTH_FORM_MESSAGES, newUserSchema } from "~/shared/schemas";
import { CLI_MESSAGES } from "../cli-messages";
import { UsageError } from "../cli-errors";
import { withStore } from "./command-site";
import { promptNewPassword, readFirstLine } from "./password-prompt";

/** `users create`: checks the name and role, then asks for the password (or reads it from stdin). */
export const createUser: CommandRun = async (values) => {
  const { username, role = "writer", "password-stdin": fromStdin } = values;
  if (typeof username !== "string") throw new UsageError(CLI_MESSAGES.usernameRequired);
  if (!isRole(role)) throw new UsageError(AUTH_FORM_MESSAGES.role);
  // Refuse a bad or taken name before anyone types a password for it.
  const name = newUserSchema.shape.username.safeParse(username);
  if (!name.success) throw new ValidationError(name.error.issues[0]!.message);
  if (!fromStdin && !process.stdin.isTTY) throw new UsageError(CLI_MESSAGES.notATerminal);

  await withStore(values, async (store) => {
    if (await store.getUserByUsername(username)) throw new ConflictError(usernameTakenMessage(username));
    const password = fromStdin ? await readFirstLine() : await promptNewPassword();
    console.log(CLI_MESSAGES.created(await createUserAccount(store, { username, password, role })));
  });
};

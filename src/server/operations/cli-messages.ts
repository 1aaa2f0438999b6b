import { countPosts, describeRefused, type RefusedPost } from "~/shared/operations";

/**
 * What the command line says (src/server/cli.ts and its commands in cli-commands/). Apart from
 * the small formatters of src/shared/operations.ts it imports nothing, so `--help` and a usage
 * error load no package (docs/decisions/143-commands-loaded-when-they-run.md).
 */
export const CLI_MESSAGES = {
  usernameRequired: "Give the new user's name with --username NAME.",
  notATerminal: "Standard input is not a terminal: pipe the password in with --password-stdin.",
  passwordPrompt: "Password: ",
  confirmPrompt: "Password again: ",
  cancelled: "Cancelled.",
  unknownCommand: (words: string[]) => `Unknown command "${words.join(" ")}".`,
  created: (u: { id: number; username: string; role: string }) => `Created ${u.role} ${u.username} (id ${u.id}).`,
  wrongArguments: (names: string[], given: string[]) =>
    given.length < names.length
      ? `Missing ${names.slice(given.length).join(" ")}.`
      : `Unexpected argument "${given[names.length]}".`,
  backedUp: (count: number, file: string) => `Backed up ${countPosts(count)} to ${file}`,
  restored: (restored: number, skipped: number, refused: readonly RefusedPost[] = []) =>
    `Restored ${countPosts(restored)}, skipped ${skipped}.${describeRefused(refused)}`,
  keptOwnRecords:
    "This site has accounts, so its users, inbox, settings and site content were left as they are; restore those from the admin's Backups screen, which shows what would change.",
} as const;

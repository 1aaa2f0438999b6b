import path from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { name as PROGRAM, version as VERSION } from "../../package.json";
import { AUTH_FORM_MESSAGES, newUserSchema } from "~/shared/schemas";
import type { RefusedPost } from "~/shared/operations";
import { isRole } from "~/shared/permissions";
import { countPosts } from "./backups/backup-file";
import { describeRefused } from "./posts/post-rules";
import { readBackupFileContents } from "./backups/backup-folder";
import { backupExtrasOf, restoreSiteContent } from "./backups/backup-service";
import { takeBackup } from "./backups/backup-shelf";
import { restoreMedia } from "./media/media-backup";
import { restoreAnalytics } from "./analytics/analytics-backup";
import { createMediaLibrary } from "./media/media-library";
import { backupDataFolder } from "./backups/data-folder-backup";
import { loadConfig, type Config } from "./config";
import {
  compactDataFolder,
  exportDataFolder,
  importDataFolder,
  migrateDatabase,
} from "~/server/operations/db-commands";
import { ConflictError, HttpError, ValidationError } from "~/server/http/errors";
import { openSite } from "~/server/operations/open-site";
import { serveUntilSignal, type LoadSite } from "./serve";
import { usernameTakenMessage } from "~/server/users/user-changes";
import type { Store } from "./store/types";
import { createUserAccount } from "~/server/users/users";

/**
 * The command line of docs/architecture.md section 3, one for every way of running: `npm start`
 * and `npm run dev` (server.ts), `npm run users -- create ...`, `npm run backup` and
 * `npm run restore -- FILE`, and the single executable (binary-main.ts). Each command
 * is one row of COMMANDS; `serve` is the default. Exit codes: 0 done, 1 refused (bad input, data
 * folder in use), 2 usage, 130 cancelled. A command that opens the data folder does so as a
 * server start would (openSite): an empty folder gets its sample posts and session secret, so
 * starting the server afterwards gives the same site.
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
} as const;

type Values = ReturnType<typeof parseArgs>["values"];

/** What the program running the CLI brings: where `serve` gets the site, and settings it fixes. */
export type CliEntry = {
  loadSite: LoadSite;
  /** Environment that wins over the process's own (the executable is always production). */
  env?: Record<string, string>;
};

type Command = {
  usage: string;
  /** One line for --help. */
  summary: string;
  options: NonNullable<ParseArgsConfig["options"]>;
  /** Names of the positional arguments the command takes, each required. */
  args?: string[];
  run(values: Values, args: string[], entry: CliEntry): Promise<void>;
};

const dataOption = { data: { type: "string" } } as const;

const COMMANDS: Record<string, Command> = {
  serve: {
    usage: "serve [--port N] [--host H] [--data DIR]",
    summary: "serves the site until SIGTERM or Ctrl-C (the default); flags win over PORT, HOST, DATA_DIR",
    options: { port: { type: "string" }, host: { type: "string" }, ...dataOption },
    run: (values, _args, entry) => serveUntilSignal(configOf(values, entry), entry.loadSite),
  },
  "users create": {
    usage: "users create --username NAME [--role admin|editor|writer|contributor] [--password-stdin] [--data DIR]",
    summary: "creates a user, asking for the password twice (or reading one line of stdin)",
    options: {
      username: { type: "string" },
      role: { type: "string" },
      "password-stdin": { type: "boolean" },
      ...dataOption,
    },
    run: createUser,
  },
  backup: {
    usage: "backup [--data DIR]",
    summary: "writes a backup of the posts into DATA_DIR/backups; safe while the server runs",
    options: dataOption,
    run: backup,
  },
  "db migrate": {
    usage: "db migrate",
    summary: "applies the PostgreSQL migrations DATABASE_URL's database lacks (every start does too)",
    options: {},
    run: async (values) => console.log(await migrateDatabase(configOf(values))),
  },
  "db import": {
    usage: "db import [--data DIR]",
    summary: "copies the data folder's db.json into DATABASE_URL's database, which must be empty",
    options: dataOption,
    run: async (values) => console.log(await importDataFolder(configOf(values))),
  },
  "db export": {
    usage: "db export [--data DIR]",
    summary: "writes DATABASE_URL's records into the data folder's db.json, which must not exist",
    options: dataOption,
    run: async (values) => console.log(await exportDataFolder(configOf(values))),
  },
  "db compact": {
    usage: "db compact [--data DIR]",
    summary: "folds the data folder's journal into db.json; stop the server first (a clean stop folds it too)",
    options: dataOption,
    run: async (values) => console.log(await compactDataFolder(configOf(values))),
  },
  restore: {
    usage: "restore FILE [--data DIR]",
    summary: "adds back the posts of a backup file that the data folder lacks; stop the server first",
    options: dataOption,
    args: ["FILE"],
    run: restore,
  },
};

/** Wrong words or flags: answered with the usage line and exit code 2. */
class UsageError extends Error {}
/** Ctrl-C at a prompt. */
class Cancelled extends Error {}

async function createUser(values: Values): Promise<void> {
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
}

/**
 * Safe while a server runs: it reads db.json without taking the folder's lock, and
 * never writes it; only the backups folder is written. With DATABASE_URL the backup is taken from
 * the database into its backups table, where every instance lists it.
 */
async function backup(values: Values): Promise<void> {
  const config = configOf(values);
  if (config.databaseUrl) {
    await withStore(
      values,
      async (store, { files, activity }) => {
        const { name, count } = await takeBackup(
          files.backups,
          files.media,
          await store.listPosts(),
          config.backupKeep,
          await backupExtrasOf(store, activity, files.analytics),
        );
        console.log(CLI_MESSAGES.backedUp(count, name));
      },
      { seed: false },
    );
    return;
  }
  const { file, count } = await backupDataFolder(config.dataDir, config.backupKeep);
  console.log(CLI_MESSAGES.backedUp(count, file));
}

/**
 * Adds back the posts of FILE that the data folder lacks (by id). The file is checked before the
 * folder is opened; opening takes the lock, so a running server makes this refuse. An empty
 * folder is not seeded: sample posts would take the ids the backup's posts need.
 */
async function restore(values: Values, [file]: string[]): Promise<void> {
  const {
    posts,
    media,
    refused,
    revisions,
    redirects,
    activity: entries,
    analytics,
    site,
  } = await readBackupFileContents(path.resolve(file!));
  await withStore(
    values,
    async (store, { files, activity }) => {
      // Images first (the folder's lock is held now), so a restored post never lacks its picture.
      await restoreMedia(media, createMediaLibrary(configOf(values).dataDir, files.media));
      const { restored, skipped } = await store.restorePosts(posts, { revisions, redirects });
      // The log's entries the backup carries and this site lacks (docs/decisions/102-activity-log.md).
      await activity.addMissing(entries);
      await restoreAnalytics(files.analytics, analytics);
      await restoreSiteContent(store, site);
      console.log(CLI_MESSAGES.restored(restored.length, skipped.length, refused));
    },
    { seed: false },
  );
}

/** The environment, then the entry's fixed settings, then the flags given. */
function configOf(values: Values, entry?: CliEntry): Config {
  const flags = { PORT: values.port, HOST: values.host, DATA_DIR: values.data };
  const given = Object.entries(flags).filter((flag): flag is [string, string] => typeof flag[1] === "string");
  return loadConfig({ ...process.env, ...entry?.env, ...Object.fromEntries(given) });
}

type Site = Awaited<ReturnType<typeof openSite>>;

async function withStore(
  values: Values,
  use: (store: Store, site: Site) => Promise<void>,
  options: { seed?: boolean } = {},
) {
  const site = await openSite(configOf(values), options);
  const { store, close } = site;
  try {
    await use(store, site);
  } finally {
    await close();
  }
}

/** Asks twice on the terminal, echoing nothing. */
async function promptNewPassword(): Promise<string> {
  const password = await promptHidden(CLI_MESSAGES.passwordPrompt);
  if ((await promptHidden(CLI_MESSAGES.confirmPrompt)) !== password) {
    throw new ValidationError(AUTH_FORM_MESSAGES.passwordsDiffer);
  }
  return password;
}

/**
 * Reads one line in raw mode, so the terminal shows nothing per key (not even asterisks, which
 * would tell an onlooker the length). Backspace deletes, Enter ends, Ctrl-C or Ctrl-D on an empty
 * line cancels; an escape sequence (arrow keys) is ignored. Prompts go to stderr, results to stdout.
 */
function promptHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  // Echo off before the prompt shows, so a key typed the moment it appears is never echoed.
  stdin.setRawMode(true);
  process.stderr.write(prompt);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise((resolve, reject) => {
    const chars: string[] = [];
    const finish = (error?: Error) => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write("\n");
      if (error) reject(error);
      else resolve(chars.join(""));
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") return finish();
        if (ch === "\u0003" || (ch === "\u0004" && !chars.length)) return finish(new Cancelled(CLI_MESSAGES.cancelled));
        if (ch === "\u001b") return; // the rest of the chunk is the sequence
        if (ch === "\u007f" || ch === "\b") chars.pop();
        else if (ch >= " ") chars.push(ch);
      }
    };
    stdin.on("data", onData);
  });
}

/** `--password-stdin`: the first line, without its line ending; the rest is not read. */
async function readFirstLine(): Promise<string> {
  let text = "";
  process.stdin.setEncoding("utf8");
  for await (const chunk of process.stdin) {
    text += chunk;
    if (text.includes("\n")) break;
  }
  return text.split("\n")[0]!.replace(/\r$/, "");
}

/**
 * The longest row of COMMANDS whose words start argv, and the arguments after them. No command,
 * or flags first, means `serve`, so `queuesite --port 8080` serves.
 */
function findCommand(argv: string[]): { command: Command; args: string[] } | undefined {
  if (argv[0] === undefined || argv[0].startsWith("-")) return { command: COMMANDS.serve!, args: argv };
  const name = Object.keys(COMMANDS)
    .filter((key) => key.split(" ").every((word, i) => argv[i] === word))
    .sort((a, b) => b.length - a.length)[0];
  return name ? { command: COMMANDS[name]!, args: argv.slice(name.split(" ").length) } : undefined;
}

/** The words before the first flag: what was meant as the command. */
function leadingWords(argv: string[]): string[] {
  const flag = argv.findIndex((a) => a.startsWith("-"));
  return flag === -1 ? argv : argv.slice(0, flag);
}

/** The app's version and the Node runtime it runs on (in the executable, the pinned one it carries). */
export const versionText = () => `${PROGRAM} ${VERSION} (Node.js ${process.version})`;

function helpText(): string {
  const rows = [
    ...Object.values(COMMANDS),
    { usage: "--version", summary: "prints the version and the Node.js version it runs on" },
    { usage: "--help", summary: "prints this help" },
  ];
  return [
    `${PROGRAM} ${VERSION}: the site, blog and CMS in one server (README.md).`,
    `Usage: ${PROGRAM} [COMMAND] [FLAGS]`,
    ...rows.map(({ usage, summary }) => `\n  ${usage}\n      ${summary}`),
    "",
    "Settings come from the environment (docs/configuration.md); the data folder is ./data",
    "unless DATA_DIR or --data names another. Exit codes: 0 done, 1 refused, 2 wrong command or",
    "flag, 130 cancelled.",
  ].join("\n");
}

/** Runs the command line of this process and sets its exit code; the entries call only this. */
export function runCli(entry: CliEntry): void {
  void main(process.argv.slice(2), entry).then((code) => {
    process.exitCode = code;
  });
}

async function main(argv: string[], entry: CliEntry): Promise<number> {
  if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "--help")) {
    console.log(argv[0] === "--version" ? versionText() : helpText());
    return 0;
  }
  const found = findCommand(argv);
  const usage = found ? [found.command.usage] : Object.values(COMMANDS).map((c) => c.usage);
  try {
    if (!found) throw new UsageError(CLI_MESSAGES.unknownCommand(leadingWords(argv).slice(0, 2)));
    const { values, positionals } = parseCommandLine(found.command, found.args);
    await found.command.run(values, positionals, entry);
    return 0;
  } catch (err) {
    if (err instanceof Cancelled) {
      console.error(err.message);
      return 130;
    }
    console.error(err instanceof Error ? err.message : String(err));
    // Refused input (a short password, a taken name) gets the usage line too; a busy folder does not.
    if (err instanceof UsageError || err instanceof HttpError)
      console.error(usage.map((u) => `Usage: ${u}`).join("\n"));
    return err instanceof UsageError ? 2 : 1;
  }
}

function parseCommandLine(command: Command, args: string[]) {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options: command.options, strict: true, allowPositionals: true });
  } catch (err) {
    // node:util's messages run on with advice about `--`; the first sentence says what is wrong.
    throw new UsageError(`${(err as Error).message.split(". ")[0]!.replace(/\.$/, "")}.`);
  }
  const names = command.args ?? [];
  if (parsed.positionals.length !== names.length)
    throw new UsageError(CLI_MESSAGES.wrongArguments(names, parsed.positionals));
  return parsed;
}

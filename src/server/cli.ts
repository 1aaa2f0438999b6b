import { parseArgs, type ParseArgsConfig } from "node:util";
import { name as PROGRAM, version as VERSION } from "../../package.json";
import { HttpError } from "~/server/http/errors";
import { Cancelled, UsageError } from "~/server/operations/cli-errors";
import { CLI_MESSAGES } from "~/server/operations/cli-messages";
import type { LoadSite } from "./serve";

/**
 * The command line of docs/architecture.md section 3, one for every way of running: `npm start`
 * and `npm run dev` (server.ts), `npm run users -- create ...`, `npm run backup` and
 * `npm run restore -- FILE`, `npm run import -- wordpress FILE`, and the single executable (binary-main.ts). Each command
 * is one row of COMMANDS; `serve` is the default. Exit codes: 0 done, 1 refused (bad input, data
 * folder in use), 2 usage, 130 cancelled. A command that opens the data folder does so as a
 * server start would (openSite): an empty folder gets its sample posts and session secret, so
 * starting the server afterwards gives the same site.
 *
 * This file holds the table, parsing, help and exit codes only. Each command's code is in
 * operations/cli-commands/ and is imported when that command runs, so `--help`, `--version` and a
 * usage error load no package, and `backup` loads neither Express nor React Router
 * (docs/decisions/143-commands-loaded-when-they-run.md).
 */

export type Values = ReturnType<typeof parseArgs>["values"];

/** What the program running the CLI brings: where `serve` gets the site, and settings it fixes. */
export type CliEntry = {
  loadSite: LoadSite;
  /** Environment that wins over the process's own (the executable is always production). */
  env?: Record<string, string>;
};

/** A command's work, given its flags, its positional arguments and the entry that runs it. */
export type CommandRun = (values: Values, args: string[], entry: CliEntry) => Promise<void>;

type Command = {
  usage: string;
  /** One line for --help. */
  summary: string;
  options: NonNullable<ParseArgsConfig["options"]>;
  /** Names of the positional arguments the command takes, each required. */
  args?: string[];
  run: CommandRun;
};

/** The run exported as `name` by a module of operations/cli-commands/, imported when it runs. */
function load<K extends string>(module: () => Promise<Record<K, CommandRun>>, name: K): CommandRun {
  return async (values, args, entry) => (await module())[name](values, args, entry);
}

const dataOption = { data: { type: "string" } } as const;

const COMMANDS: Record<string, Command> = {
  serve: {
    usage: "serve [--port N] [--host H] [--data DIR]",
    summary: "serves the site until SIGTERM or Ctrl-C (the default); flags win over PORT, HOST, DATA_DIR",
    options: { port: { type: "string" }, host: { type: "string" }, ...dataOption },
    run: load(() => import("./operations/cli-commands/serve-command"), "serve"),
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
    run: load(() => import("./operations/cli-commands/create-user-command"), "createUser"),
  },
  backup: {
    usage: "backup [--data DIR]",
    summary: "writes a backup of the posts into DATA_DIR/backups; safe while the server runs",
    options: dataOption,
    run: load(() => import("./operations/cli-commands/backup-command"), "backup"),
  },
  "db migrate": {
    usage: "db migrate",
    summary: "applies the PostgreSQL migrations DATABASE_URL's database lacks (every start does too)",
    options: {},
    run: load(() => import("./operations/cli-commands/db-command"), "migrate"),
  },
  "db import": {
    usage: "db import [--data DIR]",
    summary: "copies the data folder's db.json into DATABASE_URL's database, which must be empty",
    options: dataOption,
    run: load(() => import("./operations/cli-commands/db-command"), "importFolder"),
  },
  "db export": {
    usage: "db export [--data DIR]",
    summary: "writes DATABASE_URL's records into the data folder's db.json, which must not exist",
    options: dataOption,
    run: load(() => import("./operations/cli-commands/db-command"), "exportFolder"),
  },
  "db compact": {
    usage: "db compact [--data DIR]",
    summary: "folds the data folder's journal into db.json; stop the server first (a clean stop folds it too)",
    options: dataOption,
    run: load(() => import("./operations/cli-commands/db-command"), "compact"),
  },
  import: {
    usage: "import wordpress|ghost FILE [--dry-run] [--media-dir DIR] [--data DIR]",
    summary:
      "brings in a WordPress export (WXR .xml) or a Ghost export (.json): posts, tags, authors, images and old addresses; safe to run again",
    options: { "dry-run": { type: "boolean" }, "media-dir": { type: "string" }, ...dataOption },
    args: ["FORMAT", "FILE"],
    run: load(() => import("./operations/cli-commands/import-command"), "importSite"),
  },
  restore: {
    usage: "restore FILE [--data DIR]",
    summary: "adds back the posts of a backup file that the data folder lacks; stop the server first",
    options: dataOption,
    args: ["FILE"],
    run: load(() => import("./operations/cli-commands/restore-command"), "restore"),
  },
};

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
    // A command's own code for a refusal it tells apart (an import's file that is no export: 2).
    const own = (err as { exitCode?: unknown } | undefined)?.exitCode;
    if (typeof own === "number") return own;
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

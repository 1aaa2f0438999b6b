import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { name, version } from "../../package.json";
import { verifyPassword } from "~/server/auth/password";
import { CLI_MESSAGES } from "~/server/operations/cli-messages";
import { inUseMessage } from "~/server/store/data-lock";
import { usernameTakenMessage } from "~/server/users/user-changes";
import { AUTH_FORM_MESSAGES } from "~/shared/schemas";
import { cli, cliEntry, cliEnv, closeStores, collect, root, storeOf } from "../helpers/cli";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

const USAGE =
  "Usage: users create --username NAME [--role admin|editor|writer|contributor] [--password-stdin] [--data DIR]";
const SERVE_USAGE = "Usage: serve [--port N] [--host H] [--data DIR]";
/** What a wrong command gets: every command's usage. */
const EVERY_USAGE = [
  SERVE_USAGE,
  USAGE,
  "Usage: backup [--data DIR]",
  "Usage: db migrate",
  "Usage: db import [--data DIR]",
  "Usage: db export [--data DIR]",
  "Usage: db compact [--data DIR]",
  "Usage: import wordpress|ghost FILE [--dry-run] [--media-dir DIR] [--data DIR]",
  "Usage: restore FILE [--data DIR]",
].join("\n");
const PASSWORD = "a long enough password";
/** Each run starts Node with tsx; creating a user hashes at the default cost. */
const SLOW = 30_000;

afterEach(async () => {
  await closeStores();
  await removeTempDirs();
});

describe("users create --password-stdin", () => {
  it(
    "creates an admin from the first line of stdin, in a folder set up as a first server start would",
    async () => {
      const dataDir = makeTempDir("cli-");
      const run = await cli(["users", "create", "--username", "boss", "--role", "admin", "--password-stdin"], {
        dataDir,
        input: `${PASSWORD}\nthis second line is not read\n`,
      });
      expect(run).toEqual({
        code: 0,
        stdout: `${CLI_MESSAGES.created({ id: 1, username: "boss", role: "admin" })}\n`,
        stderr: "",
      });
      const store = await storeOf(dataDir);
      const user = await store.getUserByUsername("boss");
      expect(user).toMatchObject({ id: 1, role: "admin" });
      expect(await verifyPassword(PASSWORD, user!.passwordHash)).toBe(true);
      expect((await store.listPosts()).length).toBeGreaterThan(0); // the sample posts of a first start
      expect(fs.existsSync(path.join(dataDir, "session-secret"))).toBe(true);
    },
    SLOW,
  );

  it(
    "creates a contributor, one of the four roles (docs/decisions/125-one-permission-table.md)",
    async () => {
      const dataDir = makeTempDir("cli-");
      const run = await cli(["users", "create", "--username", "guest", "--role", "contributor", "--password-stdin"], {
        dataDir,
        input: `${PASSWORD}\n`,
      });
      expect(run.code).toBe(0);
      expect(await (await storeOf(dataDir)).getUserByUsername("guest")).toMatchObject({ role: "contributor" });
    },
    SLOW,
  );

  it(
    "takes the folder from --data, and makes a writer unless told otherwise",
    async () => {
      const dataDir = makeTempDir("cli-");
      const run = await cli(["users", "create", "--data", dataDir, "--username", "pen", "--password-stdin"], {
        input: `${PASSWORD}\r\n`,
      });
      expect(run.code).toBe(0);
      const user = await (await storeOf(dataDir)).getUserByUsername("pen");
      expect(user?.role).toBe("writer");
      expect(await verifyPassword(PASSWORD, user!.passwordHash)).toBe(true); // the \r is not part of it
    },
    SLOW,
  );

  it(
    "refuses a password under 8 characters: exit 1, the message and the usage line",
    async () => {
      const dataDir = makeTempDir("cli-");
      const run = await cli(["users", "create", "--username", "boss", "--password-stdin"], {
        dataDir,
        input: "seven77\n",
      });
      expect(run).toEqual({ code: 1, stdout: "", stderr: `${AUTH_FORM_MESSAGES.newPassword}\n${USAGE}\n` });
      expect(await (await storeOf(dataDir)).countUsers()).toBe(0);
    },
    SLOW,
  );

  it(
    "refuses a taken username in any letter case",
    async () => {
      const dataDir = makeTempDir("cli-");
      const first = await cli(["users", "create", "--username", "boss", "--password-stdin"], {
        dataDir,
        input: PASSWORD,
      });
      expect(first.code).toBe(0);
      const again = await cli(["users", "create", "--username", "BOSS", "--password-stdin"], {
        dataDir,
        input: PASSWORD,
      });
      expect(again).toEqual({ code: 1, stdout: "", stderr: `${usernameTakenMessage("BOSS")}\n${USAGE}\n` });
    },
    SLOW,
  );

  it(
    "refuses while a server holds the data folder: one line on stderr, exit 1",
    async () => {
      const dataDir = makeTempDir("cli-");
      await storeOf(dataDir);
      const run = await cli(["users", "create", "--username", "boss", "--password-stdin"], {
        dataDir,
        input: PASSWORD,
      });
      const owner = { pid: process.pid, hostname: os.hostname(), startedAt: "" };
      expect(run).toEqual({ code: 1, stdout: "", stderr: `${inUseMessage(dataDir, owner)}\n` });
    },
    SLOW,
  );
});

describe("--version and --help", () => {
  it(
    "prints package.json's version and the Node runtime's, and the help with every command's usage; exit 0",
    async () => {
      expect(await cli(["--version"])).toEqual({
        code: 0,
        stdout: `${name} ${version} (Node.js ${process.version})\n`,
        stderr: "",
      });
      const help = await cli(["--help"]);
      expect(help).toMatchObject({ code: 0, stderr: "" });
      for (const usage of EVERY_USAGE.split("\n")) expect(help.stdout).toContain(usage.replace("Usage: ", ""));
    },
    SLOW,
  );
});

describe("usage errors exit 2 with the usage", () => {
  it.each([
    ["an unknown command", ["users", "frobnicate"], CLI_MESSAGES.unknownCommand(["users", "frobnicate"]), EVERY_USAGE],
    [
      "an unknown word where the command goes",
      ["frobnicate", "--data", "x"],
      CLI_MESSAGES.unknownCommand(["frobnicate"]),
      EVERY_USAGE,
    ],
    ["an unknown flag with no command, which means serve", ["--bogus"], "Unknown option '--bogus'.", SERVE_USAGE],
    ["an argument serve does not take", ["serve", "now"], CLI_MESSAGES.wrongArguments([], ["now"]), SERVE_USAGE],
    ["an unknown flag", ["users", "create", "--username", "boss", "--bogus"], "Unknown option '--bogus'.", USAGE],
    [
      "an unknown role",
      ["users", "create", "--username", "boss", "--role", "owner", "--password-stdin"],
      AUTH_FORM_MESSAGES.role,
      USAGE,
    ],
    ["a missing username", ["users", "create", "--password-stdin"], CLI_MESSAGES.usernameRequired, USAGE],
    [
      "no terminal and no --password-stdin",
      ["users", "create", "--username", "boss"],
      CLI_MESSAGES.notATerminal,
      USAGE,
    ],
    ["an argument it does not take", ["users", "create", "boss"], CLI_MESSAGES.wrongArguments([], ["boss"]), USAGE],
  ])(
    "%s",
    async (_, args, message, usage) => {
      const dataDir = makeTempDir("cli-");
      const run = await cli(args, { dataDir });
      expect(run).toEqual({ code: 2, stdout: "", stderr: `${message}\n${usage}\n` });
      expect(fs.readdirSync(dataDir)).toEqual([]); // refused before the folder was touched
    },
    SLOW,
  );
});

/**
 * The prompt needs a terminal: util-linux `script` runs the CLI on a pseudo-terminal, and we type
 * into it. Keys are sent only after the prompt shows, when raw mode is on; before that the
 * terminal itself would echo them.
 */
const hasScript = spawnSync("script", ["--version"]).status === 0;
const NO_SCRIPT =
  "util-linux `script` is not installed, so no pseudo-terminal can be made here (apt-get install bsdutils)";

describe("users create on a terminal", () => {
  // Skipped with the reason, never silently: once on the console, and beside each test in the report.
  beforeAll(() => {
    if (!hasScript) console.warn(`Skipping the terminal tests: ${NO_SCRIPT}`);
  });
  beforeEach((ctx) => ctx.skip(!hasScript, NO_SCRIPT));

  function onTerminal(dataDir: string) {
    const command = [process.execPath, cliEntry(), "users", "create", "--username", "typist", "--role", "admin"].join(
      " ",
    );
    const child = spawn("script", ["-qec", command, "/dev/null"], { cwd: root, env: cliEnv(dataDir), stdio: "pipe" });
    let screen = "";
    child.stdout.on("data", (chunk) => (screen += chunk));
    const done = collect(child);
    /** Resolves when the screen shows `text`, on the output that brings it; fails if the CLI exits first. */
    const shown = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!screen.includes(text)) return;
          child.stdout.off("data", check);
          child.off("close", exited);
          resolve();
        };
        const exited = () => {
          child.stdout.off("data", check);
          reject(new Error(`exited before showing ${text}: ${screen}`));
        };
        child.stdout.on("data", check);
        child.once("close", exited);
        check();
      });
    return { type: (keys: string) => child.stdin.write(keys), shown, done };
  }

  it(
    "asks twice without echoing a key; backspace deletes",
    async () => {
      const dataDir = makeTempDir("cli-tty-");
      const term = onTerminal(dataDir);
      await term.shown(CLI_MESSAGES.passwordPrompt);
      term.type("secret-typed-X\u007fpw\r");
      await term.shown(CLI_MESSAGES.confirmPrompt);
      term.type("secret-typed-pw\r");
      const run = await term.done;
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(CLI_MESSAGES.created({ id: 1, username: "typist", role: "admin" }));
      expect(run.stdout).not.toContain("secret");
      expect(run.stdout).not.toContain("*");
      const user = await (await storeOf(dataDir)).getUserByUsername("typist");
      expect(await verifyPassword("secret-typed-pw", user!.passwordHash)).toBe(true);
    },
    SLOW,
  );

  it(
    "refuses passwords that differ (exit 1), and Ctrl-C cancels (exit 130)",
    async () => {
      const dataDir = makeTempDir("cli-tty-");
      const differ = onTerminal(dataDir);
      await differ.shown(CLI_MESSAGES.passwordPrompt);
      differ.type("first password\r");
      await differ.shown(CLI_MESSAGES.confirmPrompt);
      differ.type("second password\r");
      const refused = await differ.done;
      expect(refused.code).toBe(1);
      expect(refused.stdout).toContain(AUTH_FORM_MESSAGES.passwordsDiffer);

      const cancel = onTerminal(dataDir);
      await cancel.shown(CLI_MESSAGES.passwordPrompt);
      cancel.type("half typ\u0003");
      const cancelled = await cancel.done;
      expect(cancelled.code).toBe(130);
      expect(cancelled.stdout).toContain(CLI_MESSAGES.cancelled);
      expect(await (await storeOf(dataDir)).countUsers()).toBe(0);
    },
    SLOW,
  );
});

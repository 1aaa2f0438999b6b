/** Wrong words or flags: src/server/cli.ts answers them with the usage line and exit code 2. */
export class UsageError extends Error {}

/** Ctrl-C at a prompt: exit code 130. */
export class Cancelled extends Error {}

import type { Plugin } from "esbuild";

export function embeddedMigrationsModule(dir: string): string;
export function embedMigrations(): Plugin;

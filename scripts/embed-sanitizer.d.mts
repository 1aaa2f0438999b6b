import type { Plugin } from "esbuild";

type Packages = { packages: "bundle" | "external" };
export function sanitizerScript(options: Packages): Promise<string>;
export function embedSanitizer(options: Packages): Plugin;

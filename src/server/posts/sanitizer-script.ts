/**
 * The sanitizer (content.ts) as one CommonJS script, for the sanitize worker. From the source
 * folder it is bundled here on first use, with the packages left to node_modules; build/server.js
 * and the single executable replace this module with the script made at build time
 * (scripts/embed-sanitizer.mjs), so neither runs esbuild.
 */
export async function sanitizerScript(): Promise<string> {
  const { sanitizerScript: bundle } = await import("../../../scripts/embed-sanitizer.mjs");
  return bundle({ packages: "external" });
}

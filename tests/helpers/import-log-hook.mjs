// `node --import` this file to have the process append the URL of every module it imports, one a
// line, to the file named by IMPORT_LOG (tests/unit/cli-imports.test.ts). It registers itself as a
// module customization hook (https://nodejs.org/docs/latest-v20.x/api/module.html#customization-hooks),
// whose resolve runs on the hooks thread; appending synchronously leaves the file whole at exit.
import { appendFileSync } from "node:fs";
import { register } from "node:module";
import { isMainThread } from "node:worker_threads";

if (isMainThread) register(import.meta.url);

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(process.env.IMPORT_LOG, `${resolved.url}\n`);
  return resolved;
}

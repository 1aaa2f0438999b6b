import { config } from "zod/mini";

/**
 * zod compiles object checks with `new Function` when it can, and probes for that ability on the
 * first parse. Under the site's Content-Security-Policy (no 'unsafe-eval') the probe is refused
 * and the browser reports a violation, so the compiled path is switched off in the browser
 * (https://zod.dev/packages/core#globalconfig); the server, which has no such policy, keeps it
 * for reading large data files. Imported first by every module that builds schemas, because zod
 * reads the setting when a schema is created.
 */
if (typeof document !== "undefined") config({ jitless: true });

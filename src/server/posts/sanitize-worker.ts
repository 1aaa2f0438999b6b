import { runningScript } from "~/server/media/package-files";
import { singleWorker } from "~/server/media/single-worker";
import { nestingJob, sanitizeJob } from "./sanitize-job";
import { sanitizerScript } from "./sanitizer-script";

/**
 * Content at least this long is sanitized in a worker thread, shorter content on the server's own
 * thread. Measured here (`longArticle` in tests/helpers/long-content.ts): sanitize-html takes about
 * 0.1 ms a KB once the thread has run it a while, 1.5 ms at this length, but several times that on
 * a thread that has not (70 ms at this length, 2 s at the content limit), while a trip to the
 * worker costs a fraction of a millisecond (docs/decisions/172-long-content-sanitized-in-a-worker.md).
 */
export const LONG_CONTENT = 16_000;

/**
 * The worker runs the same code as the server's thread: sanitize-job.ts bundled into one script
 * (sanitizer-script.ts), whose packages it loads from node_modules as the server does or, in the
 * single executable, finds in the script itself.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const module = { exports: {} };
const load = require("node:module").createRequire(workerData.requireFrom);
new Function("module", "exports", "require", workerData.script)(module, module.exports, load);
const jobs = { sanitizeJob: module.exports.sanitizeJob, nestingJob: module.exports.nestingJob };
parentPort.on("message", ({ id, job, html }) => {
  try {
    parentPort.postMessage({ id, result: jobs[job](html) });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

/** The jobs the worker does (sanitize-job.ts), by name. */
const JOBS = { sanitizeJob, nestingJob };
type Jobs = typeof JOBS;
type Job = keyof Jobs;
type Result<J extends Job> = ReturnType<Jobs[J]>;

/**
 * The jobs of sanitize-job.ts in a worker that runs `script` (sanitizer-script.ts), one at a time in
 * the order asked. Should the worker fail (it cannot start, or it stopped), the job is done on
 * this thread instead, as it was before there was a worker: the answer is the same, only the
 * thread is held, which a save or a page view prefers to an error. The failure is logged once
 * until the worker works again, and each job tries the worker again.
 */
export function jobsInWorker(
  script: () => Promise<string>,
): <J extends Job>(job: J, html: string) => Promise<Result<J>> {
  let made: Promise<string> | undefined;
  let loaded: string | undefined;
  const run = singleWorker<unknown>("sanitize", WORKER_SOURCE, () => ({
    script: loaded,
    requireFrom: runningScript(),
  }));
  let fellBack = false;
  return async <J extends Job>(job: J, html: string): Promise<Result<J>> => {
    try {
      loaded ??= await (made ??= script());
      const done = (await run({ job, html })) as Result<J>;
      fellBack = false;
      return done;
    } catch (error) {
      if (loaded === undefined) made = undefined; // a script that could not be made is made again
      if (!fellBack) console.error(SANITIZE_WORKER_MESSAGES.fellBack(error));
      fellBack = true;
      return JOBS[job](html) as Result<J>;
    }
  };
}

/** The server's one sanitize worker. */
const inWorker = jobsInWorker(sanitizerScript);

/** `sanitizeJob(html)`, in the worker. */
export const sanitizeOffThread = (html: string) => inWorker("sanitizeJob", html);

/** `nestingJob(html)`, in the worker. */
export const nestsDeeperOffThread = (html: string) => inWorker("nestingJob", html);

export const SANITIZE_WORKER_MESSAGES = {
  fellBack: (error: unknown) =>
    `The sanitize worker failed (${error instanceof Error ? error.message : String(error)}); ` +
    "long post content is sanitized on the server's thread until it works again.",
} as const;

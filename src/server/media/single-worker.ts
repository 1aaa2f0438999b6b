import { Worker } from "node:worker_threads";

/**
 * One worker thread that runs `source` (evaluated, so the single executable needs no file on disk)
 * for work the server must not do on its own thread: decoding and drawing images, sanitizing long
 * post content (src/server/posts/sanitize-worker.ts). The source answers each `{ id, ...message }`
 * with `{ id, result }` or `{ id, error }`. The worker starts on the first call, never keeps the
 * process alive while idle, stops after `idleMs` without work, and is started again by the next
 * call after a crash.
 */
type Answer = { id: number; result?: unknown; error?: string };

/** An idle worker holds its libraries and its last pictures' memory; it stops after this long without work. */
const IDLE_MS = 30_000;

/**
 * A decode or a drawing that needs more than this ends the worker (ERR_WORKER_OUT_OF_MEMORY), not
 * the server: the upload's pixel limit keeps honest images well inside it.
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 };

export function singleWorker<Result>(
  name: string,
  source: string,
  workerData: () => unknown,
  { idleMs = IDLE_MS }: { idleMs?: number } = {},
): (message: Record<string, unknown>) => Promise<Result> {
  let worker: Worker | undefined;
  let nextId = 0;
  let idle: NodeJS.Timeout | undefined;
  const pending = new Map<number, { resolve: (result: Result) => void; reject: (error: Error) => void }>();

  function start(): Worker {
    const started = new Worker(source, { eval: true, workerData: workerData(), resourceLimits: RESOURCE_LIMITS });
    started.unref(); // an idle worker never keeps the process alive
    started.on("message", ({ id, result, error }: Answer) => {
      const call = pending.get(id);
      pending.delete(id);
      if (!pending.size) {
        started.unref();
        const end = () => {
          if (worker === started) worker = undefined; // new work starts a fresh worker
          void started.terminate();
        };
        if (idleMs === 0) end();
        else idle = setTimeout(end, idleMs).unref();
      }
      if (error !== undefined || result === undefined) call?.reject(new Error(error ?? "no answer"));
      else call?.resolve(result as Result);
    });
    const fail = (error: Error) => {
      if (worker === started) worker = undefined;
      for (const call of pending.values()) call.reject(error);
      pending.clear();
    };
    started.on("error", fail);
    started.on("exit", (code) => {
      if (worker === started) fail(new Error(`the ${name} worker stopped (${code})`));
    });
    return started;
  }

  return (message) => {
    clearTimeout(idle);
    worker ??= start();
    const id = ++nextId;
    const running = worker;
    running.ref(); // work in flight: let it finish before an exit
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      running.postMessage({ ...message, id });
    });
  };
}

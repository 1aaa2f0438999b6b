import fs from "node:fs/promises";
import path from "node:path";
import { errorCode } from "./storage-errors";

/**
 * `mkdir -p` that fails with the real cause. Node 20's recursive mkdir answers ENOENT for a
 * folder it cannot create on a read-only file system (EROFS for a plain mkdir), which would reach
 * a client as a 500 instead of the storage error's 503 and its reason
 * (docs/decisions/010-storage-errors-and-health.md). On ENOENT each missing step is created alone,
 * so the first that fails says why.
 */
export async function makeFolder(dir: string): Promise<void> {
  try {
    await fs.mkdir(dir, { recursive: true });
    return;
  } catch (error) {
    if (errorCode(error) !== "ENOENT") throw error;
  }
  const steps: string[] = [];
  for (let at = path.resolve(dir); at !== path.dirname(at); at = path.dirname(at)) steps.unshift(at);
  for (const step of steps) {
    try {
      await fs.mkdir(step);
    } catch (error) {
      if (errorCode(error) !== "EEXIST") throw error;
    }
  }
}

import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Every test gets its own folder under the OS temp folder (docs/architecture.md section 7); none is shared. */
const made = new Set<string>();

/** Creates an empty folder and answers its absolute, symlink-free path (messages name that path). */
export function makeTempDir(prefix = "queuesite-"): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  made.add(dir);
  return dir;
}

/** Removes every folder makeTempDir made; call it from afterEach or afterAll. */
export async function removeTempDirs(): Promise<void> {
  const dirs = [...made];
  made.clear();
  await Promise.all(dirs.map((dir) => fs.promises.rm(dir, { recursive: true, force: true })));
}

import { readFileSync, statfsSync } from "node:fs";

const SHM = "/dev/shm";
/** Room the whole run needs at once: data folders, bundles, the executable, PostgreSQL's cluster. */
const ROOM = 4 * 2 ** 30;

/**
 * Where the tests' temporary folders go (docs/decisions/144-test-folders-in-memory.md): /dev/shm
 * when it suits (`shmIfSuitable`), so the thousands of small writes and fsyncs of a run stay in
 * memory instead of waiting on the disk; otherwise the system's temporary folder. A TMPDIR the
 * caller set always wins.
 */
export function memoryTempDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.TMPDIR) return undefined;
  let mounts: string;
  try {
    mounts = readFileSync("/proc/mounts", "utf8");
  } catch {
    return undefined; // not Linux
  }
  return shmIfSuitable(mounts, () => {
    const { bavail, bsize } = statfsSync(SHM);
    return bavail * bsize;
  });
}

/** /dev/shm if /proc/mounts shows it as a tmpfs that may run programs (the executable's tests do) and it has room. */
export function shmIfSuitable(mounts: string, freeBytes: () => number): string | undefined {
  const fields = mounts
    .split("\n")
    .map((line) => line.split(" "))
    .find((mount) => mount[1] === SHM);
  if (!fields || fields[2] !== "tmpfs" || (fields[3] ?? "").split(",").includes("noexec")) return undefined;
  return freeBytes() >= ROOM ? SHM : undefined;
}

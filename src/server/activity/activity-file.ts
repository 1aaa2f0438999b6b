import fs from "node:fs/promises";
import path from "node:path";
import { activityEntrySchema, type ActivityEntry } from "~/shared/activity";
import { writeFileDurably } from "~/server/store/durable-file-adapter";
import { newestFirst, peopleOf, type ActivityRecords } from "./activity-records";

/**
 * The activity log in the data folder: `activity.jsonl`, one entry a line, each appended and
 * fsynced before the action that records it answers (docs/decisions/102-activity-log.md). An
 * append costs one line, whatever the log holds; only the hourly removal of expired entries
 * rewrites the file, atomically. A line that does not parse (a crash mid-append leaves at most a
 * torn last one) is skipped and named in a warning; the rest is kept.
 */
export const ACTIVITY_FILE = "activity.jsonl";

const lineOf = (entry: ActivityEntry) => `${JSON.stringify(entry)}\n`;

export async function openActivityFile(dataDir: string): Promise<ActivityRecords> {
  const file = path.join(dataDir, ACTIVITY_FILE);
  const entries = await readEntries(file);
  const ids = new Set(entries.map((e) => e.id));
  let closed = false;
  // One write at a time, so lines never interleave and a rewrite never drops an append.
  let tail: Promise<unknown> = Promise.resolve();
  const serial = <T>(job: () => Promise<T>): Promise<T> => {
    const run = tail.then(job);
    tail = run.catch(() => undefined);
    return run;
  };

  const appendLines = (added: readonly ActivityEntry[]) =>
    serial(async () => {
      if (closed) return;
      const handle = await fs.open(file, "a", 0o600);
      try {
        await handle.writeFile(added.map(lineOf).join(""));
        await handle.sync();
      } finally {
        await handle.close();
      }
      for (const entry of added) {
        entries.push(entry);
        ids.add(entry.id);
      }
    });

  return {
    append: (entry) => appendLines([entry]),
    query: ({ userId, kind }) =>
      Promise.resolve(
        entries
          .filter((e) => (userId === undefined || e.userId === userId) && (kind === undefined || e.kind === kind))
          .sort(newestFirst),
      ),
    people: () => Promise.resolve(peopleOf(entries)),
    async addMissing(given) {
      const fresh = [...new Map(given.filter((e) => !ids.has(e.id)).map((e) => [e.id, e])).values()];
      if (fresh.length) await appendLines(fresh);
      return fresh.length;
    },
    removeBefore: (time) =>
      serial(async () => {
        const kept = entries.filter((e) => Date.parse(e.at) >= time.getTime());
        const removed = entries.length - kept.length;
        if (removed === 0 || closed) return 0;
        await writeFileDurably(file, kept.map(lineOf));
        entries.splice(0, entries.length, ...kept);
        ids.clear();
        kept.forEach((e) => ids.add(e.id));
        return removed;
      }),
    // After the writes already queued; later ones find the log closed (the folder may be gone).
    close: () =>
      serial(() => {
        closed = true;
        return Promise.resolve();
      }),
  };
}

async function readEntries(file: string): Promise<ActivityEntry[]> {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  // A crash mid-append leaves a line without its end: the next entry starts on a line of its own.
  if (text && !text.endsWith("\n")) await fs.appendFile(file, "\n");
  const entries: ActivityEntry[] = [];
  let skipped = 0;
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const parsed = activityEntrySchema.safeParse(parseJson(line));
    if (parsed.success) entries.push(parsed.data);
    else skipped += 1;
  }
  if (skipped) console.warn(`${file}: skipped ${skipped} line(s) that are not activity entries; the rest is kept.`);
  return entries;
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

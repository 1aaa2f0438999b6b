import fs from "node:fs/promises";
import path from "node:path";
import type { Adapter } from "lowdb";
import { activityEntrySchema, type ActivityEntry } from "~/shared/activity";
import { completeDbFile, DataFileError, parseDbFile, type DbFile } from "./db-schema";
import { DurableJsonFile, writeFileDurably } from "./durable-file-adapter";
import { prettyJsonChunks } from "./json-chunks";
import { recordProblem, ReplayOrigins } from "./journal-check";
import { JOURNAL_FILE, JOURNAL_MESSAGES, JournalAppender, JournalError, readJournal } from "./journal-file";
import { applySections, diffSections, encodeRecord } from "./journal-record";
import { errorCode } from "./storage-errors";
import type { FoldTrouble } from "./types";

/**
 * db.json and its journal as one lowdb adapter (docs/decisions/092-a-journal-beside-db-json.md):
 * a write appends what it changed to the journal and fsyncs it; db.json is rewritten from memory
 * (a fold) once the journal has grown past FOLD_RECORDS or FOLD_BYTES, at a clean stop and on
 * demand (`compact`). db.json names the last record it holds (`journalSequence`), so a record
 * read again after a fold, or in a copy taken while the server ran, is skipped.
 */
export const DB_FILE = "db.json";
export const SEQUENCE_KEY = "journalSequence";
export const FOLD_RECORDS = 1000;
export const FOLD_BYTES = 4 * 1024 * 1024;
/**
 * Room a fold leaves free on the disk for the journal's appends, which go on while it writes
 * (docs/decisions/162-a-fold-that-does-not-fit-waits.md): it fails rather than take it.
 */
export const FOLD_KEEPS_FREE = 1024 * 1024;

type Stored = { seq: number; data: DbFile };

function parseStored(raw: unknown, file: string): Stored {
  const { [SEQUENCE_KEY]: seq = 0, ...rest } = (raw ?? {}) as Record<string, unknown>;
  if (!Number.isSafeInteger(seq) || (seq as number) < 0) {
    throw new DataFileError(file, `has a ${SEQUENCE_KEY} that is not a whole number`);
  }
  return { seq: seq as number, data: parseDbFile(rest, file) };
}

/** A folder's db.json with its journal replayed, as it was at some moment; also read-only, without the lock. */
export async function readDataFolder(dir: string, { warn = true } = {}) {
  const journalFile = path.join(dir, JOURNAL_FILE);
  // The journal before db.json: a fold that lands in between leaves a db.json newer than every
  // record read, never one older than the journal's first (docs/decisions/092-a-journal-beside-db-json.md).
  const journal = await readJournal(journalFile);
  const stored = await new DurableJsonFile(path.join(dir, DB_FILE), parseStored).read();
  if (journal.torn && warn) console.warn(JOURNAL_MESSAGES.tornTail(journalFile, journal.size));
  const dbSeq = stored?.seq ?? 0;
  let seq = dbSeq;
  let foldedEnd = 0; // where the records db.json already holds end
  const refuse = (i: number, problem: string) =>
    new JournalError(JOURNAL_MESSAGES.invalid(journalFile, journal.ends[i - 1] ?? 0, journal.records[i]!.seq, problem));
  // Every record applied is checked as db.json is (journal-check.ts): nothing unchecked is served or folded.
  const origins = new ReplayOrigins();
  let applied = -1;
  journal.records.forEach((record, i) => {
    if (record.seq <= dbSeq) {
      foldedEnd = journal.ends[i]!;
      return;
    }
    if (!stored) return; // no db.json: a first write starts it after these records (write below)
    if (record.seq !== seq + 1) throw new JournalError(JOURNAL_MESSAGES.gap(journalFile, DB_FILE, seq, record.seq));
    const problem = recordProblem(record, stored.data);
    if (problem) throw refuse(i, problem);
    applySections(stored.data, record.sections);
    origins.note(record.sections, i);
    [seq, applied] = [record.seq, i];
  });
  let data = stored?.data ?? null;
  if (data && applied >= 0) {
    const clash = origins.firstClash(data, applied);
    if (clash) throw refuse(clash.index, clash.problem);
    data = completeDbFile(data);
  }
  const last = journal.records.at(-1)?.seq ?? 0;
  const activity = journal.records.flatMap((record) => activityOf(record.activity));
  return { data, seq: Math.max(seq, last), dbSeq, foldedEnd, journal, activity };
}

/** A record's activity entries that are entries; a record without any has none. */
function activityOf(entries: unknown[] | undefined): ActivityEntry[] {
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry) => {
    const parsed = activityEntrySchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

export class JournalledDbFile implements Adapter<DbFile> {
  readonly dbFile: DurableJsonFile<Stored>;
  private readonly appender: JournalAppender;
  /** The data db.json and the journal hold together, which the next write is compared with. */
  private written?: DbFile;
  private seq = 0;
  /** The last fold: db.json holds the records up to `seq`; in the journal they end at byte `end`. */
  private folded = { seq: 0, end: 0 };
  /**
   * The activity entries the journal's records carried when it was read: the store's start adds
   * back those the activity log lacks (docs/decisions/163-activity-written-with-its-change.md).
   */
  journalledActivity: ActivityEntry[] = [];
  private folding?: Promise<void>;
  /** After a background fold failed (other than for room), the sequence number at which to try again. */
  private retryAt = 0;
  /** Why folds are not happening, until one succeeds. */
  private trouble?: FoldTrouble;
  /** db.json's size, for the room a fold needs. */
  private dbBytes = 0;
  /** Appends and journal rewrites, one at a time. */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    readonly dir: string,
    /** False while the folder's lock is not held: reading then repairs nothing. */
    public writable = true,
  ) {
    this.dbFile = new DurableJsonFile(path.join(dir, DB_FILE), parseStored);
    this.appender = new JournalAppender(path.join(dir, JOURNAL_FILE), 0);
  }

  get journalFile() {
    return this.appender.file;
  }

  async read(): Promise<DbFile | null> {
    const read = await readDataFolder(this.dir);
    await this.exclusive(async () => {
      await this.appender.close();
      this.appender.size = read.journal.size;
      if (read.journal.torn && this.writable) await this.appender.cut(read.journal.size);
    });
    this.written = read.data ?? undefined;
    this.seq = read.seq;
    this.folded = { seq: read.dbSeq, end: read.foldedEnd };
    this.journalledActivity = read.activity;
    this.dbBytes = await fileSize(this.dbFile.file);
    return read.data;
  }

  /**
   * Resolves once the change is on disk: one record appended to the journal, with the activity
   * entries that record it, or a new db.json.
   */
  write(data: DbFile, activity: readonly ActivityEntry[] = []): Promise<void> {
    return this.exclusive(async () => {
      let free = Infinity;
      if (!this.written) {
        // A new site's first write makes db.json, after any record a lost db.json's journal holds.
        await this.writeDbFile(data, this.seq);
        this.folded = { seq: this.seq, end: this.appender.size };
        this.dbBytes = await fileSize(this.dbFile.file);
      } else {
        const sections = diffSections(this.written, data);
        const line = encodeRecord({ seq: this.seq + 1, sections, ...(activity.length && { activity: [...activity] }) });
        free = (await this.appender.append(line)) - line.length;
        this.seq += 1;
      }
      this.written = data;
      const grown = this.seq - this.folded.seq >= FOLD_RECORDS || this.appender.size - this.folded.end >= FOLD_BYTES;
      if (grown && !this.folding && this.mayFold(free)) void this.fold().catch(logFoldFailure);
    });
  }

  /**
   * Whether a fold that is due is worth trying now. One that cannot fit is not tried: each try
   * would write all of db.json for nothing. It waits for the disk to have the room, which each
   * append tells, while writes go on into the journal (docs/decisions/162-a-fold-that-does-not-fit-waits.md).
   * After a failure of another kind, it is tried again a hundred records later.
   */
  private mayFold(free: number): boolean {
    if (this.seq < this.retryAt) return false;
    // db.json as it is, grown by at most the journal's records since, and the room kept for appends.
    const estimate = this.dbBytes + (this.appender.size - this.folded.end) + FOLD_KEEPS_FREE;
    const needBytes = Math.max(estimate, this.trouble?.needBytes ?? 0);
    if (free >= needBytes) return true;
    const first = this.trouble?.needBytes === undefined;
    this.trouble = {
      code: "ENOSPC",
      since: first ? new Date().toISOString() : this.trouble!.since,
      needBytes,
      freeBytes: free,
    };
    if (first) console.warn(FOLD_MESSAGES.noRoom(needBytes, free));
    return false;
  }

  /** Why folds are not happening (a disk without room for db.json's new copy), until one succeeds. */
  get foldTrouble(): FoldTrouble | undefined {
    return this.trouble && { ...this.trouble, pending: this.pending };
  }

  /** Records not yet folded into db.json. */
  get pending(): number {
    return this.seq - this.folded.seq;
  }

  /**
   * Rewrites db.json with everything written so far, then drops from the journal what the fold
   * before this one held. Writes go on meanwhile: only the journal's rewrite waits for them.
   * A crash at any point leaves db.json and a journal that replay to the same data.
   */
  async fold(): Promise<void> {
    while (this.folding) await this.folding.catch(() => {});
    if (!this.written || this.pending === 0) return;
    this.folding = this.foldOnce(this.written).finally(() => (this.folding = undefined));
    return this.folding;
  }

  private async foldOnce(data: DbFile): Promise<void> {
    const [seq, end] = [this.seq, this.appender.size];
    const freeAtStart = await freeSpace(this.dir);
    try {
      await this.writeDbFile(data, seq, FOLD_KEEPS_FREE);
      await this.exclusive(async () => {
        // The journal keeps one fold's records more than db.json needs: a copy of the folder taken
        // file by file, db.json before the journal, still finds every record after its db.json.
        const cut = this.folded.end;
        const kept = await readFrom(this.journalFile, cut, this.appender.size);
        await writeFileDurably(this.journalFile, kept, { keepFree: FOLD_KEEPS_FREE });
        await this.appender.close();
        this.appender.size = kept.length;
        this.folded = { seq, end: end - cut };
      });
    } catch (error) {
      const code = errorCode(error) ?? "unknown";
      const since = this.trouble?.code === code ? this.trouble.since : new Date().toISOString();
      if (code === "ENOSPC" || code === "EDQUOT") {
        // It did not fit in what was free: the next try waits for more than that.
        const needBytes = Math.max(this.trouble?.needBytes ?? 0, (freeAtStart ?? 0) + FOLD_KEEPS_FREE);
        this.trouble = { code, since, needBytes, freeBytes: (await freeSpace(this.dir)) ?? 0 };
      } else {
        // Not again on every write: each try writes all of db.json.
        this.trouble = { code, since };
        this.retryAt = this.seq + FOLD_RECORDS / 10;
      }
      throw error;
    }
    this.dbBytes = await fileSize(this.dbFile.file);
    [this.trouble, this.retryAt] = [undefined, 0];
  }

  /** Folds what is pending, then closes the journal. */
  async close(): Promise<void> {
    try {
      await this.fold();
    } finally {
      await this.exclusive(() => this.appender.close());
    }
  }

  /** Temp files of db.json and the journal left by a crash; only called once both have loaded fine. */
  async removeLeftoverTemps(): Promise<void> {
    await this.dbFile.removeLeftoverTemps();
    await new DurableJsonFile(this.journalFile, () => null).removeLeftoverTemps();
  }

  private writeDbFile(data: DbFile, seq: number, keepFree = 0): Promise<void> {
    return writeFileDurably(this.dbFile.file, prettyJsonChunks({ ...data, [SEQUENCE_KEY]: seq }), { keepFree });
  }

  private exclusive<T>(job: () => Promise<T>): Promise<T> {
    const run = this.turn.then(job);
    this.turn = run.catch(() => {});
    return run;
  }
}

async function readFrom(file: string, start: number, end: number): Promise<Buffer> {
  const handle = await fs.open(file, "r");
  try {
    const buffer = Buffer.alloc(end - start);
    for (let done = 0; done < buffer.length;) {
      const { bytesRead } = await handle.read(buffer, done, buffer.length - done, start + done);
      if (bytesRead === 0) throw new Error(`${file} ended at byte ${start + done}, before ${end}`);
      done += bytesRead;
    }
    return buffer;
  } finally {
    await handle.close();
  }
}

const fileSize = (file: string) =>
  fs.stat(file).then(
    (stat) => stat.size,
    () => 0,
  );

/** Space this process may use on the folder's disk, or null when the file system does not say. */
const freeSpace = (dir: string) =>
  fs.statfs(dir).then(
    ({ bavail, bsize }) => bavail * bsize,
    () => null,
  );

export const FOLD_MESSAGES = {
  noRoom: (need: number, free: number) =>
    `${JOURNAL_FILE} is due to be folded into ${DB_FILE}, but that needs about ${toMb(need)} MB free and the ` +
    `disk has ${toMb(free)} MB: not tried until it has. Saves go on into the journal, which keeps every change.`,
} as const;

const toMb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/**
 * A fold that failed (a full disk, a folder gone) loses nothing: the journal keeps every change,
 * the next fold tries again and a start replays it. A warning, then, not an error: a failed write
 * is what an operator must act on, and it is logged where it happens.
 */
export function logFoldFailure(error: unknown) {
  console.warn(`Folding ${JOURNAL_FILE} into ${DB_FILE} failed; the journal keeps every change:`, error);
}

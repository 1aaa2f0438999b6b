import fs from "node:fs/promises";
import path from "node:path";
import type { Adapter } from "lowdb";
import { completeDbFile, DataFileError, parseDbFile, type DbFile } from "./db-schema";
import { DurableJsonFile, writeFileDurably } from "./durable-file-adapter";
import { prettyJsonChunks } from "./json-chunks";
import { recordProblem, ReplayOrigins } from "./journal-check";
import { JOURNAL_FILE, JOURNAL_MESSAGES, JournalAppender, JournalError, readJournal } from "./journal-file";
import { applySections, diffSections, encodeRecord } from "./journal-record";

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
  return { data, seq: Math.max(seq, last), dbSeq, foldedEnd, journal };
}

export class JournalledDbFile implements Adapter<DbFile> {
  readonly dbFile: DurableJsonFile<Stored>;
  private readonly appender: JournalAppender;
  /** The data db.json and the journal hold together, which the next write is compared with. */
  private written?: DbFile;
  private seq = 0;
  /** The last fold: db.json holds the records up to `seq`; in the journal they end at byte `end`. */
  private folded = { seq: 0, end: 0 };
  private folding?: Promise<void>;
  /** After a background fold failed (a full disk), the sequence number at which to try again. */
  private retryAt = 0;
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
    return read.data;
  }

  /** Resolves once the change is on disk: one record appended to the journal, or a new db.json. */
  write(data: DbFile): Promise<void> {
    return this.exclusive(async () => {
      if (!this.written) {
        // A new site's first write makes db.json, after any record a lost db.json's journal holds.
        await this.writeDbFile(data, this.seq);
        this.folded = { seq: this.seq, end: this.appender.size };
      } else {
        const line = encodeRecord({ seq: this.seq + 1, sections: diffSections(this.written, data) });
        await this.appender.append(line);
        this.seq += 1;
      }
      this.written = data;
      const grown = this.seq - this.folded.seq >= FOLD_RECORDS || this.appender.size - this.folded.end >= FOLD_BYTES;
      if (grown && !this.folding && this.seq >= this.retryAt) {
        void this.fold().catch((error: unknown) => {
          // Not again on every write while the disk is full: each try writes all of db.json.
          this.retryAt = this.seq + FOLD_RECORDS / 10;
          logFoldFailure(error);
        });
      }
    });
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
    await this.writeDbFile(data, seq);
    await this.exclusive(async () => {
      // The journal keeps one fold's records more than db.json needs: a copy of the folder taken
      // file by file, db.json before the journal, still finds every record after its db.json.
      const cut = this.folded.end;
      const kept = await readFrom(this.journalFile, cut, this.appender.size);
      await writeFileDurably(this.journalFile, kept);
      await this.appender.close();
      this.appender.size = kept.length;
      this.folded = { seq, end: end - cut };
    });
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

  private writeDbFile(data: DbFile, seq: number): Promise<void> {
    return writeFileDurably(this.dbFile.file, prettyJsonChunks({ ...data, [SEQUENCE_KEY]: seq }));
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

/**
 * A fold that failed (a full disk, a folder gone) loses nothing: the journal keeps every change,
 * the next fold tries again and a start replays it. A warning, then, not an error: a failed write
 * is what an operator must act on, and it is logged where it happens.
 */
export function logFoldFailure(error: unknown) {
  console.warn(`Folding ${JOURNAL_FILE} into ${DB_FILE} failed; the journal keeps every change:`, error);
}

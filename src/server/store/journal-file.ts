import fs from "node:fs/promises";
import path from "node:path";
import { assertRoom, syncFolder } from "./durable-file-adapter";
import { decodeRecord, type JournalRecord } from "./journal-record";

/**
 * The journal file beside db.json (docs/decisions/092-a-journal-beside-db-json.md): one record per
 * line, appended and fsynced before a write is acknowledged.
 */
export const JOURNAL_FILE = "db.journal";

export const JOURNAL_MESSAGES = {
  damaged: (file: string, offset: number) =>
    `${file} has a damaged record at byte ${offset}, with records after it: the file was changed by something ` +
    `other than this server, or the disk is failing. It was left untouched, and so was db.json: restore the data ` +
    `folder from a copy or a backup, then start again.`,
  /** A whole record that does not fit db.json's format (journal-check.ts), or whose change this release does not know. */
  invalid: (file: string, offset: number, seq: number, problem: string) =>
    `${file} has a record at byte ${offset} (number ${seq}) that this release cannot apply (${problem}): a newer ` +
    `release or a faulty one wrote it. It was left untouched, and so was db.json: start the release that wrote ` +
    `it, or restore the data folder from a copy or a backup, then start again.`,
  tornTail: (file: string, offset: number) =>
    `${file}: dropped an incomplete last record at byte ${offset}, left by a stop in the middle of a write ` +
    `that was never acknowledged.`,
  gap: (file: string, dbFile: string, have: number, first: number) =>
    `${dbFile} holds the changes up to number ${have} but ${file} starts at number ${first}: the two files come ` +
    `from different moments (a copy taken while the server was saving). Both were left untouched: copy the data ` +
    `folder again with the server stopped, or take a backup with "backup", then start again.`,
} as const;

export type JournalRead = {
  records: JournalRecord[];
  /** Byte offset just past each record, in order. */
  ends: number[];
  /** Where the good records end; past it, a torn last record (`torn`) or nothing. */
  size: number;
  torn: boolean;
};

/** An error that stops the start, naming the file; nothing was changed. */
export class JournalError extends Error {
  name = "JournalError";
}

/**
 * Reads every record. A last record that is cut off or fails its checksum is a crash mid-append
 * (`torn`); a bad record with others after it is damage, and throws JournalError naming the byte.
 */
export async function readJournal(file: string): Promise<JournalRead> {
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { records: [], ends: [], size: 0, torn: false };
    throw error;
  }
  const records: JournalRecord[] = [];
  const ends: number[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const newline = bytes.indexOf(0x0a, offset);
    const end = newline === -1 ? bytes.length : newline + 1;
    const record = newline === -1 ? undefined : decodeRecord(bytes.subarray(offset, newline));
    if (!record) {
      if (end < bytes.length) throw new JournalError(JOURNAL_MESSAGES.damaged(file, offset));
      return { records, ends, size: offset, torn: true };
    }
    records.push(record);
    ends.push(end);
    offset = end;
  }
  return { records, ends, size: offset, torn: false };
}

/** The journal open for appending; every append is on disk when it resolves. */
export class JournalAppender {
  private handle?: fs.FileHandle;
  /** Set when a failed append could not be cut back: the next append cuts first. */
  private ragged = false;

  constructor(
    readonly file: string,
    /** Bytes of whole records in the file. */
    public size: number,
  ) {}

  /**
   * Answers the bytes the disk had free for it. A disk with no free block refuses the append, even
   * one that would still fit in the slack of the journal's last block (assertRoom).
   */
  async append(line: Buffer): Promise<number> {
    const free = await assertRoom(path.dirname(this.file), line.length);
    const handle = await this.open();
    if (this.ragged) {
      await handle.truncate(this.size);
      this.ragged = false;
    }
    try {
      for (let done = 0; done < line.length;) {
        done += (await handle.write(line, done, line.length - done, this.size + done)).bytesWritten;
      }
      await handle.datasync();
    } catch (error) {
      // A full disk may have taken part of the line: cut it off, so the file holds whole records only.
      await handle.truncate(this.size).catch(() => (this.ragged = true));
      throw error;
    }
    this.size += line.length;
    return free;
  }

  /** Cuts a torn last record off, so the next append follows a whole one. */
  async cut(size: number): Promise<void> {
    const handle = await this.open();
    await handle.truncate(size);
    await handle.datasync();
    this.size = size;
  }

  /** Closes the file; the next append reopens it (after the journal was replaced by a fold). */
  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close();
  }

  private async open(): Promise<fs.FileHandle> {
    if (this.handle) return this.handle;
    const created = await fs.access(this.file).then(
      () => false,
      () => true,
    );
    // 0o600 as db.json: the journal holds password hashes too. Positioned writes, not "a":
    // an append after a cut must land where the cut left the file.
    this.handle = await fs.open(this.file, created ? "wx+" : "r+", 0o600);
    if (created) await syncFolder(path.dirname(this.file)); // the new file's name, durable
    return this.handle;
  }
}

import type pg from "pg";
import { NotFoundError } from "~/server/http/errors";
import { mediaHashesIn } from "~/server/media/media-refs";
import { assertBackupName, BACKUP_MESSAGES, backupName, HEADER_BYTES, readHeader } from "./backup-file";
import type { BackupShelf, WrittenBackup } from "./backup-shelf";
import { retainedBackups } from "./backup-retention";

/**
 * The post backups in PostgreSQL's `backups` table (docs/decisions/044-postgres-media-and-backups.md):
 * a backup taken on one instance is listed, downloaded and restored on every other. The rows hold
 * the same text, under the same names, as a data folder's backups/ files; a name is claimed by its
 * primary key, as a file's by an exclusive link, and the prune runs in the same transaction.
 */
const UNIQUE_VIOLATION = "23505";

export function pgBackupShelf(pool: pg.Pool): BackupShelf {
  const newestFirst = async <R extends pg.QueryResultRow>(columns: string, limit?: number) =>
    (
      await pool.query<R>(
        `SELECT ${columns} FROM backups ORDER BY name DESC${limit === undefined ? "" : ` LIMIT ${limit}`}`,
      )
    ).rows;

  async function read(name: string): Promise<string> {
    assertBackupName(name);
    const { rows } = await pool.query<{ body: string }>("SELECT body FROM backups WHERE name = $1", [name]);
    if (!rows[0]) throw new NotFoundError(BACKUP_MESSAGES.notFound(name));
    return rows[0].body;
  }

  /** `exact`: under the name of `now` or not at all (undefined when taken). */
  async function add(text: string, now: Date, count: number, keep: number, exact: boolean) {
    const hashes = [...mediaHashesIn(text)];
    // As the folder's list reads them: from the text's own header.
    const header = readHeader(text.slice(0, HEADER_BYTES));
    const client = await pool.connect();
    try {
      for (let time = now.getTime(); ; time++) {
        const name = backupName(new Date(time));
        try {
          await client.query("BEGIN");
          await client.query(
            `INSERT INTO backups (name, created_at, post_count, media_hashes, body) VALUES ($1, $2, $3, $4, $5)`,
            [name, header?.createdAt ?? now.toISOString(), header?.count ?? count, hashes, text],
          );
        } catch (error) {
          await client.query("ROLLBACK");
          if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
          if (exact) return undefined;
          continue;
        }
        // Keeps what retainedBackups says, counting the one just written, in the same transaction.
        // Only names read here are deleted: another instance's backup committed meanwhile stays.
        const rows = await client.query<{ name: string }>("SELECT name FROM backups ORDER BY name DESC");
        const names = rows.rows.map((row) => row.name);
        const kept = retainedBackups(names, keep, name);
        const gone = names.filter((each) => !kept.has(each));
        if (gone.length > 0) await client.query("DELETE FROM backups WHERE name = ANY($1::text[])", [gone]);
        await client.query("COMMIT");
        return { name, file: name, count };
      }
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  return {
    add: (text, now, count, keep) => add(text, now, count, keep, false) as Promise<WrittenBackup>,
    claim: (text, now, count, keep) => add(text, now, count, keep, true),

    async list() {
      const rows = await newestFirst<{
        name: string;
        created_at: string;
        size: number;
        post_count: number;
        head: string;
      }>(`name, created_at, octet_length(body) AS size, post_count, left(body, ${HEADER_BYTES}) AS head`);
      return rows.map((row) => {
        // The header the text starts with, as the folder's list reads it.
        const holds = readHeader(row.head)?.holds;
        return {
          name: row.name,
          createdAt: row.created_at,
          size: row.size,
          count: row.post_count,
          ...(holds && { holds }),
        };
      });
    },

    async newest() {
      return (await newestFirst<{ name: string }>("name", 1))[0]?.name;
    },

    async newestTime() {
      return (await newestFirst<{ created_at: string }>("created_at", 1))[0]?.created_at;
    },

    read,

    download: async (name) => ({ text: await read(name) }),

    async mediaCounts() {
      const { rows } = await pool.query<{ hash: string; uses: number }>(
        "SELECT hash, count(*)::int AS uses FROM backups, unnest(media_hashes) AS hash GROUP BY hash",
      );
      return new Map(rows.map((row) => [row.hash, row.uses]));
    },
  };
}

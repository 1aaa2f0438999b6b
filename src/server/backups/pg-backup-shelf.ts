import type pg from "pg";
import { NotFoundError } from "~/server/http/errors";
import { mediaHashesIn } from "~/server/media/media-refs";
import { assertBackupName, BACKUP_MESSAGES, backupName, HEADER_BYTES, readHeader } from "./backup-file";
import type { BackupShelf } from "./backup-shelf";
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

  return {
    async add(text, now, count, keep) {
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
            if ((error as { code?: string }).code === UNIQUE_VIOLATION) continue;
            throw error;
          }
          // Keeps what retainedBackups says, counting the one just written, in the same transaction.
          const names = (await client.query<{ name: string }>("SELECT name FROM backups ORDER BY name DESC")).rows;
          const kept = retainedBackups(
            names.map((row) => row.name),
            keep,
            name,
          );
          await client.query("DELETE FROM backups WHERE NOT (name = ANY($1::text[]))", [[...kept]]);
          await client.query("COMMIT");
          return { name, file: name, count };
        }
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },

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
        return { name: row.name, createdAt: row.created_at, size: row.size, count: row.post_count, ...(holds && { holds }) };
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

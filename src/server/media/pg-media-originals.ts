import fs from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import { MEDIA_TYPES } from "~/shared/media";
import { writeFileDurably } from "~/server/store/durable-file-adapter";
import { makeFolder } from "~/server/store/make-folder";
import { listenTo, type Listening } from "~/server/store/pg/pg-listener";
import { MEDIA_CACHE_FOLDER } from "./media-names";
import { imageEntry, type MediaOriginals, type OriginalsEvent, type StoredImage } from "./media-originals";

/**
 * The originals in PostgreSQL's `media` table (docs/decisions/044-postgres-media-and-backups.md),
 * so every instance serves every image. Each instance keeps the bytes it has served in its own
 * `DATA_DIR/media-cache/` (a name's bytes never change, so a copy never goes stale) and hears of
 * images added or removed elsewhere on `queuesite_media`; a removal deletes its copies too.
 */
export const MEDIA_CHANNEL = "queuesite_media";

type Row = { name: string; width: number; height: number; created_at: string; size: number };
type Notice = { added: string } | { removed: string };

const COLUMNS = "name, width, height, created_at, octet_length(bytes) AS size";

const fromRow = (row: Row): StoredImage =>
  imageEntry(row.name, { width: row.width, height: row.height, bytes: row.size }, row.created_at);

export async function openPgMediaOriginals(
  url: string,
  pool: pg.Pool,
  dataDir: string,
): Promise<MediaOriginals & Listening> {
  const cacheDir = path.join(dataDir, MEDIA_CACHE_FOLDER);
  const cached = (name: string) => path.join(cacheDir, name);
  let listener: ((event: OriginalsEvent) => void) | undefined;
  const tell = (event: OriginalsEvent) => listener?.(event);

  /** By names, so the primary key's index answers: one name, or every name a hash can have. */
  const byNames = async (names: string[]): Promise<StoredImage | undefined> => {
    const { rows } = await pool.query<Row>(`SELECT ${COLUMNS} FROM media WHERE name = ANY($1::text[])`, [names]);
    return rows[0] && fromRow(rows[0]);
  };

  const onNotice = (payload: string) => {
    const notice = JSON.parse(payload) as Notice;
    if ("removed" in notice) {
      void fs.rm(cached(notice.removed), { force: true }).catch(() => undefined);
      tell({ removed: notice.removed.slice(0, 64) });
    } else {
      byNames([notice.added]).then(
        (image) => image && tell({ added: image }),
        (error: unknown) =>
          console.error("Could not read a new image:", error instanceof Error ? error.message : error),
      );
    }
  };
  const listening = await listenTo(
    url,
    [MEDIA_CHANNEL],
    (_channel, payload) => onNotice(payload),
    () => tell({ reload: true }),
  );
  const notify = (notice: Notice) => pool.query("SELECT pg_notify($1, $2)", [MEDIA_CHANNEL, JSON.stringify(notice)]);

  async function fromDatabase(image: StoredImage): Promise<Buffer> {
    const { rows } = await pool.query<{ bytes: Buffer }>("SELECT bytes FROM media WHERE name = $1", [image.name]);
    if (!rows[0]) throw Object.assign(new Error(`The image ${image.name} is gone.`), { code: "ENOENT" });
    return rows[0].bytes;
  }

  return {
    async list() {
      const { rows } = await pool.query<Row>(`SELECT ${COLUMNS} FROM media`);
      return rows.map(fromRow);
    },
    find: (hash) => byNames(Object.keys(MEDIA_TYPES).map((ext) => `${hash}.${ext}`)),
    async put(image, bytes) {
      const { rowCount } = await pool.query(
        `INSERT INTO media (name, width, height, created_at, bytes) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (name) DO NOTHING`,
        [image.name, image.width, image.height, image.createdAt, bytes],
      );
      if (rowCount) await notify({ added: image.name });
    },
    async read(image) {
      try {
        return await fs.readFile(cached(image.name));
      } catch {
        return fromDatabase(image);
      }
    },
    async file(image) {
      const file = cached(image.name);
      const here = await fs.access(file).then(
        () => true,
        () => false,
      );
      if (!here) {
        const bytes = await fromDatabase(image);
        await makeFolder(cacheDir);
        await writeFileDurably(file, bytes);
      }
      return file;
    },
    async remove(image) {
      await pool.query("DELETE FROM media WHERE name = $1", [image.name]);
      await fs.rm(cached(image.name), { force: true });
      await notify({ removed: image.name });
    },
    watch(next) {
      listener = next;
    },
    close: () => listening.close(),
  };
}

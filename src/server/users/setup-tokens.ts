import { createHash, timingSafeEqual } from "node:crypto";
import type pg from "pg";

/**
 * Where the first-run link's tokens are kept (docs/decisions/016-first-run-setup-link.md): in
 * this process's memory with a data folder, or, with DATABASE_URL, as SHA-256 hashes in the
 * `setup_tokens` table, so a link printed by one instance works on every other
 * (docs/decisions/045-setup-link-on-every-instance.md).
 */
export type SetupTokens = {
  /** Keeps a new token until `expires` (milliseconds). */
  add(token: string, expires: number): Promise<void>;
  /** Whether the token works at `now`. */
  holds(token: string, now: number): Promise<boolean>;
  /**
   * Spends every token if this one works (true), so a second request racing this one, on any
   * instance, finds none; `undo` puts them back when nothing was created.
   */
  spend(token: string, now: number): Promise<{ spent: boolean; undo: () => Promise<void> }>;
};

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** One token at a time: a new one (a restart) replaces the old, which stops working. */
export function memorySetupTokens(): SetupTokens {
  let current: { token: string; expires: number } | undefined;
  const holds = (token: string, now: number) => !!current && current.expires > now && sameToken(token, current.token);
  return {
    add: (token, expires) => {
      current = { token, expires };
      return Promise.resolve();
    },
    holds: (token, now) => Promise.resolve(holds(token, now)),
    spend: (token, now) => {
      if (!holds(token, now)) return Promise.resolve({ spent: false, undo: () => Promise.resolve() });
      const spent = current;
      current = undefined;
      return Promise.resolve({
        spent: true,
        undo: () => {
          current ??= spent;
          return Promise.resolve();
        },
      });
    },
  };
}

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Every instance's token works until it expires or the first admin is made with any of them. */
export function pgSetupTokens(pool: pg.Pool): SetupTokens {
  return {
    async add(token, expires) {
      await pool.query("DELETE FROM setup_tokens WHERE expires_at <= $1", [Date.now()]);
      await pool.query("INSERT INTO setup_tokens (token_hash, expires_at) VALUES ($1, $2)", [hashOf(token), expires]);
    },
    async holds(token, now) {
      const { rowCount } = await pool.query("SELECT 1 FROM setup_tokens WHERE token_hash = $1 AND expires_at > $2", [
        hashOf(token),
        now,
      ]);
      return (rowCount ?? 0) > 0;
    },
    async spend(token, now) {
      // One statement: of two requests racing, only one deletes the rows.
      const { rows } = await pool.query<{ token_hash: string; expires_at: number }>(
        `DELETE FROM setup_tokens WHERE EXISTS
           (SELECT 1 FROM setup_tokens WHERE token_hash = $1 AND expires_at > $2)
         RETURNING token_hash, expires_at`,
        [hashOf(token), now],
      );
      return {
        spent: rows.some((row) => row.token_hash === hashOf(token)),
        undo: async () => {
          for (const row of rows)
            await pool.query(
              "INSERT INTO setup_tokens (token_hash, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
              [row.token_hash, row.expires_at],
            );
        },
      };
    },
  };
}

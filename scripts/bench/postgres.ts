import { loadConfig } from "~/server/config";
import { importDataFolder } from "~/server/operations/db-commands";
import { startPostgres } from "../../tests/helpers/postgres";
import { measure } from "./load";
import { benchPostSlug, writeManyPosts } from "./many-posts";
import type { Row } from "./report";
import { withSite } from "./servers";

/**
 * Part 3 of `npm run bench`: the PostgreSQL store (DATABASE_URL) with `count` posts imported by
 * `db import`, two instances on one database as behind a load balancer: A with the page cache,
 * B without. A real PostgreSQL server from Debian's binaries (tests/helpers/postgres.ts), on
 * 127.0.0.1, with fsync off like the tests' (so this measures the store, not the disk).
 */
const SESSION_SECRET = "the-bench-session-secret-shared-by-both-instances";

export type PostgresResult = { rows: Row[]; creates: number[]; seen: number[] };

type Timers = {
  signIn: (base: string) => Promise<string>;
  createPost: (base: string, cookie: string, slug: string) => Promise<void>;
  /** Milliseconds of each of `count` creates one after another, sorted (prefix names their slugs). */
  timeCreates: (base: string, cookie: string, count: number, prefix: string) => Promise<number[]>;
};

/** Posts created on A and waited for on B; each waits for B, so they come slower than a burst. */
const SEEN = 5;

export async function postgresPart(
  folder: (name: string) => string,
  count: number,
  admin: Record<string, string>,
  cache: { on: Record<string, string>; off: Record<string, string> },
  timers: Timers,
  creates: number,
): Promise<PostgresResult> {
  const server = await startPostgres();
  try {
    const url = await server.createDatabase("bench");
    const source = folder("pg-source");
    writeManyPosts(source, count);
    await importDataFolder(loadConfig({ DATA_DIR: source, DATABASE_URL: url, SESSION_SECRET }));
    const env = { DATABASE_URL: url, SESSION_SECRET };
    return await withSite(folder("pg-a"), { ...cache.on, ...env, ...admin }, (a) =>
      withSite(folder("pg-b"), { ...cache.off, ...env }, async (b) => {
        const rows: Row[] = [];
        for (const page of ["/blog?page=400", `/blog/${benchPostSlug(count / 2)}`]) {
          const label = page.startsWith("/blog/") ? "/blog/:slug (a post)" : page;
          rows.push(
            { page: label, server: "PostgreSQL, cached", load: await measure(a.url + page) },
            { page: label, server: "PostgreSQL, cache off", load: await measure(b.url + page) },
          );
        }
        const cookie = await timers.signIn(a.url);
        const times = await timers.timeCreates(a.url, cookie, creates, "pg-create");
        const seen: number[] = [];
        for (let i = 1; i <= SEEN; i++) {
          // The time until the other instance serves a post written on this one.
          const started = performance.now();
          await timers.createPost(a.url, cookie, `pg-seen-${i}`);
          while ((await fetch(`${b.url}/blog/pg-seen-${i}`)).status !== 200) await new Promise((r) => setTimeout(r, 2));
          seen.push(performance.now() - started);
        }
        return { rows, creates: times, seen: seen.sort((x, y) => x - y) };
      }),
    );
  } finally {
    await server.stop();
  }
}

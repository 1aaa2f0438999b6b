import pg from "pg";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { expectConsoleError } from "../helpers/fail-on-console-error";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { useTwoInstances } from "../helpers/two-instances";

/**
 * Connections that PostgreSQL ends under writes (a failover, an administrator, a pooler):
 * docs/decisions/090-database-errors-as-storage-errors.md and
 * docs/decisions/163-activity-written-with-its-change.md.
 */
const { instances } = useTwoInstances();

const WRITES = 80;
const CONCURRENT = 6;

describe("writes while the app's connections are ended again and again", () => {
  it("answer 201 or a 503 with the reason, never a 500, and never 'nothing was saved' for a post the database holds", async () => {
    const { apps } = await instances(2);
    const admin = await signedIn(apps[0]!, "admin");
    const url = apps[0]!.config.databaseUrl!;
    const name = new URL(url).pathname.slice(1);
    // A connection ended mid-read may surface as the socket's own ECONNRESET rather than the driver's words.
    expectConsoleError(
      /PostgreSQL|terminating connection|Connection terminated|not queryable|ECONNRESET|activity entries/,
    );

    // From a connection of its own, every 60 ms: every backend of the app's database but its own.
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    let ending = true;
    let ended = 0;
    const ender = (async () => {
      while (ending) {
        const { rowCount } = await killer.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
          [name],
        );
        ended += rowCount ?? 0;
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
    })();

    const answers: { slug: string; status: number; message?: string }[] = [];
    try {
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENT }, async (_, w) => {
          while (next < WRITES) {
            next += 1;
            const input = makePostInput({ published: true });
            const res = await request(apps[w % apps.length]!.app)
              .post("/api/cms/simple-create-post")
              .set("Cookie", admin.cookie)
              .set("Sec-Fetch-Site", "same-origin")
              .send(input);
            answers.push({ slug: input.slug, status: res.status, message: (res.body as { message?: string }).message });
          }
        }),
      );
    } finally {
      ending = false;
      await ender;
      await killer.end();
    }
    // Once the connections are left alone the instances save again: on a loaded machine every
    // write above may have met an ended connection, and these keep the checks below from passing
    // on 503s alone.
    for (const { app } of apps) {
      const input = makePostInput({ published: true });
      const res = await request(app)
        .post("/api/cms/simple-create-post")
        .set("Cookie", admin.cookie)
        .set("Sec-Fetch-Site", "same-origin")
        .send(input);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      answers.push({ slug: input.slug, status: res.status });
    }

    const check = new pg.Client({ connectionString: url });
    await check.connect();
    try {
      const held = new Set((await check.query<{ slug: string }>("SELECT slug FROM posts")).rows.map((r) => r.slug));
      const logged = (await check.query<{ what: string }>("SELECT what FROM activity WHERE kind = 'publish'")).rows;
      const byStatus = (status: number) => answers.filter((a) => a.status === status);
      expect(ended).toBeGreaterThan(0);
      // Every answer is a save or a 503 that says why.
      expect(answers.filter((a) => a.status !== 201 && a.status !== 503)).toEqual([]);
      expect(byStatus(503).filter((a) => !a.message)).toEqual([]);
      // A 503 says nothing was saved: then nothing was.
      expect(byStatus(503).filter((a) => /nothing was saved/.test(a.message ?? "") && held.has(a.slug))).toEqual([]);
      // Every acknowledged post is there, with its activity entry.
      const saved = byStatus(201);
      expect(saved.filter((a) => !held.has(a.slug))).toEqual([]);
      const posts = (
        await check.query<{ id: string; title: string; slug: string }>("SELECT id, title, slug FROM posts")
      ).rows;
      const whats = new Set(logged.map((r) => r.what));
      const unlogged = posts.filter((p) => !whats.has(ACTIVITY_MESSAGES.post(Number(p.id), p.title)));
      expect(unlogged).toEqual([]);
    } finally {
      await check.end();
    }
  }, 120_000);
});

import fs from "node:fs";
import request from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import { version } from "../../package.json";
import { HEALTH_REPORT_ERRORS } from "~/server/operations/health";
import { PUBLIC_HEALTH_FIELDS } from "~/shared/operations";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp } from "../helpers/test-app";

const SECRET = "a-session-secret-of-at-least-32-characters";
const PUBLIC_URL = "https://queuewise.example";

let t: Awaited<ReturnType<typeof makeTestApp>> | undefined;
afterEach(() => t?.close());

const check = () => request(t!.app).get("/api/public/health/database");
/** The whole report, as a signed-in admin reads it. */
const checkAsAdmin = async () =>
  request(t!.app)
    .get("/api/public/health/database")
    .set("Cookie", (await signedIn(t!, "admin")).cookie);

describe("GET /api/public/health/database", () => {
  it("answers anyone 200 with the public fields only, published posts counted, never cached", async () => {
    t = await makeTestApp({ env: { SESSION_SECRET: SECRET, PUBLIC_URL } });
    await t.store.createPost(makePostInput());
    await t.store.createPost(makePostInput({ published: false }));
    const res = await check();
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toEqual({ databaseConnected: true, environmentComplete: true, missingEnvVars: [], postsCount: 1 });
    expect(Object.keys(res.body)).toEqual([...PUBLIC_HEALTH_FIELDS]);
  });

  it("gives the rest to admins only: errors, disk, backups, schedules and the version", async () => {
    t = await makeTestApp({ env: { SESSION_SECRET: SECRET, PUBLIC_URL } });
    await t.store.createPost(makePostInput());
    await t.store.createPost(makePostInput({ published: false }));
    for (const role of ["editor", "writer", "contributor"] as const) {
      const res = await request(t.app)
        .get("/api/public/health/database")
        .set("Cookie", (await signedIn(t, role)).cookie)
        .expect(200);
      expect(Object.keys(res.body)).toEqual([...PUBLIC_HEALTH_FIELDS]);
    }
    const res = await checkAsAdmin();
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toEqual({
      timestamp: expect.any(String),
      databaseConnected: true,
      environmentComplete: true,
      missingEnvVars: [],
      postsCount: 1, // published posts: drafts, scheduled and trashed posts are not the blog's
      error: null,
      lastWriteError: null,
      lastWriteAt: expect.any(String),
      foldError: null,
      freeBytes: expect.any(Number),
      dataBytes: expect.any(Number),
      lastBackupAt: null,
      version,
      uptimeSeconds: expect.any(Number),
      schedules: { failures: [], late: [] },
      scheduledBackups: { schedule: "off", lastScheduledAt: null, failure: null },
    });
    expect(Date.now() - Date.parse(res.body.timestamp)).toBeLessThan(60_000);
    expect(fs.readdirSync(t.dataDir).filter((name) => name.includes("health"))).toEqual([]); // the probe cleans up
  });

  it("names PUBLIC_URL and SESSION_SECRET when unset, and never shows a value", async () => {
    t = await makeTestApp();
    const res = await check();
    expect(res.status).toBe(200); // a missing setting is advice, not an outage
    expect(res.body).toMatchObject({ environmentComplete: false, missingEnvVars: ["PUBLIC_URL", "SESSION_SECRET"] });
    expect(res.text).not.toContain(t.sessionSecret); // the generated one, kept in the data folder
    expect(res.text).not.toContain(t.dataDir);
  });

  it("names only what is unset, without the value of what is set", async () => {
    t = await makeTestApp({ env: { SESSION_SECRET: SECRET } });
    const res = await check();
    expect(res.body.missingEnvVars).toEqual(["PUBLIC_URL"]);
    expect(res.text).not.toContain(SECRET);
  });

  it("answers 503 when the data folder can no longer be written", async () => {
    t = await makeTestApp({ env: { SESSION_SECRET: SECRET, PUBLIC_URL } });
    await t.store.createPost(makePostInput());
    // Tests run as root, for whom chmod blocks nothing: the folder is removed instead.
    const cookie = (await signedIn(t, "admin")).cookie;
    fs.rmSync(t.dataDir, { recursive: true, force: true });
    const res = await request(t.app).get("/api/public/health/database").set("Cookie", cookie);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      timestamp: expect.any(String),
      databaseConnected: false,
      environmentComplete: true,
      missingEnvVars: [],
      postsCount: 1, // the store still answers reads from memory; writes would fail
      error: HEALTH_REPORT_ERRORS.unwritable("ENOENT"),
      lastWriteError: null, // no save has failed yet: the probe found out first
      lastWriteAt: expect.any(String),
      foldError: null,
      freeBytes: null,
      dataBytes: null,
      lastBackupAt: null,
      version,
      uptimeSeconds: expect.any(Number),
      schedules: { failures: [], late: [] },
      scheduledBackups: { schedule: "off", lastScheduledAt: null, failure: null },
    });
  });

  it("answers 503 when the store cannot be read, with the public fields to anyone", async () => {
    t = await makeTestApp({ env: { SESSION_SECRET: SECRET, PUBLIC_URL } });
    await t.app.search.settled(); // the search's first reading of the store, which a closed store would fail
    await t.store.close();
    expect((await check().expect(503)).body).toEqual({
      databaseConnected: false,
      environmentComplete: true,
      missingEnvVars: [],
      postsCount: null,
    });
  });
});

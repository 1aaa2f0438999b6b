import net from "node:net";
import pg from "pg";
import request from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import { CONNECT_TIMEOUT_MS, DATABASE_START_MESSAGES } from "~/server/store/pg/pg-errors";
import { STORAGE_MESSAGES } from "~/server/store/storage-errors";
import { cli } from "../helpers/cli";
import { asHtml } from "../helpers/html";
import { expectConsoleError } from "../helpers/fail-on-console-error";
import { GOOD_CONTACT, makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { closedPort } from "../helpers/smtp-server";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { useTwoInstances } from "../helpers/two-instances";

/** Writes while PostgreSQL is away (docs/decisions/090-database-errors-as-storage-errors.md). */
const { server, instances } = useTwoInstances({ ownServer: true });

describe("writes while the database is away", () => {
  it("answer 503 with Retry-After and say the database cannot be reached, then succeed once it is back", async () => {
    const {
      apps: [a],
    } = await instances(1);
    const { cookie } = await signedIn(a!);
    const createPost = () =>
      request(a!.app)
        .post("/api/cms/simple-create-post")
        .set("Cookie", cookie)
        .set("Sec-Fetch-Site", "same-origin")
        .send(makePostInput());

    expectConsoleError(/PostgreSQL connection lost|ECONNREFUSED|Connection terminated|terminating connection/);
    server().pause();
    try {
      for (const write of [createPost, () => request(a!.app).post("/api/contact").send(GOOD_CONTACT)]) {
        const res = await write();
        expect(res.status).toBe(503);
        expect(res.body.message).toBe(STORAGE_MESSAGES.databaseUnreachable);
        expect(res.headers["retry-after"]).toBe("5");
      }
      // The health call with a session cookie: the store's state, never a 500.
      const health = await request(a!.app).get("/api/public/health/database").set("Cookie", cookie);
      expect(health.status).toBe(503);
      expect(health.body, JSON.stringify(health.body)).toMatchObject({ databaseConnected: false });
      // The contact form posted to a page without JavaScript: the page, saying so.
      const page = await request(a!.app).post("/?index").type("form").send(GOOD_CONTACT);
      expect(page.status).toBe(503);
      expect(page.text).toContain(asHtml(STORAGE_MESSAGES.databaseUnreachable));
    } finally {
      server().resume();
    }
    await expect.poll(async () => (await createPost()).status, { timeout: 5000, interval: 100 }).toBe(201);
  });
});

describe("writes to a read-only database", () => {
  it("answer 503 saying the database is read-only, and nothing is saved", async () => {
    const {
      apps: [a],
    } = await instances(1);
    const name = new URL(a!.config.databaseUrl!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: server().url });
    await admin.connect();
    try {
      // As a standby would be: new connections start read-only; the pool's old ones are ended.
      await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(name)} SET default_transaction_read_only = on`);
      expectConsoleError(/PostgreSQL connection lost|terminating connection|read-only transaction/);
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [name]);
      const send = () => request(a!.app).post("/api/contact").send(GOOD_CONTACT);
      // The first write may meet a connection ended under it, which is the database going away.
      await expect.poll(async () => (await send()).body.message).toBe(STORAGE_MESSAGES.databaseReadOnly);
      const res = await send();
      expect(res.status).toBe(503);
      expect(res.headers["retry-after"]).toBe("60");
      expect(await a!.store.listMessages()).toHaveLength(0);
    } finally {
      await admin.end();
    }
  });
});

describe("a start that cannot reach the database", () => {
  afterEach(() => removeTempDirs());
  const serveOn = (port: number) =>
    cli(["serve", "--port", "0"], {
      dataDir: makeTempDir("away-"),
      env: { DATABASE_URL: `postgres://site:secret-password@127.0.0.1:${port}/site`, SESSION_SECRET: "s".repeat(40) },
    });

  it("prints one line naming the host, the port and the refusal, and exits non-zero", async () => {
    const port = await closedPort();
    const run = await serveOn(port);
    expect(run.code).not.toBe(0);
    expect(run.stderr.trim()).toBe(
      DATABASE_START_MESSAGES.cannotConnect("127.0.0.1", String(port), DATABASE_START_MESSAGES.refused),
    );
  });

  it("gives up on a port that never answers after the connect timeout, never printing the password", async () => {
    const silent = net.createServer(() => undefined); // accepts, and never says a word
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = silent.address() as net.AddressInfo;
      const run = await serveOn(port);
      expect(run.code).not.toBe(0);
      expect(run.stderr.trim()).toBe(
        DATABASE_START_MESSAGES.cannotConnect(
          "127.0.0.1",
          String(port),
          DATABASE_START_MESSAGES.noAnswer(CONNECT_TIMEOUT_MS / 1000),
        ),
      );
      expect(run.stderr + run.stdout).not.toContain("secret-password");
    } finally {
      silent.close();
    }
  });
});

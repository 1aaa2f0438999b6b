import pg from "pg";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createHealthService } from "~/server/operations/health";
import { SETUP_MESSAGES } from "~/shared/setup";
import { expectConsoleError } from "../helpers/fail-on-console-error";
import { asHtml } from "../helpers/html";
import { makePostInput } from "../helpers/factories";
import { makeUser, signedIn } from "../helpers/sign-in";
import type { TestApp } from "../helpers/test-app";
import { useTwoInstances } from "../helpers/two-instances";

/** Two instances of the site on one PostgreSQL database, as behind a load balancer. */
const { server, twoInstances } = useTwoInstances();

describe("two instances on one database", () => {
  it("a post written on A is served by B, whose cached blog page is dropped", async () => {
    const [a, b] = await twoInstances();
    const blogOnB = () => request(b.app).get("/blog");
    expect((await blogOnB()).headers["x-cache"]).toBe("MISS");
    expect((await blogOnB()).headers["x-cache"]).toBe("HIT");

    const { cookie } = await signedIn(a); // the user is in the database, so B knows the session too
    const input = makePostInput({ title: "Written on instance A" });
    const created = await request(a.app)
      .post("/api/cms/simple-create-post")
      .set("Cookie", cookie)
      .set("Sec-Fetch-Site", "same-origin")
      .send(input)
      .expect(201);

    await expect.poll(async () => (await request(b.app).get(`/blog/${input.slug}`)).status).toBe(200);
    const page = await blogOnB();
    expect(page.headers["x-cache"]).toBe("MISS");
    expect(page.text).toContain("Written on instance A");

    const listed = await request(b.app).get("/api/cms/posts").set("Cookie", cookie).expect(200);
    expect(listed.body.map((p: { id: number }) => p.id)).toContain(created.body.id);
  });

  it("B drops only the pages that show what A wrote: nothing for a draft, one post's page for its edit", async () => {
    const [a, b] = await twoInstances();
    await a.store.createPost(makePostInput({ slug: "kept-on-b", tags: ["Kept"] }));
    const edited = await a.store.createPost(makePostInput({ slug: "edited-on-a", tags: ["Edited"] }));
    await expect.poll(async () => (await b.store.getPostById(edited.id))?.slug).toBe("edited-on-a");
    const pages = ["/blog", "/blog/kept-on-b", "/blog/edited-on-a", "/industries"];
    const cacheOnB = async (path: string) => (await request(b.app).get(path)).headers["x-cache"];
    for (const path of pages) await request(b.app).get(path);

    const draft = await a.store.createPost(makePostInput({ published: false, tags: ["Kept"] }));
    await expect.poll(async () => (await b.store.getPostById(draft.id))?.id).toBe(draft.id);
    for (const path of pages) expect(await cacheOnB(path), path).toBe("HIT");

    await a.store.updatePost(edited.id, { title: "Edited on instance A" });
    await expect.poll(async () => (await b.store.getPostById(edited.id))?.title).toBe("Edited on instance A");
    expect(await cacheOnB("/blog/edited-on-a")).toBe("MISS");
    expect(await cacheOnB("/blog")).toBe("MISS");
    expect(await cacheOnB("/blog/kept-on-b")).toBe("HIT");
    expect(await cacheOnB("/industries")).toBe("HIT");
  });

  it("a sign-in on A is known to B, and a session ended on A is refused on B", async () => {
    const [a, b] = await twoInstances();
    const { user, password } = await makeUser(a.store);
    const login = await request(a.app).post("/api/auth/login").send({ username: user.username, password }).expect(200);
    const cookie = login.headers["set-cookie"]![0]!.split(";")[0]!;
    await expect.poll(async () => (await request(b.app).get("/api/auth/me").set("Cookie", cookie)).status).toBe(200);

    await request(a.app)
      .post("/api/auth/logout")
      .set("Cookie", cookie)
      .set("Sec-Fetch-Site", "same-origin")
      .expect(200);
    await expect.poll(async () => (await request(b.app).get("/api/auth/me").set("Cookie", cookie)).status).toBe(401);
  });

  it("reports the database and its round trip on every instance, and 503 once it is gone", async () => {
    const [a] = await twoInstances();
    const { cookie } = await signedIn(a);
    const res = await request(a.app).get("/api/public/health/database").set("Cookie", cookie).expect(200);
    expect(res.body).toMatchObject({ databaseConnected: true, postsCount: 0, error: null });
    expect(res.body.databaseLatencyMs).toBeGreaterThanOrEqual(0);

    // The database refuses connections and drops the ones it has: reads still answer from
    // memory, but the report says the database is gone, for the load balancer to act on.
    // A write still in flight then (the start's tidying of the trash, on a busy machine) fails with it.
    expectConsoleError(/PostgreSQL connection lost|terminating connection due to administrator command/);
    const admin = new pg.Client({ connectionString: server().url });
    await admin.connect();
    const name = new URL(a.config.databaseUrl!).pathname.slice(1);
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [name]);
    await admin.end();
    // Signed out, as a load balancer asks: the status and the public fields.
    const down = await request(a.app).get("/api/public/health/database").expect(503);
    expect(down.body).toEqual({
      databaseConnected: false,
      environmentComplete: a.config.missingProductionSettings.length === 0,
      missingEnvVars: [...a.config.missingProductionSettings],
      postsCount: 0,
    });
    // The whole report, as the service gives it to an admin (whose session the database holds).
    const report = await createHealthService({ store: a.store, config: a.config, scheduler: a.app.scheduler }).check();
    expect(report.error).toMatch(/^The database cannot be reached \(\w+\)\.$/);
    expect(report).not.toHaveProperty("databaseLatencyMs");
  });
});

describe("two instances: the first-run setup link", () => {
  const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
  const submit = (app: TestApp["app"], token: string, username: string) =>
    request(app)
      .post(`/admin/setup?token=${token}`)
      .type("form")
      .send({ token, username, password: "a long password", confirmPassword: "a long password" });

  it("works on the instance the browser reaches, whichever printed it; then every instance answers 404", async () => {
    const [a, b] = await twoInstances();
    const printedByA = tokenOf((await a.app.setup.issueLink("http://localhost:3000"))!);
    const printedByB = tokenOf((await b.app.setup.issueLink("http://localhost:3001"))!);
    expect((await request(b.app).get(`/admin/setup?token=${printedByA}`).expect(200)).text).toContain(
      asHtml(SETUP_MESSAGES.submit),
    );
    expect((await request(a.app).get(`/admin/setup?token=${printedByB}`).expect(200)).text).toContain(
      asHtml(SETUP_MESSAGES.submit),
    );
    expect((await request(a.app).get("/admin/setup?token=guess").expect(200)).text).toContain(
      asHtml(SETUP_MESSAGES.badToken),
    );

    await submit(b.app, printedByA, "ada").expect(302);
    expect(await b.store.getUserByUsername("ada")).toMatchObject({ role: "admin" });
    await expect.poll(async () => (await request(a.app).get(`/admin/setup?token=${printedByB}`)).status).toBe(404);
    await request(b.app).get("/admin/setup").expect(404);
    await submit(a.app, printedByB, "mallory").expect(404);
    await expect.poll(() => a.store.countUsers()).toBe(1);
  }, 30_000);

  it("is spent on every instance by its first use: a second admin cannot race the first on another instance", async () => {
    const [a, b] = await twoInstances();
    const token = tokenOf((await a.app.setup.issueLink("http://localhost:3000"))!);
    const results = await Promise.all([submit(a.app, token, "ada"), submit(b.app, token, "bob")]);
    expect(results.map((r) => r.status).sort()).toEqual([302, 403]);
    await expect.poll(() => b.store.countUsers()).toBe(1);
  }, 30_000);
});

import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { makePostInput } from "../helpers/factories";
import { freePort } from "../helpers/free-port";
import { startPostgres, type RunningPostgres } from "../helpers/postgres";
import { startServer, type RunningServer } from "../helpers/running-server";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { SESSION_SECRET } from "../helpers/two-instances";

/**
 * Three built servers on one database behind a real nginx (Debian's package; CI installs it), with
 * the `location /` block of docs/several-instances.md as written there, so the documented proxy
 * set-up is what is tested. Without nginx the test is skipped and says so.
 */
const NGINX = "/usr/sbin/nginx";
const ADMIN = { username: "ada", password: "correct-horse-battery-staple" };

let postgres: RunningPostgres | undefined;
let servers: RunningServer[] = [];
let nginx: ChildProcess | undefined;
let site = "";

/** The directives inside `location / { ... }` of the documented nginx block for several instances. */
function documentedLocation(): string {
  const doc = fs.readFileSync(path.resolve("docs/several-instances.md"), "utf8");
  const block = /```nginx\n(upstream queuesite[\s\S]*?)```/.exec(doc)?.[1];
  const location = block && /location \/ \{\n([\s\S]*?)\n\s*\}/.exec(block)?.[1];
  if (!location) throw new Error("docs/several-instances.md has no nginx block with `upstream queuesite`.");
  return location.replace("http://queuesite", "http://site");
}

async function startNginx(upstreams: string[]): Promise<string> {
  const dir = makeTempDir("nginx-");
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  // One process as the user running the tests, every file in the temporary folder.
  fs.writeFileSync(
    conf,
    `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events {}
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream site { ${upstreams.map((u) => `server ${u};`).join(" ")} }
  server {
    listen 127.0.0.1:${port};
    location / {
${documentedLocation()}
    }
  }
}
`,
  );
  nginx = spawn(NGINX, ["-c", conf, "-p", dir], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 100; tries += 1) {
    if (
      await fetch(`${url}/api/public/health/database`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return url;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not start:\n${fs.readFileSync(path.join(dir, "error.log"), "utf8")}`);
}

beforeAll(async () => {
  if (!fs.existsSync(NGINX) || spawnSync(NGINX, ["-v"]).status !== 0) return;
  postgres = await startPostgres();
  const env = {
    DATABASE_URL: await postgres.createDatabase(),
    SESSION_SECRET,
    TRUST_PROXY: "1",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  };
  // Started together, as an operator's three units would be: each creates the first admin or finds it made.
  servers = await Promise.all([startServer({ env }), startServer({ env }), startServer({ env })]);
  site = await startNginx(servers.map((s) => new URL(s.url).host));
}, 120_000);

afterAll(async () => {
  nginx?.kill();
  await Promise.all(servers.map((s) => s.stop()));
  await postgres?.stop();
  await removeTempDirs();
});

/** A browser's request to the site through nginx: its Origin is the address it shows, port and all. */
const send = (method: string, url: string, cookie = "", body?: unknown) =>
  fetch(`${site}${url}`, {
    method,
    headers: { Origin: site, Cookie: cookie, ...(body !== undefined && { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

it("three instances behind nginx as documented: writes from the site's own origin go through, whichever instance answers", async (ctx) => {
  if (!nginx) ctx.skip(`nginx is not installed (${NGINX}): apt-get install nginx`);
  const login = await send("POST", "/api/auth/login", "", ADMIN);
  expect(login.status).toBe(200); // with `Host $host` the port is lost and this is refused as cross-site
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  const created = await send("POST", "/api/cms/simple-create-post", cookie, makePostInput({ title: "Behind nginx" }));
  expect(created.status).toBe(201);
  const post = (await created.json()) as { id: number; slug: string };
  // Round robin: each of these lands on another instance right after the create.
  for (let i = 0; i < 9; i += 1) {
    const updated = await send("PUT", `/api/cms/update-post/${post.id}`, cookie, {
      summary: `A summary, edit ${i + 1}.`,
    });
    expect(updated.status).toBe(200);
  }
  for (let i = 0; i < 3; i += 1) expect((await send("GET", `/blog/${post.slug}`)).status).toBe(200);

  expect((await send("POST", "/api/auth/logout", cookie)).status).toBe(200);
  for (let i = 0; i < 3; i += 1) {
    expect(
      (await send("PUT", `/api/cms/update-post/${post.id}`, cookie, { summary: "After the logout." })).status,
    ).toBe(401);
  }
  for (const server of servers) expect(server.errors()).toBe("");
});

import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UTILITY_PAGES } from "~/app/components/tools/utility-pages";
import { SESSION_COOKIE } from "~/server/auth/session";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp } from "../helpers/test-app";

/**
 * Malformed requests against every route (the attack run, kept as a test): a seeded
 * generator, so a failure names the seed and the request and can be replayed. Every answer must
 * be below 500, nothing may be logged as an error, and the site must answer normally afterwards.
 */
const UTILITY_PATHS = Object.keys(UTILITY_PAGES).map((id) => `/${id}`);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const REQUESTS = 2_000;

/** mulberry32: small, fast and good enough to pick test cases. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (p: number) => next() < p;
  return { next, pick, chance };
}

const PATHS = [
  "/",
  "/industries",
  "/industries/healthcare",
  "/industries/%ff",
  "/blog",
  "/blog?page=2",
  "/blog?tag=x",
  "/blog/SLUG",
  "/admin",
  "/admin/debug-tools",
  "/system/health",
  ...UTILITY_PATHS,
  "/rss.xml",
  "/sitemap.xml",
  "/robots.txt",
  "/nowhere",
  "/api/contact",
  "/api/public/blog/posts",
  "/api/public/blog/posts/SLUG",
  "/api/blog/posts",
  "/api/blog/tags",
  "/api/auth/me",
  "/api/auth/login",
  "/api/auth/logout",
  "/api/auth/register",
  "/api/auth/password",
  "/api/cms/posts",
  "/api/cms/simple-create-post",
  "/api/cms/update-post/ID",
  "/api/cms/delete-post/ID",
  "/api/cms/tags",
  "/api/public/health/database",
  "/api/debug/list-posts",
  "/api/debug/delete-post/ID",
  "/api/debug/backup-posts",
  "/api/debug/backups",
  "/api/debug/backups/NAME",
  "/api/debug/restore-posts",
  "/api/admin/force-remove-test-posts",
  "/api/nowhere",
  "/blog.data",
  "/admin.data",
  "/_root.data",
] as const;

const METHODS = [
  "GET",
  "GET",
  "POST",
  "POST",
  "POST",
  "PUT",
  "DELETE",
  "PATCH",
  "HEAD",
  "OPTIONS",
  "TRACE",
  "PROPFIND",
  "MKCOL",
];
const SEGMENTS = [
  "%ff",
  "%",
  "%zz",
  "%E0%A4%A",
  "..%2f..%2fetc%2fpasswd",
  "a".repeat(3000),
  "9007199254740993",
  "-1",
  "1e3",
  "0x10",
  "\u00e9",
  "%00",
  "NaN",
  "x%20y",
  "post-1",
];
const QUERIES = [
  "",
  "?page=%ff",
  "?page=-1&pageSize=1e9",
  "?tag=%",
  "?page[]=1",
  "?__proto__[x]=1",
  "?page=1&page=2",
  "?index",
  "?_data=routes%2Fblog",
  "?" + "a=1&".repeat(200),
];
const CONTENT_TYPES = [
  undefined,
  "application/json",
  "application/json; charset=latin1",
  "application/json; charset=utf-16",
  "application/json; charset=nope",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "multipart/form-data; boundary=",
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=latin1",
  "text/plain",
  "application/xml",
  'application/json; charset="',
  ";;;",
  "application/*",
];
const ENCODINGS = [undefined, undefined, "gzip", "deflate", "br", "identity", "compress", "gzip, gzip", "x-unknown"];

function bodies(r: ReturnType<typeof generator>, json: () => unknown): Array<Buffer | string> {
  const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
  return [
    "",
    "{",
    "}",
    "null",
    "[]",
    '"text"',
    "1",
    '{"a":',
    deep(5000),
    `{"x":${deep(3000)}}`,
    JSON.stringify(json()),
    JSON.stringify(json()),
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
    "--x\r\nbroken",
    "name=a&email=b&message=c",
    "name=%ff&email=%",
    Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
    Buffer.from(Array.from({ length: 64 }, () => Math.floor(r.next() * 256))),
    '{"__proto__":{"admin":true}}',
    JSON.stringify({ posts: [{ id: 2 ** 53 - 1, title: "x" }] }),
    JSON.stringify({ file: "../../db.json" }),
  ];
}

function jsonValue(r: ReturnType<typeof generator>, depth = 0): unknown {
  const leaves = [
    null,
    true,
    0,
    -1,
    2 ** 53,
    1e308,
    "",
    "x".repeat(r.pick([1, 60, 5000])),
    "<script>alert(1)</script>",
    "\u0000\u0007",
    "%ff",
  ];
  if (depth > 2 || r.chance(0.4)) return r.pick(leaves);
  if (r.chance(0.3)) return Array.from({ length: r.pick([0, 1, 3]) }, () => jsonValue(r, depth + 1));
  const keys = [
    "username",
    "password",
    "title",
    "slug",
    "summary",
    "content",
    "coverImage",
    "published",
    "tags",
    "name",
    "email",
    "message",
    "currentPassword",
    "newPassword",
    "everywhere",
    "file",
    "posts",
    "role",
    "confirmPassword",
  ];
  return Object.fromEntries(
    Array.from({ length: r.pick([1, 2, 4, 6]) }, () => [r.pick(keys), jsonValue(r, depth + 1)]),
  );
}

type Sent = { method: string; path: string; headers: Record<string, string>; body: Buffer | string | undefined };

function send(port: number, agent: http.Agent, req: Sent): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: "127.0.0.1", port, agent, method: req.method, path: req.path, headers: req.headers },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(req.body);
  });
}

let t: Awaited<ReturnType<typeof makeTestApp>>;
let server: http.Server;
let port: number;
let admin: string;
let slug: string;
beforeAll(async () => {
  t = await makeTestApp({ seed: true });
  admin = (await signedIn(t, "admin")).cookie;
  slug = (await t.store.createPost(makePostInput())).slug;
  // As the host does: the page cache answers before Express (src/server/serve.ts).
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

function makeRequest(r: ReturnType<typeof generator>): Sent {
  const method = r.pick(METHODS);
  let path: string = r
    .pick(PATHS)
    .replace("SLUG", r.chance(0.3) ? slug : r.pick(SEGMENTS))
    .replace("ID", r.pick(["1", ...SEGMENTS]))
    .replace("NAME", r.pick(["posts-2030-01-01T00-00-00.000Z.json", ...SEGMENTS]));
  if (r.chance(0.3)) path += r.pick(QUERIES);
  if (r.chance(0.05)) path += "/" + r.pick(SEGMENTS);
  const headers: Record<string, string> = {};
  const cookie = r.pick([
    undefined,
    undefined,
    admin,
    admin,
    `${SESSION_COOKIE}=%ff`,
    `${SESSION_COOKIE}=x*1*a*b*c*d*e*f`,
    `${SESSION_COOKIE}=Fe26.2**`,
    `${SESSION_COOKIE}=${"a".repeat(4000)}`,
    "a=b; =; ;;",
    `${admin}; ${SESSION_COOKIE}=%ff`,
  ]);
  if (cookie) headers.cookie = cookie;
  const type = r.pick(CONTENT_TYPES);
  if (type) headers["content-type"] = type;
  const encoding = r.pick(ENCODINGS);
  if (encoding) headers["content-encoding"] = encoding;
  if (r.chance(0.1)) headers["x-forwarded-for"] = r.pick(["%ff", "1.2.3.4, nonsense", "", "::1, 999.1.1.1"]);
  if (r.chance(0.1)) headers["accept-encoding"] = r.pick(["br;q=x", "*;q=0", "gzip;q=1e9, identity;q=0", "\u00ff"]);
  if (r.chance(0.05)) headers["if-none-match"] = r.pick(["*", 'W/"', '"a", "b']);
  if (r.chance(0.1)) headers.origin = r.pick(["null", "https://evil.example", "http://127.0.0.1"]);
  if (r.chance(0.05)) headers.range = "bytes=5-1";
  let body: Buffer | string | undefined;
  if (method !== "GET" && method !== "HEAD" && r.chance(0.85)) {
    body = r.pick(bodies(r, () => jsonValue(r)));
    if (encoding === "gzip" && r.chance(0.5)) body = gzipSync(body);
  }
  return { method, path, headers, body };
}

describe(`fuzzing every route with ${REQUESTS} malformed requests (seed ${SEED})`, () => {
  it("answers every one below 500 and still serves the site afterwards", async () => {
    const r = generator(SEED);
    // A fresh connection per request: a server may close a kept-alive one after refusing an unread body.
    const agent = new http.Agent({ keepAlive: false, maxSockets: 4 });
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < REQUESTS; i += 4) {
      const batch = Array.from({ length: 4 }, () => makeRequest(r));
      const answers = await Promise.all(
        batch.map((req) => send(port, agent, req).catch((e: Error) => -1 * (e.message.length || 1))),
      );
      answers.forEach((status, k) => {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const req = batch[k]!;
        if (status >= 500 || status < 0) {
          const shownBody = req.body === undefined ? "" : ` body=${JSON.stringify(String(req.body).slice(0, 80))}`;
          failures.push(
            `${status} ${req.method} ${req.path.slice(0, 120)} ${JSON.stringify(req.headers).slice(0, 200)}${shownBody}`,
          );
        }
      });
    }
    agent.destroy();
    expect(failures).toEqual([]);
    expect([...statuses.keys()].every((s) => s >= 200 && s < 500)).toBe(true);
    // Most requests really were refused: the generator is not just sending good ones.
    const refused = [...statuses].filter(([s]) => s >= 400).reduce((n, [, c]) => n + c, 0);
    expect(refused).toBeGreaterThan(REQUESTS / 2);

    await send(port, new http.Agent(), { method: "GET", path: "/", headers: {}, body: undefined }).then((s) =>
      expect(s).toBe(200),
    );
    const me = await send(port, new http.Agent(), {
      method: "GET",
      path: "/api/auth/me",
      headers: { cookie: admin },
      body: undefined,
    });
    expect([200, 401]).toContain(me); // the fuzz may have signed the admin out, which is fine
  }, 240_000);
});

import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UTILITY_PAGES } from "~/app/components/tools/utility-pages";
import { SESSION_COOKIE } from "~/server/auth/session";
import { makePostInput } from "../helpers/factories";
import { makeUser, signedIn } from "../helpers/sign-in";
import { makeTestApp } from "../helpers/test-app";

/**
 * Malformed requests against every route (the issue's attack run, kept as a test): a seeded
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
  "/api/cms/profile",
  "/api/cms/authors",
  "/api/admin/users/ID",
  "/blog/author/NAME",
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
  "/admin/setup",
  "/admin/setup?token=x",
  "/admin/setup.data",
  "/admin/invitation?token=x",
  "/admin/reset-password?token=x",
  "/admin/forgot-password",
  "/admin/data/inbox",
  "/admin/data/inbox.data",
  "/admin/data/tags",
  "/admin/data/tags.data",
  "/admin/data/posts",
  "/admin/data/posts.data",
  "/admin/debug-tools.data",
  "/industries.data",
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
  "application/x-www-form-urlencoded; charset=utf-16",
  "multipart/form-data; boundary=--x",
  "multipart/mixed; boundary=x",
  "text/x-script",
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
    "intent=rename&id=1&name=x",
    "intent=merge&id=%ff&into=-1",
    "intent=delete&id=9007199254740993",
    "intent=read&id=1&value=true",
    "intent=settings&writersSeeInbox=maybe",
    "intent=sign-in&username=a&password=b&returnTo=//evil.example",
    "token=x&username=admin&password=a&confirmPassword=b",
    '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nrename\r\n--x\r\nContent-Disposition: form-data; name="id"; filename="a"\r\n\r\n1\r\n--x--',
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
    "publishAt",
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
    "authors",
    "displayName",
    "bio",
    "avatar",
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

/**
 * Raw requests, written byte by byte on a socket, for the shapes an HTTP client will not send: a
 * missing or malformed Host, a request target in absolute form, and bodies of every kind posted
 * to React Router's actions (/admin/*, their `.data` forms, first-run setup). Each answer's status
 * is read from its status line; a request the server closes without an answer counts as a failure.
 */
function raw(text: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    let answer = "";
    socket.setTimeout(15_000, () => socket.destroy());
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.on("error", () => undefined);
    socket.on("close", () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0)));
  });
}

function rawShapes(): string[] {
  const host = `Host: 127.0.0.1:${port}`;
  const lines = (...headers: string[]) => headers.map((h) => `${h}\r\n`).join("");
  const get = (target: string, ...headers: string[]) => `GET ${target} HTTP/1.1\r\n${lines(...headers)}\r\n`;
  const requestLines = [
    "GET /admin HTTP/1.0\r\n\r\n",
    "GET / HTTP/1.0\r\n\r\n",
    "GET /blog.data HTTP/1.0\r\n\r\n",
    "GET /api/public/blog/posts HTTP/1.0\r\n\r\n",
    `POST /admin/setup HTTP/1.0\r\nContent-Length: 0\r\n\r\n`,
    get("http://evil.example/admin", host, "Connection: close"),
    get("http://evil.example/admin", "Host: evil.example", "Connection: close"),
    get(`http://127.0.0.1:${port}/admin`, host, "Connection: close"),
    get("https://evil.example/blog.data", host, "Connection: close"),
    get("http://evil.example/api/auth/me", host, "Connection: close"),
    `POST http://evil.example/admin/setup HTTP/1.1\r\n${host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    get("//evil.example/admin", host, "Connection: close"),
    get("*", host, "Connection: close"),
    `OPTIONS * HTTP/1.1\r\n${host}\r\nConnection: close\r\n\r\n`,
    get("/%2e%2e/%2e%2e/etc/passwd", host, "Connection: close"),
    get("/admin?returnTo=%ff", host, "Connection: close"),
    "GET /\r\n\r\n",
    "GET / HTTP/9.9\r\nHost: x\r\n\r\n",
  ];
  const hosts = [
    "a b",
    "",
    "[::1",
    "[::1]:3000",
    "a/b",
    "a@b",
    "a?b",
    "a#b",
    "a:99999",
    "a:x",
    "%zz",
    "a\\b",
    "..",
    "xn--",
    "\u00e9.example",
    "a".repeat(300),
  ].flatMap((value) => [
    get("/admin", `Host: ${value}`, "Connection: close"),
    get("/", `Host: ${value}`, "Connection: close"),
    get("/blog.data", `Host: ${value}`, "Connection: close"),
    get("/api/auth/me", `Host: ${value}`, "Connection: close"),
  ]);
  const twoHosts = get("/admin", host, "Host: evil.example", "Connection: close");
  const forwarded = get("/admin", host, "X-Forwarded-Host: a b", "Connection: close");

  const actions = [
    "/admin",
    "/admin.data",
    "/admin/setup",
    "/admin/setup.data",
    "/admin/setup?token=x",
    "/admin/invitation?token=x",
    "/admin/reset-password?token=x",
    "/admin/forgot-password",
    "/admin/data/inbox",
    "/admin/data/inbox.data",
    "/admin/data/tags",
    "/admin/data/tags.data",
    "/admin/data/posts",
    "/admin/data/posts.data",
    "/admin/debug-tools",
    "/delete-posts",
  ];
  const form = "application/x-www-form-urlencoded";
  const bodies: Array<[string | undefined, string, string?]> = [
    [undefined, ""],
    [form, ""],
    ["application/json", '{"intent":"rename","id":1}'],
    ["application/json", "{"],
    ["text/plain", "intent=rename&id=1"],
    ["multipart/form-data; boundary=x", "--x\r\nbroken"],
    ["multipart/form-data", "--x--"],
    [form, "%ff=%&intent=%zz"],
    [form, "intent=rename", "gzip"],
    [form, "intent=sign-in&username=admin&password=wrong-password&returnTo=//evil.example"],
    ["application/octet-stream", "\u0000\u00ff"],
  ];
  const posts = actions.flatMap((path) =>
    bodies.flatMap(([type, body, encoding]) =>
      [admin, undefined].map(
        (cookie) =>
          `POST ${path} HTTP/1.1\r\n${lines(
            host,
            "Connection: close",
            ...(cookie ? [`Cookie: ${cookie}`] : []),
            ...(type ? [`Content-Type: ${type}`] : []),
            ...(encoding ? [`Content-Encoding: ${encoding}`] : []),
            `Content-Length: ${Buffer.byteLength(body, "latin1")}`,
          )}\r\n${body}`,
      ),
    ),
  );
  return [...requestLines, ...hosts, twoHosts, forwarded, ...posts];
}

describe("raw requests: request lines, Host headers and bodies posted to the pages' actions", () => {
  it("answers every one with a status below 500", async () => {
    const shapes = rawShapes();
    const failures: string[] = [];
    for (let i = 0; i < shapes.length; i += 4) {
      const batch = shapes.slice(i, i + 4);
      const answers = await Promise.all(batch.map(raw));
      answers.forEach((status, k) => {
        if (status >= 500 || status === 0) failures.push(`${status} ${JSON.stringify(batch[k]!.slice(0, 200))}`);
      });
    }
    expect(failures).toEqual([]);
    // The families above, counted so a change that drops one shows here.
    expect(shapes.length).toBeGreaterThan(350);
  }, 120_000);
});

/* ---------------------------------------------------------------------------------------------
 * Content nesting shapes: post content that nests past what sanitize-html's parser handles in
 * linear time, written each way the parser could be read otherwise than a simple count reads it
 * (docs/decisions/156-restores-bounded-as-writes.md). Sent as a write and as a restore, each is
 * refused with a field message (never stored, never a 500), and the site answers normally after.
 * ------------------------------------------------------------------------------------------- */
const NESTING_SHAPES: Record<string, string> = {
  "stray closing tags": "<b>".repeat(99) + "</i>".repeat(99),
  "closing tags in a comment": `${"<b>".repeat(60)}<!--${"</b>".repeat(60)}-->`,
  "closing tags in an attribute": `${"<b>".repeat(60)}<i title="${"</b>".repeat(60)}">`,
  "closing tags in a script": `${"<b>".repeat(60)}<script>${"</b>".repeat(60)}</script>`,
  "a void element's end tag": `<basefont>${"<b>".repeat(60)}</basefont>`,
  "a longer name's prefix": `${"<b:x>".repeat(60)}${"</b>".repeat(60)}`,
};

describe("content nesting shapes, written and restored", () => {
  it("refuses each one with a field message and keeps serving the site", async () => {
    const now = new Date().toISOString();
    const failures: string[] = [];
    let id = 800_000;
    for (const [name, round] of Object.entries(NESTING_SHAPES)) {
      const content = round.repeat(Math.ceil(30_000 / round.length));
      const created = await request(t.app)
        .post("/api/cms/simple-create-post")
        .set("Cookie", admin)
        .send(makePostInput({ content, published: false }));
      if (created.status !== 400 || !created.body.errors?.content)
        failures.push(`${name}: create answered ${created.status} ${JSON.stringify(created.body).slice(0, 200)}`);
      const restored = await request(t.app)
        .post("/api/debug/restore-posts")
        .set("Cookie", admin)
        .send({ posts: [{ ...makePostInput(), id: ++id, content, createdAt: now, updatedAt: now }] });
      if (restored.status !== 200 || restored.body.restored !== 0 || restored.body.refused?.[0]?.field !== "content")
        failures.push(`${name}: restore answered ${restored.status} ${JSON.stringify(restored.body).slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect((await t.store.listPosts()).filter((p) => p.id > 800_000)).toEqual([]);
    await send(port, new http.Agent(), { method: "GET", path: "/blog", headers: {}, body: undefined }).then((s) =>
      expect(s).toBe(200),
    );
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// Addresses on another host: sign-in returnTo values and request targets starting with `//`.
// (docs/decisions/154-return-to-a-path-on-this-site.md, 155-paths-starting-with-two-slashes.md)
// ---------------------------------------------------------------------------------------------

/** Every way we know to write "another host" inside a path: prefixes, separators and hosts combined. */
function otherHostPaths(): string[] {
  const prefixes = ["", "/.", "/./.", "/x/..", "/%2e", "/%2E", "/x/%2e%2e", "/.\\"];
  const separators = ["//", "/\\", "\\\\", "\\/", "/%2f", "%2f%2f", "/%5C", "%5c%5c", "/\t/", "/\n/", "///", "/%2F/"];
  const hosts = ["evil.example", "evil.example/admin?x=/"];
  return prefixes.flatMap((prefix) =>
    separators.flatMap((separator) => hosts.map((host) => `${prefix}${separator}${host}`)),
  );
}

describe("sign-in returnTo values that name another host", () => {
  let site: Awaited<ReturnType<typeof makeTestApp>>;
  beforeAll(async () => {
    // Its own app: the fuzz above may have used up this address's sign-in attempts.
    site = await makeTestApp();
  });
  afterAll(() => site.close());

  it("always redirect to a path on this site", async () => {
    const { user, password } = await makeUser(site.store);
    const shapes = otherHostPaths();
    const failures: string[] = [];
    for (const returnTo of shapes) {
      const res = await request(site.app)
        .post("/admin")
        .type("form")
        .send({ intent: "sign-in", username: user.username, password, returnTo });
      const location = String(res.headers.location ?? "");
      const resolved = URL.canParse(location, "http://site.example") && new URL(location, "http://site.example");
      if (res.status !== 303 || !resolved || resolved.host !== "site.example" || /^[/\\]{2}/.test(location)) {
        failures.push(`${res.status} ${JSON.stringify(returnTo)} -> ${JSON.stringify(location)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(shapes.length).toBeGreaterThan(150);
  }, 120_000);
});

describe("request targets starting with // or /\\ on every route", () => {
  it("answers every one 400", async () => {
    const host = `Host: 127.0.0.1:${port}`;
    const shapes = PATHS.flatMap((path) =>
      ["//evil.example", "/\\evil.example", "/", "//"].flatMap((before) =>
        ["GET", "POST"].map(
          (method) =>
            `${method} ${before}${path} HTTP/1.1\r\n${host}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
            "Content-Length: 0\r\nConnection: close\r\n\r\n",
        ),
      ),
    );
    const failures: string[] = [];
    for (let i = 0; i < shapes.length; i += 4) {
      const batch = shapes.slice(i, i + 4);
      const answers = await Promise.all(batch.map(raw));
      answers.forEach((status, k) => {
        if (status !== 400) failures.push(`${status} ${JSON.stringify(batch[k]!.split("\r\n")[0])}`);
      });
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

import { createHash } from "node:crypto";
import request from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import { HSTS_MAX_AGE_SECONDS } from "~/server/http/security-headers";
import { makeTestApp } from "../helpers/test-app";

let t: Awaited<ReturnType<typeof makeTestApp>> | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The script-src directive of a Content-Security-Policy header. */
const scriptSrc = (csp: string) =>
  csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src "))!;

/**
 * The sha256 source of every inline script a browser would run, as it computes it. Data blocks
 * such as the posts' JSON-LD (`type="application/ld+json"`) are not scripts to CSP.
 */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes, body]) => body && !/type="(?!module"|text\/javascript")/.test(attributes!))
    .map(([, , body]) => `'sha256-${createHash("sha256").update(body!).digest("base64")}'`);
}

function expectPolicyCoversItsScripts(res: request.Response) {
  const csp = res.headers["content-security-policy"] as string;
  const scripts = scriptSrc(csp);
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  const hashes = inlineScriptHashes(res.text);
  expect(hashes.length).toBeGreaterThan(0); // React Router's hydration scripts are inline
  for (const hash of hashes) expect(scripts).toContain(hash);
  expect(res.text).not.toMatch(/\snonce=/); // the render-time marker is gone from the page
  // Nothing else is allowed: the policy lists exactly the page's own scripts.
  expect(
    scripts
      .split(" ")
      .filter((s) => s.startsWith("'sha256-"))
      .sort(),
  ).toEqual([...new Set(hashes)].sort());
}

describe("Content-Security-Policy without 'unsafe-inline' scripts", () => {
  it.each(["/", "/blog", "/industries/healthcare", "/blog/no-such-post"])(
    "%s: rendered, then from the cache",
    async (path) => {
      t = await makeTestApp({ seed: true });
      const first = await request(t.app).get(path);
      expect(first.headers["x-cache"]).toBe("MISS");
      expectPolicyCoversItsScripts(first);
      const second = await request(t.app).get(path);
      expect(second.headers["x-cache"]).toBe("HIT");
      expectPolicyCoversItsScripts(second);
      // A hit is answered before Express runs (app.ts), with the headers kept from the render.
      expect(second.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
    },
  );

  it("a post page with JSON-LD, an unknown page, and /admin, which is never cached", async () => {
    t = await makeTestApp({ seed: true });
    const [post] = await t.store.listPosts({ publishedOnly: true });
    const page = await request(t.app).get(`/blog/${post!.slug}`);
    expect(page.text).toContain('type="application/ld+json"');
    expectPolicyCoversItsScripts(page);
    expectPolicyCoversItsScripts(await request(t.app).get("/no-such-page").expect(404));
    const admin = await request(t.app).get("/admin");
    expect(admin.headers["x-cache"]).toBeUndefined();
    expectPolicyCoversItsScripts(admin);
  });

  it("a JSON answer gets the policy with no inline script at all, and the other helmet headers", async () => {
    t = await makeTestApp();
    const res = await request(t.app).get("/api/blog/tags").expect(200);
    expect(scriptSrc(res.headers["content-security-policy"] as string)).toBe("script-src 'self'");
    expect(res.headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "strict-origin-when-cross-origin",
      "cross-origin-opener-policy": "same-origin",
    });
  });
});

describe("Strict-Transport-Security", () => {
  it("is sent when a trusted proxy says the request came over HTTPS", async () => {
    t = await makeTestApp({ env: { TRUST_PROXY: "true" } });
    const res = await request(t.app).get("/api/blog/tags").set("X-Forwarded-Proto", "https").expect(200);
    expect(res.headers["strict-transport-security"]).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}`);
  });

  it("is not sent over plain HTTP, nor on an untrusted X-Forwarded-Proto", async () => {
    t = await makeTestApp();
    const plain = await request(t.app).get("/api/blog/tags").expect(200);
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const forged = await request(t.app).get("/api/blog/tags").set("X-Forwarded-Proto", "https").expect(200);
    expect(forged.headers["strict-transport-security"]).toBeUndefined();
  });

  it("comes with a kept page only over HTTPS, whichever scheme rendered it", async () => {
    t = await makeTestApp({ env: { TRUST_PROXY: "true" } });
    const overHttps = () => request(t!.app).get("/blog").set("X-Forwarded-Proto", "https");
    const rendered = await overHttps().expect(200).expect("x-cache", "MISS");
    expect(rendered.headers["strict-transport-security"]).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}`);
    const plain = await request(t.app).get("/blog").expect(200).expect("x-cache", "HIT");
    expect(plain.headers["strict-transport-security"]).toBeUndefined();

    await request(t.app).get("/industries").expect("x-cache", "MISS"); // rendered over plain HTTP
    const kept = await request(t.app).get("/industries").set("X-Forwarded-Proto", "https").expect("x-cache", "HIT");
    expect(kept.headers["strict-transport-security"]).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}`);
    expect((await overHttps().expect("x-cache", "HIT")).headers["strict-transport-security"]).toBeDefined();
  });
});

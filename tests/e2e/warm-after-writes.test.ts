import { expect, it } from "vitest";
import { startServer } from "../helpers/running-server";

const ADMIN = { username: "warm-admin", password: "warm admin password" };

/** HEAD is answered from the cache when a page is kept, and otherwise rendered without keeping it. */
async function kept(url: string): Promise<boolean> {
  return (await fetch(url, { method: "HEAD" })).headers.get("x-cache") === "HIT";
}

it("after a write through the API, the built server renders the post and its pages again before any reader asks", async () => {
  const server = await startServer({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const created = await fetch(`${server.url}/api/cms/simple-create-post`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url, Cookie: cookie },
      body: JSON.stringify({
        title: "Warm from the start",
        summary: "Rendered before its first reader.",
        content: "<p>Enough words here to pass the fifty character minimum of the content rule.</p>",
        tags: ["Warmth"],
        published: true,
      }),
    });
    expect(created.status).toBe(201);
    const { slug } = (await created.json()) as { slug: string };

    // Not the home page, which shows no post: the write did not drop it.
    const pages = ["/blog", "/blog?tag=warmth", `/blog/${slug}`];
    const until = Date.now() + 20_000;
    while (!(await Promise.all(pages.map((page) => kept(server.url + page)))).every(Boolean)) {
      if (Date.now() > until) throw new Error("the pages were not warmed within 20 s");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const post = await fetch(`${server.url}/blog/${slug}`);
    expect(post.headers.get("x-cache")).toBe("HIT");
    expect(await post.text()).toContain("Warm from the start");
    expect(await server.stop()).toBe(0);
    expect(server.errors()).toBe("");
  } finally {
    await server.stop();
  }
});

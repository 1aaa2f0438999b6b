import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { loadConfig } from "~/server/config";
import { openSite } from "~/server/operations/open-site";
import { BLOG_MESSAGES } from "~/shared/blog";
import { DESKTOP, PHONE, openPage, waitForHydration } from "../helpers/browser";
import { makePostInput } from "../helpers/factories";
import { useSiteAndBrowser } from "../helpers/site-under-test";

// The sample posts of a first start (docs/architecture.md section 4), and one more with a YouTube embed.
const site = useSiteAndBrowser(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "queuesite-blog-"));
  const { store } = await openSite(loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir }), { seed: true });
  const video =
    '<iframe class="ql-video" frameborder="0" allowfullscreen src="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"></iframe>';
  await store.createPost(
    makePostInput({
      title: "A post with a video",
      tags: ["Product"],
      content: `<p>Watch the demonstration:</p>${video}<p>That is all.</p>`,
    }),
  );
  await store.close();
  return { dataDir };
});

it("/blog → a post → a tag badge → the filtered list → back to all posts, all client-side", async () => {
  const { page, problems, close } = await openPage(site.browser, DESKTOP);
  await page.goto(`${site.server.url}/blog`);
  await waitForHydration(page);
  let documents = 0;
  page.on("request", (r) => r.isNavigationRequest() && r.frame() === page.mainFrame() && documents++);

  const cards = page.getByRole("article");
  const total = await cards.count();
  expect(total).toBeGreaterThanOrEqual(3);
  const firstTitle = (await cards.first().getByRole("heading").textContent())!;

  await page.evaluate(() => window.scrollTo(0, 400));
  await cards.first().getByRole("link", { name: firstTitle }).click();
  await page.getByRole("heading", { level: 1, name: firstTitle }).waitFor();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.getByRole("link", { name: BLOG_MESSAGES.backToBlog }).isVisible()).toBe(true);

  // The post's own tags: the related posts under it list theirs too.
  const tagList = page.getByRole("article").first().getByRole("list", { name: "Tags" });
  const tagName = (await tagList.getByRole("link").first().textContent())!;
  await tagList.getByRole("link", { name: tagName }).click();
  await page.waitForURL(/\/blog\?tag=/);
  await page.getByText("Showing posts tagged").waitFor();
  const filtered = await page.getByRole("article").count();
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(total);
  for (const card of await page.getByRole("article").all()) {
    expect(await card.getByRole("list", { name: "Tags" }).getByRole("link", { name: tagName }).count()).toBe(1);
  }

  await page.getByRole("link", { name: "Show all posts" }).click();
  await page.waitForURL(`${site.server.url}/blog`);
  await expect.poll(() => page.getByRole("article").count()).toBe(total);
  expect(documents).toBe(0); // every step above was a client-side navigation
  expect(problems).toEqual([]);
  await close();
});

it("a post's content comes once in its page, stays after hydration, and comes with each client-side navigation", async () => {
  type ApiPost = { slug: string; title: string; content: string };
  const posts: ApiPost[] = await fetch(`${site.server.url}/api/public/blog/posts`).then((r) => r.json());
  // The start of a post's text, to find it in the HTML and on the page.
  const opening = (post: ApiPost) =>
    post.content
      .split(/<[^>]+>/)
      .find((text) => text.trim().length >= 20)!
      .slice(0, 40);
  const [first] = posts;
  const html = await fetch(`${site.server.url}/blog/${first!.slug}`).then((r) => r.text());
  expect(html.split(opening(first!))).toHaveLength(2); // in the markup, not again in the hydration data

  const { page, problems, close } = await openPage(site.browser, DESKTOP);
  await page.goto(`${site.server.url}/blog/${first!.slug}`);
  await waitForHydration(page);
  let documents = 0;
  page.on("request", (r) => r.isNavigationRequest() && r.frame() === page.mainFrame() && documents++);
  const content = page.locator(".post-content");
  expect(await content.textContent()).toContain(opening(first!));

  const related = page.getByRole("region", { name: BLOG_MESSAGES.related }).getByRole("article").first();
  const nextTitle = (await related.getByRole("heading").textContent())!;
  await related.getByRole("link", { name: nextTitle }).click();
  await page.getByRole("heading", { level: 1, name: nextTitle }).waitFor();
  const next = posts.find((post) => post.title === nextTitle)!;
  await expect.poll(() => content.textContent()).toContain(opening(next));

  await page.goBack();
  await page.getByRole("heading", { level: 1, name: first!.title }).waitFor();
  await expect.poll(() => content.textContent()).toContain(opening(first!));
  expect(documents).toBe(0);
  expect(problems).toEqual([]);
  await close();
});

it("a post with an embedded video renders the iframe, also on a phone", async () => {
  const { page, close } = await openPage(site.browser, PHONE);
  await page.goto(`${site.server.url}/blog`);
  const posts = await page.request.get(`${site.server.url}/api/public/blog/posts`).then((r) => r.json());
  const withVideo = posts.find((p: { content: string }) => p.content.includes("<iframe"));
  expect(withVideo).toBeDefined();
  await page.goto(`${site.server.url}/blog/${withVideo.slug}`);
  const frame = page.locator(".post-content iframe");
  expect(await frame.getAttribute("src")).toMatch(/^https:\/\/www\.youtube(-nocookie)?\.com\/embed\/[\w-]{11}/);
  const box = await frame.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(PHONE.width); // the embed fits the screen
  await close();
});

it("an unknown post shows Blog Post Not Found with a way back", async () => {
  const { page, close } = await openPage(site.browser, DESKTOP);
  const response = await page.goto(`${site.server.url}/blog/no-such-post`);
  expect(response?.status()).toBe(404);
  await page.getByRole("heading", { name: BLOG_MESSAGES.notFoundTitle }).waitFor();
  await page.getByRole("link", { name: BLOG_MESSAGES.returnToBlog }).click();
  await page.waitForURL(`${site.server.url}/blog`);
  await close();
});

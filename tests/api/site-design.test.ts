import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { titleHash } from "~/app/components/generated-cover";
import { HERO_ILLUSTRATION_LABEL } from "~/app/components/hero-illustration";
import { INDUSTRY_SCENES } from "~/app/components/industry-scenes";
import { INDUSTRY_PAGE } from "~/app/routes/industries.$industry";
import { BLOG_MESSAGES } from "~/shared/blog";
import { HOME } from "~/shared/home-copy";
import { INDUSTRIES } from "~/shared/industries";
import { readingTimeLabel } from "~/shared/reading-time";
import { seedData } from "~/server/store/seed";
import type { Post } from "~/server/store/types";
import { makePostInput } from "../helpers/factories";
import { asHtml } from "../helpers/html";
import { makeTestApp } from "../helpers/test-app";

/**
 * The site's look as the server renders it: the drawn hero, icons, how it works and the figures
 * band on the home page, a picture of its own on each industry page, generated covers, reading
 * times, the feed links and related posts on the blog, and the inline stylesheet.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let posts: Record<string, Post>;
const words = (n: number) => `<p>${Array.from({ length: n }, (_, i) => `word${i}`).join(" ")}</p>`;

beforeAll(async () => {
  t = await makeTestApp();
  const make = (title: string, tags: string[], extra: Parameters<typeof makePostInput>[0] = {}) =>
    t.store.createPost(makePostInput({ title, tags, ...extra }));
  posts = {
    retailGuide: await make("Retail guide to shorter lines", ["Retail", "Guides"], { content: words(1000) }),
    retailNews: await make("Retail news for this spring", ["Retail"]),
    clinic: await make("Clinic waiting rooms explained", ["Healthcare"]),
    bothTags: await make("Retail guides for every store", ["Retail", "Guides"], {
      coverImage: "https://images.example/c.png",
    }),
    draft: await make("Retail draft never shown", ["Retail"], { published: false }),
    untagged: await make("A post without any tags", []),
  };
});
afterAll(() => t.close());

const get = (path: string) => request(t.app).get(path).expect(200);
const PUBLIC_PAGES = ["/", "/industries", "/industries/retail", "/blog", "/blog?tag=retail"];

describe("every public page", () => {
  it.each([...PUBLIC_PAGES, "/blog/retail-news"])(
    "%s inlines the stylesheet and names the blog's feed",
    async (page) => {
      const path = page === "/blog/retail-news" ? `/blog/${posts.retailNews!.slug}` : page;
      const { text } = await get(path);
      const css = /<style id="app-css">([\s\S]*?)<\/style>/.exec(text)?.[1] ?? "";
      expect(css.length).toBeGreaterThan(10_000);
      expect(css).toContain("--color-brand-700");
      expect(text).not.toMatch(/<link rel="stylesheet"/);
      expect(text).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="[^"]+" href="\/rss.xml"\/>/);
    },
  );

  it.each(PUBLIC_PAGES)("%s holds its first paint until the whole of <main> is parsed", async (page) => {
    const { text } = await get(page);
    // Chromium ends rel=expect's blocking when the named element is inserted, so the link names
    // the footer after </main>, not main (docs/decisions/034-stagger-in-keyframes.md).
    const target = /<link rel="expect" href="#([\w-]+)" blocking="render"\/>/.exec(text)?.[1];
    expect(target).toBe("site-footer");
    expect(text.indexOf(`id="${target}"`)).toBeGreaterThan(text.indexOf("</main>"));
    expect(text.indexOf("</main>")).toBeGreaterThan(0);
  });

  it("says the current year in the footer", async () => {
    const { text } = await get("/");
    expect(text).toContain(`© ${new Date().getUTCFullYear()} `);
  });
});

describe("the home page", () => {
  it("pictures the product in use: a phone with a place in line beside the staff dashboard", async () => {
    const { text } = await get("/");
    expect(text).toContain(`role="img" aria-label="${asHtml(HERO_ILLUSTRATION_LABEL)}"`);
    expect(text).toContain("Your place in line");
    expect(text).toContain("Now serving");
  });

  it("has how it works, in order, and the product in figures", async () => {
    const { text } = await get("/");
    const steps = HOME.howItWorks.steps.map((s) => text.indexOf(asHtml(s.title)));
    expect(steps.every((i) => i > 0)).toBe(true);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
    for (const fact of HOME.facts.items) expect(text).toContain(`>${asHtml(fact.figure)}</dd>`);
  });

  it("marks every card with an icon from the sprite, each industry with its own", async () => {
    const { text } = await get("/");
    for (const icon of INDUSTRIES.map((i) => i.icon))
      expect(text).toMatch(new RegExp(`<use href="/[^"#]*icons[^"#]*\\.svg[^"#]*#${icon}"`));
    expect(new Set(INDUSTRIES.map((i) => i.icon)).size).toBe(INDUSTRIES.length);
    expect(text.match(/<use href=/g)!.length).toBeGreaterThanOrEqual(INDUSTRIES.length + 3 + 3 + 2 + 3 + 4);
  });
});

describe("an industry page", () => {
  it.each(INDUSTRIES.map((i) => [i.id, i.scene] as const))(
    "/industries/%s has one way back home and its industry chosen in the form",
    async (id, sceneName) => {
      const { text } = await get(`/industries/${id}`);
      expect(text.match(new RegExp(INDUSTRY_PAGE.backToHome, "g"))).toHaveLength(1);
      expect(text).toMatch(new RegExp(`<option value="${id}" selected="">`));
      expect(text.match(/selected=""/g)).toHaveLength(1);
      const scene = INDUSTRY_SCENES[sceneName];
      expect(text).toContain(asHtml(scene.board));
      expect(text).toContain(asHtml(scene.message.title));
    },
  );

  it("pictures each industry its own way", () => {
    const scenes = Object.values(INDUSTRY_SCENES);
    expect(new Set(scenes.map((s) => s.board)).size).toBe(INDUSTRIES.length);
    expect(new Set(scenes.map((s) => s.theme.backdrop)).size).toBe(INDUSTRIES.length);
  });

  it("leaves the home page's form with no industry chosen", async () => {
    const { text } = await get("/");
    expect(text).toContain('<option value="" selected="">');
  });
});

describe("the blog", () => {
  it("links the feed from its header", async () => {
    const { text } = await get("/blog");
    expect(text).toMatch(new RegExp(`<a [^>]*href="/rss.xml"[^>]*>.*?${BLOG_MESSAGES.rss}</a>`));
  });

  it("gives a card without a cover a cover drawn from its title, the same on every render", async () => {
    const first = (await get("/blog")).text;
    const second = (await get("/blog?tag=retail")).text;
    for (const post of [posts.retailGuide!, posts.retailNews!]) {
      const mark = `data-cover="${titleHash(post.title).toString(36)}"`;
      expect(first).toContain(mark);
      expect(second).toContain(mark);
    }
    expect(titleHash(posts.retailGuide!.title)).not.toBe(titleHash(posts.retailNews!.title));
    expect(first).toContain('<img src="https://images.example/c.png"');
    expect(first.match(/data-cover=/g)).toHaveLength(4); // every published post but the one with a cover
  });

  it("gives a post without a cover, on its own page, the cover its card shows", async () => {
    const post = posts.retailGuide!;
    const { text } = await get(`/blog/${post.slug}`);
    const article = text.slice(text.indexOf("<article"), text.indexOf("</article>"));
    expect(article).toContain(`data-cover="${titleHash(post.title).toString(36)}"`);
    expect(article).not.toContain('src="/logo.svg"');
  });

  it("shows the reading time on cards and on the post", async () => {
    const { text } = await get("/blog");
    expect(text).toContain(readingTimeLabel(5)); // 1,000 words
    expect(text).toContain(readingTimeLabel(1));
    expect((await get(`/blog/${posts.retailGuide!.slug}`)).text).toContain(readingTimeLabel(5));
  });

  it("lists published posts that share a tag under a post, most shared tags first", async () => {
    const { text } = await get(`/blog/${posts.retailGuide!.slug}`);
    const related = text.slice(text.indexOf(BLOG_MESSAGES.related));
    expect(text).toContain(BLOG_MESSAGES.related);
    const order = [posts.bothTags!, posts.retailNews!].map((p) => related.indexOf(`href="/blog/${p.slug}"`));
    expect(order[0]).toBeGreaterThan(0);
    expect(order[1]).toBeGreaterThan(order[0]!);
    for (const other of [posts.clinic!, posts.draft!, posts.untagged!, posts.retailGuide!]) {
      expect(related).not.toContain(`href="/blog/${other.slug}"`);
    }
  });

  it("shows no related posts under a post whose tags no other post has, or that has none", async () => {
    for (const post of [posts.clinic!, posts.untagged!]) {
      expect((await get(`/blog/${post.slug}`)).text).not.toContain(BLOG_MESSAGES.related);
    }
  });

  it("writes allowfullscreen as a boolean attribute and no obsolete frameborder", async () => {
    const video =
      '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/aqz-KE-bpKQ"></iframe>';
    const post = await t.store.createPost(
      makePostInput({ content: `<p>A demonstration:</p>${video}<p>and more text.</p>` }),
    );
    const { text } = await get(`/blog/${post.slug}`);
    expect(text).toContain('<iframe class="ql-video" allowfullscreen src="https://www.youtube.com/embed/aqz-KE-bpKQ"');
    expect(text).not.toContain('allowfullscreen="true"');
    expect(text).not.toContain("frameborder");
  });
});

it("the sample posts embed no video", () => {
  for (const post of seedData().posts) expect(post.content).not.toContain("<iframe");
});

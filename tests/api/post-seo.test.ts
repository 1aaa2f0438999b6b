import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { socialCardPaths } from "~/shared/media";
import { POST_MESSAGES, SEO_LIMITS, SEO_MESSAGES } from "~/shared/schemas";
import { SITE } from "~/shared/site";
import { makePostInput } from "../helpers/factories";
import { metaDescriptionOf, titleOf } from "../helpers/html";
import { makeImage } from "../helpers/images";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp } from "../helpers/test-app";

const PUBLIC_URL = "https://queue.example";
let t: Awaited<ReturnType<typeof makeTestApp>>;
let admin: string;
/** An image in the media library, uploaded once. */
let image: { url: string; width: number; height: number };

beforeAll(async () => {
  t = await makeTestApp({ env: { PUBLIC_URL } });
  admin = (await signedIn(t, "admin")).cookie;
  const res = await request(t.app)
    .post("/api/cms/uploads")
    .set("Cookie", admin)
    .attach("file", await makeImage(640, 360), { filename: "share.png" })
    .expect(201);
  image = res.body;
  // Making the admin hashes a password (scrypt), slow on a busy machine: the api tier's test timeout.
}, 20_000);
afterAll(() => t.close());

const create = (body: object) => request(t.app).post("/api/cms/simple-create-post").set("Cookie", admin).send(body);
const update = (id: number, body: object) =>
  request(t.app).put(`/api/cms/update-post/${id}`).set("Cookie", admin).send(body);
const page = async (path: string) => (await request(t.app).get(path).expect(200)).text;

const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

const SETTINGS = {
  metaTitle: "Shorter queues at the pharmacy, in five steps",
  metaDescription: "How one pharmacy cut its morning wait from forty minutes to ten with a virtual queue.",
  canonicalUrl: "https://medium.example/@queuewise/shorter-queues-1234",
  noindex: true,
};

describe("the search and social settings through the CMS API", () => {
  it("are stored on create, carried by the post JSON, and cleared by an empty value or noindex false", async () => {
    const created = await create(makePostInput({ ...SETTINGS, socialImage: image.url })).expect(201);
    expect(created.body).toMatchObject({ ...SETTINGS, socialImage: image.url });
    const listed = (await request(t.app).get("/api/cms/posts").set("Cookie", admin).expect(200)).body;
    expect(listed.find((p: { id: number }) => p.id === created.body.id)).toMatchObject(SETTINGS);

    // Fields left out keep their value.
    const renamed = await update(created.body.id, { title: "A new title for the post" }).expect(200);
    expect(renamed.body).toMatchObject({ ...SETTINGS, socialImage: image.url });

    const cleared = await update(created.body.id, {
      metaTitle: "",
      metaDescription: "",
      socialImage: "",
      canonicalUrl: "",
      noindex: false,
    }).expect(200);
    for (const key of ["metaTitle", "metaDescription", "socialImage", "canonicalUrl", "noindex"]) {
      expect(cleared.body).not.toHaveProperty(key);
      expect(await t.store.getPostById(created.body.id)).not.toHaveProperty(key);
    }
  });

  it("refuses each bad setting with its field's message, on create and update, and stores nothing", async () => {
    const bad = {
      metaTitle: "x".repeat(SEO_LIMITS.metaTitle + 1),
      metaDescription: "x".repeat(SEO_LIMITS.metaDescription + 1),
      socialImage: "https://elsewhere.example/share.png",
      canonicalUrl: "javascript:alert(1)",
      noindex: "yes",
      coverFocus: "left top",
    };
    const expected = {
      metaTitle: [SEO_MESSAGES.metaTitle],
      metaDescription: [SEO_MESSAGES.metaDescription],
      socialImage: [SEO_MESSAGES.socialImage],
      canonicalUrl: [SEO_MESSAGES.canonicalUrl],
      noindex: [SEO_MESSAGES.noindex],
      coverFocus: [SEO_MESSAGES.coverFocus],
    };
    const before = await t.store.listPosts();
    const refused = await create({ ...makePostInput(), ...bad }).expect(400);
    expect(refused.body).toEqual({ message: POST_MESSAGES.formErrors, errors: expected });
    expect(await t.store.listPosts()).toEqual(before);

    const post = (await create(makePostInput()).expect(201)).body;
    expect((await update(post.id, bad).expect(400)).body.errors).toEqual(expected);
    // A resized copy is not an image of the library, nor is an address that is not http(s).
    const variant = image.url.replace(/\.png$/, "-480w.png");
    expect((await update(post.id, { socialImage: variant }).expect(400)).body.errors).toEqual({
      socialImage: [SEO_MESSAGES.socialImage],
    });
    expect((await update(post.id, { canonicalUrl: "ftp://files.example/post" }).expect(400)).body.errors).toEqual({
      canonicalUrl: [SEO_MESSAGES.canonicalUrl],
    });
    expect(await t.store.getPostById(post.id)).not.toHaveProperty("socialImage");
  });
});

describe("the post page's head", () => {
  it("takes the title, description, social image, canonical address and robots from the settings", async () => {
    const post = (await create(makePostInput({ ...SETTINGS, socialImage: image.url })).expect(201)).body;
    const html = await page(`/blog/${post.slug}`);
    expect(titleOf(html)).toBe(SETTINGS.metaTitle);
    expect(metaDescriptionOf(html)).toBe(SETTINGS.metaDescription);
    expect(metaOf(html, "robots")).toBe("noindex");
    expect(canonicalOf(html)).toBe(SETTINGS.canonicalUrl);
    expect(metaOf(html, "og:url")).toBe(SETTINGS.canonicalUrl);
    expect(metaOf(html, "og:title")).toBe(SETTINGS.metaTitle);
    expect(metaOf(html, "og:description")).toBe(SETTINGS.metaDescription);
    expect(metaOf(html, "og:image")).toBe(`${PUBLIC_URL}${image.url}`);
    expect(metaOf(html, "twitter:image")).toBe(`${PUBLIC_URL}${image.url}`);
    expect(metaOf(html, "og:image:type")).toBe("image/png");
    expect(metaOf(html, "og:image:width")).toBe(String(image.width));
    expect(metaOf(html, "og:image:height")).toBe(String(image.height));
    expect(html).toContain(`"image":"${PUBLIC_URL}${image.url}"`);
  });

  it("falls back to the title, summary, generated card and the post's own address without them", async () => {
    const post = (await create(makePostInput()).expect(201)).body;
    const html = await page(`/blog/${post.slug}`);
    expect(titleOf(html)).toBe(`${post.title} | ${SITE.name}`);
    expect(metaDescriptionOf(html)).toBe(post.summary);
    expect(metaOf(html, "robots")).toBeUndefined();
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/blog/${post.slug}`);
    expect(metaOf(html, "og:image")).toBe(`${PUBLIC_URL}${socialCardPaths.post(post)}`);
    expect(metaOf(html, "og:image:width")).toBe("1200");
  });
});

describe("a post hidden from search engines", () => {
  it("stays on /blog but leaves the sitemap and RSS, and comes back when shown again", async () => {
    const post = (await create(makePostInput({ noindex: true })).expect(201)).body;
    const link = `${PUBLIC_URL}/blog/${post.slug}`;
    expect(await page("/blog")).toContain(`/blog/${post.slug}`);
    expect(await page("/sitemap.xml")).not.toContain(link);
    expect(await page("/rss.xml")).not.toContain(link);

    await update(post.id, { noindex: false }).expect(200);
    expect(await page("/sitemap.xml")).toContain(link);
    expect(await page("/rss.xml")).toContain(link);
  });
});

describe("the cover's focal point", () => {
  it("sets where the blog's cards crop the cover, and is cleared by an empty value", async () => {
    const post = (await create(makePostInput({ coverImage: image.url, coverFocus: "50% 75%" })).expect(201)).body;
    expect(post.coverFocus).toBe("50% 75%");
    const card = (html: string) => new RegExp(`<img src="${image.url}"[^>]*>`).exec(html)?.[0] ?? "";
    expect(card(await page("/blog"))).toContain('style="object-position:50% 75%"');
    expect((await update(post.id, { coverFocus: "101% 0%" }).expect(400)).body.errors).toEqual({
      coverFocus: [SEO_MESSAGES.coverFocus],
    });
    await update(post.id, { coverFocus: "" }).expect(200);
    expect(await t.store.getPostById(post.id)).not.toHaveProperty("coverFocus");
    expect(card(await page("/blog"))).not.toContain("object-position");
  });
});

describe("backup and restore", () => {
  it("give back the settings and the images' alt text and captions; a restored bad address is refused", async () => {
    const content = `<figure><img src="${image.url}" alt="A pharmacy counter with no queue" /><figcaption>After: no one waits at the counter.</figcaption></figure><p>Enough words here to pass the fifty character minimum.</p>`;
    const post = (
      await create(makePostInput({ ...SETTINGS, socialImage: image.url, coverFocus: "50% 25%", content })).expect(201)
    ).body;
    const stored = await t.store.getPostById(post.id);
    expect(stored?.content).toBe(content);

    await request(t.app).post("/api/debug/backup-posts").set("Cookie", admin).expect(200);
    await t.store.deletePost(post.id);
    await request(t.app).post("/api/debug/restore-posts").set("Cookie", admin).send({}).expect(200);
    expect(await t.store.getPostById(post.id)).toEqual(stored);

    const broken = { ...stored!, id: 900, slug: "broken-settings", socialImage: "javascript:alert(1)" };
    const res = await request(t.app)
      .post("/api/debug/restore-posts")
      .set("Cookie", admin)
      .send({ posts: [broken] })
      .expect(200);
    expect(res.body.refused).toEqual([{ id: 900, field: "socialImage", message: SEO_MESSAGES.socialImage }]);
  });
});

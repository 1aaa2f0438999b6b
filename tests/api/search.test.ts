import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_INVALID_MESSAGE } from "~/server/search/search-router";
import { MAX_QUERY_LENGTH, SEARCH_MESSAGES, type SearchAnswer } from "~/shared/search";
import { makePageInput, makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp } from "../helpers/test-app";

/** The public search (docs/product.md section 11): its API and its server-rendered page. */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let editor: string;

beforeAll(async () => {
  // The page cache on, to show that search pages are never kept in it.
  t = await makeTestApp({ env: { HTML_CACHE_BYTES: "4000000" } });
  editor = (await signedIn(t, "editor")).cookie;
});
afterAll(() => t.close());

const PADDING = "<p>Enough words here to pass the fifty character minimum of a post.</p>";
const search = (q: string, page?: number) =>
  request(t.app)
    .get("/api/public/search")
    .query({ q, ...(page && { page }) });
const found = async (q: string) => ((await search(q).expect(200)).body as SearchAnswer).results.map((r) => r.url);

/** Polls the API until `test` holds of the result URLs, for at most `ms`; answers the time it took. */
async function within(ms: number, q: string, test: (urls: string[]) => boolean): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (test(await found(q))) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`"${q}" did not change as expected within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("GET /api/public/search", () => {
  it("finds a post published through the CMS within a second, and never its draft", async () => {
    const created = await request(t.app)
      .post("/api/cms/simple-create-post")
      .set("Cookie", editor)
      .send({
        title: "Zeppelin boarding queues",
        summary: "How airships board their passengers.",
        content: `<p>Gondola etiquette for the impatient.</p>${PADDING}`,
        published: false,
      })
      .expect(201);
    const { id, slug } = created.body as { id: number; slug: string };
    expect(await found("zeppelin")).toEqual([]);
    expect(await found("gondola")).toEqual([]);

    await request(t.app).put(`/api/cms/update-post/${id}`).set("Cookie", editor).send({ published: true }).expect(200);
    expect(await within(1000, "zeppelin", (urls) => urls.includes(`/blog/${slug}`))).toBeLessThanOrEqual(1000);
    expect(await found("gondola")).toEqual([`/blog/${slug}`]);
  });

  it("finds by a title word, a word of the text, a prefix and with one typo; answers type, title, url and snippet", async () => {
    const post = await t.store.createPost(
      makePostInput({
        title: "Harbour ferry terminals",
        summary: "Boarding by time slot, not by crowd.",
        content: `<p>Passengers <em>wait</em> in the café instead of the <strong>gangway</strong>.</p>${PADDING}`,
      }),
    );
    const url = `/blog/${post.slug}`;
    await t.app.search.settled();
    expect(await found("harbour")).toContain(url);
    expect(await found("gangway")).toContain(url);
    expect(await found("gangw")).toContain(url);
    expect(await found("gangwey")).toContain(url);
    const { results } = (await search("gangway").expect(200)).body as SearchAnswer;
    expect(results[0]).toMatchObject({ type: "post", title: "Harbour ferry terminals", url });
    expect(results[0]!.snippet).toContain("<mark>gangway</mark>");
  });

  it("never finds a draft, and an unpublished or trashed post leaves the results", async () => {
    const draft = await t.store.createPost(makePostInput({ title: "Quokka draft notes", published: false }));
    const shown = await t.store.createPost(makePostInput({ title: "Wombat crossing" }));
    const other = await t.store.createPost(makePostInput({ title: "Wombat burrows" }));
    expect(await found("quokka")).toEqual([]);
    expect(await found("wombat")).toEqual(expect.arrayContaining([`/blog/${shown.slug}`, `/blog/${other.slug}`]));

    await t.store.updatePost(shown.id, { published: false });
    await within(1000, "wombat", (urls) => !urls.includes(`/blog/${shown.slug}`));
    await t.store.deletePost(other.id);
    await within(1000, "wombat", (urls) => urls.length === 0);
    await t.store.updatePost(draft.id, { title: "Quokka draft notes, edited" });
    expect(await found("quokka")).toEqual([]);
  });

  it("finds an edited post by its new words only, with a snippet of its text as the store now holds it", async () => {
    const post = await t.store.createPost(
      makePostInput({ title: "Ticket kiosks", content: `<p>Marmalade counters at the entrance.</p>${PADDING}` }),
    );
    expect(await found("marmalade")).toEqual([`/blog/${post.slug}`]);
    await t.store.updatePost(post.id, { content: `<p>Pomegranate counters at the exit.</p>${PADDING}` });
    await within(1000, "pomegranate", (urls) => urls.includes(`/blog/${post.slug}`));
    expect(await found("marmalade")).toEqual([]);
    const { results } = (await search("pomegranate").expect(200)).body as SearchAnswer;
    expect(results[0]!.snippet).toContain("<mark>Pomegranate</mark> counters at the exit.");
  });

  it("finds a published page by its title and the words of its blocks, never a draft, a hidden block or an address", async () => {
    const page = await request(t.app)
      .post("/api/cms/pages")
      .set("Cookie", editor)
      .send(
        makePageInput({
          title: "Careers at the harbour",
          path: "/careers-search",
          blocks: [
            { id: "story", type: "richText", html: "<p>We hire <strong>lighthouse</strong> keepers.</p>" },
            {
              id: "cta",
              type: "callToAction",
              headline: "Join the crew",
              text: "Apply before the barnacles grow.",
              button: { label: "Apply now", href: "/contact-walrus" },
            },
            { id: "old", type: "richText", html: "<p>Submarine openings.</p>", hidden: true },
          ],
        }),
      )
      .expect(201);
    const id = (page.body as { id: number }).id;
    expect(await found("lighthouse")).toEqual([]);

    await request(t.app).post(`/api/cms/pages/${id}/publish`).set("Cookie", editor).expect(200);
    expect(await within(1000, "lighthouse", (urls) => urls.includes("/careers-search"))).toBeLessThanOrEqual(1000);
    const answer = (await search("careers harbour").expect(200)).body as SearchAnswer;
    expect(answer.results).toEqual([
      expect.objectContaining({ type: "page", title: "Careers at the harbour", url: "/careers-search" }),
    ]);
    expect(await found("barnacles")).toEqual(["/careers-search"]);
    expect(await found("submarine")).toEqual([]);
    expect(await found("walrus")).toEqual([]);

    await request(t.app).post(`/api/cms/pages/${id}/unpublish`).set("Cookie", editor).expect(200);
    expect(await within(1000, "lighthouse", (urls) => urls.length === 0)).toBeLessThanOrEqual(1000);
  });

  it("finds industries and tags", async () => {
    await t.store.createPost(makePostInput({ title: "Tagged post", tags: ["Stadium events"] }));
    const answer = (await search("stadium").expect(200)).body as SearchAnswer;
    expect(answer.results).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: "tag", title: "Stadium events" })]),
    );
    const healthcare = (await search("healthcare").expect(200)).body as SearchAnswer;
    expect(healthcare.results.some((r) => r.type === "industry" && r.url.startsWith("/industries/"))).toBe(true);
  });

  it("pages the results", async () => {
    for (let i = 0; i < 12; i++) await t.store.createPost(makePostInput({ title: `Narwhal note ${i}` }));
    const second = (await search("narwhal", 2).expect(200)).body as SearchAnswer;
    expect(second).toMatchObject({ total: 12, page: 2, pageCount: 2 });
    expect(second.results).toHaveLength(2);
  });

  it("refuses an over-long query and a bad page with field messages", async () => {
    const long = await search("x".repeat(MAX_QUERY_LENGTH + 1)).expect(400);
    expect(long.body).toEqual({ message: SEARCH_INVALID_MESSAGE, errors: { q: [SEARCH_MESSAGES.tooLong] } });
    const page = await request(t.app).get("/api/public/search?q=x&page=nope").expect(400);
    expect(page.body.errors).toEqual({ page: [SEARCH_MESSAGES.badPage] });
  });
});

describe("the /search page", () => {
  it("renders the results in the HTML, with the snippet escaped and marked, and is never kept", async () => {
    const post = await t.store.createPost(
      makePostInput({ title: "Lighthouse visitor flow", content: `<p>The &lt;b&gt; keeper's beacon.</p>${PADDING}` }),
    );
    const res = await request(t.app).get("/search?q=beacon").expect(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.text).toContain(`href="/blog/${post.slug}"`);
    expect(res.text).toContain("The &lt;b&gt; keeper&#39;s <mark>beacon</mark>");
    expect(res.text).toContain(SEARCH_MESSAGES.found(1, "beacon"));
    const kept = t.app.htmlCache.stats().entries;
    await request(t.app).get("/search?q=beacon").expect(200);
    await request(t.app).get("/search?q=lighthouse").expect(200);
    expect(t.app.htmlCache.stats().entries).toBe(kept);
  });

  it("shows the form and a hint for an empty query", async () => {
    const res = await request(t.app).get("/search").expect(200);
    expect(res.text).toContain('name="q"');
    expect(res.text).toContain(SEARCH_MESSAGES.hint);
  });

  it("says so on the page for an over-long query, with a 400", async () => {
    const res = await request(t.app)
      .get("/search")
      .query({ q: "y".repeat(MAX_QUERY_LENGTH + 1) })
      .expect(400);
    expect(res.text).toContain(SEARCH_MESSAGES.tooLong);
  });

  it("is linked from the site header and the blog", async () => {
    const blog = await request(t.app).get("/blog").expect(200);
    expect(blog.text.match(/href="\/search"/g)?.length).toBeGreaterThanOrEqual(2);
  });
});

import fs from "node:fs";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Block } from "~/shared/blocks";
import { HOME_PAGE_PATH, PAGE_MESSAGES } from "~/shared/pages";
import { pageText } from "../helpers/page-text";
import { FIXTURE, FIXTURE_DATA, readExpected } from "../helpers/previous-release";
import { signedIn } from "../helpers/sign-in";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { makeTestApp, type TestApp } from "../helpers/test-app";

/**
 * The home page as a page of blocks (docs/decisions/280-the-home-page-is-a-page-of-blocks.md):
 * made once on the first start from the published site content, saying what the home page said
 * before it (tests/fixtures/site-text/home.txt and home-previous-release.txt are the text the
 * home route rendered before, of a new site and of the previous release's folder) at the same
 * anchors, and kept at /.
 */
const BEFORE = fs.readFileSync("tests/fixtures/site-text/home.txt", "utf8").trimEnd();
const PREVIOUS_HOME = "tests/fixtures/site-text/home-previous-release.txt";
const DEFAULT_HEADLINE = "Intelligent Queuing for the Modern World";
const ANCHORS = ["about", "core-tech", "industries", "contact"];

const sameText = (html: string) => pageText(html).replace(/© \d{4} /, "© YEAR ");
const anchorsOf = (html: string) => ANCHORS.filter((id) => html.includes(` id="${id}"`));
const homePages = async (t: TestApp) => (await t.store.listPages()).filter((p) => p.path === HOME_PAGE_PATH);

afterAll(() => removeTempDirs());

describe("the first start of a site", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await makeTestApp({ env: { HTML_CACHE_BYTES: "4000000" } });
    admin = (await signedIn(t, "admin")).cookie;
  });
  afterAll(() => t.close());

  it("makes the published home page of blocks at /, with the text and anchors the home page had", async () => {
    const [home, ...more] = await homePages(t);
    expect(more).toEqual([]);
    expect(home).toMatchObject({ path: "/", published: true });
    expect(home!.blocks.map((b) => b.type)).toEqual([
      "hero",
      "featureGrid",
      "richText",
      "featureGrid",
      "steps",
      "richText",
      "featureGrid",
      "figures",
      "industryCards",
      "callToAction",
      "contactForm",
    ]);
    const res = await request(t.app).get("/").expect(200);
    expect(sameText(res.text)).toBe(BEFORE);
    expect(anchorsOf(res.text)).toEqual(ANCHORS);
  });

  it("keeps the home's rules by its blocks: buttons that scroll, three features a card, the form last", async () => {
    const [home] = await homePages(t);
    const blocks = home!.blocks as Block[];
    const hero = blocks[0] as Extract<Block, { type: "hero" }>;
    expect(hero.buttons.map((b) => b.href)).toEqual(["#industries", "#contact"]);
    const cards = blocks.find((b) => b.type === "industryCards") as Extract<Block, { type: "industryCards" }>;
    expect(cards.featureCount).toBe(3);
    expect(blocks.at(-1)).toMatchObject({ type: "contactForm", anchor: "contact" });
  });

  it("changes nothing on a second start", async () => {
    const before = await t.store.listPages();
    const revisions = await t.store.listRevisions("page", before[0]!.id);
    await t.release();
    t = await makeTestApp({ dataDir: t.dataDir, env: { HTML_CACHE_BYTES: "4000000" } });
    admin = (await signedIn(t, "admin")).cookie;
    expect(await t.store.listPages()).toEqual(before);
    expect(await t.store.listRevisions("page", before[0]!.id)).toEqual(revisions);
  });

  it("shows a new hero headline at / once the home page is saved in the block editor", async () => {
    await request(t.app).get("/").expect(200);
    expect((await request(t.app).get("/")).headers["x-cache"]).toBe("HIT");
    const [home] = await homePages(t);
    const blocks = structuredClone(home!.blocks) as Block[];
    (blocks[0] as Extract<Block, { type: "hero" }>).headline = "Lines that move themselves";
    await request(t.app)
      .put(`/api/cms/pages/${home!.id}`)
      .set("Cookie", admin)
      .send({ blocks, updatedAt: home!.updatedAt })
      .expect(200);
    await request(t.app).post(`/api/cms/pages/${home!.id}/publish`).set("Cookie", admin).send({});
    const text = sameText((await request(t.app).get("/").expect(200)).text);
    expect(text).toBe(BEFORE.replace(DEFAULT_HEADLINE, "Lines that move themselves"));
  });

  it("refuses to delete, unpublish, schedule or move the home page, and / to any other page", async () => {
    const [home] = await homePages(t);
    const id = home!.id;
    const del = await request(t.app).delete(`/api/cms/pages/${id}`).set("Cookie", admin).expect(409);
    expect(del.body.message).toBe(PAGE_MESSAGES.homeNotDeleted);
    const off = await request(t.app).post(`/api/cms/pages/${id}/unpublish`).set("Cookie", admin).expect(409);
    expect(off.body.errors.published).toEqual([PAGE_MESSAGES.homeStaysPublished]);
    const unpublished = await request(t.app)
      .put(`/api/cms/pages/${id}`)
      .set("Cookie", admin)
      .send({ published: false })
      .expect(409);
    expect(unpublished.body.errors.published).toEqual([PAGE_MESSAGES.homeStaysPublished]);
    const moved = await request(t.app)
      .put(`/api/cms/pages/${id}`)
      .set("Cookie", admin)
      .send({ path: "/welcome" })
      .expect(409);
    expect(moved.body.errors.path).toEqual([PAGE_MESSAGES.homePathKept]);
    const taken = await request(t.app)
      .post("/api/cms/pages")
      .set("Cookie", admin)
      .send({ title: "Another home", path: "/", blocks: [] })
      .expect(409);
    expect(taken.body.errors.path).toEqual([PAGE_MESSAGES.homePathTaken]);
    const other = await request(t.app)
      .post("/api/cms/pages")
      .set("Cookie", admin)
      .send({ title: "Pricing", path: "/pricing", blocks: [] })
      .expect(201);
    const onto = await request(t.app)
      .put(`/api/cms/pages/${other.body.id}`)
      .set("Cookie", admin)
      .send({ path: "/" })
      .expect(409);
    expect(onto.body.errors.path).toEqual([PAGE_MESSAGES.homePathTaken]);
    expect(await homePages(t)).toHaveLength(1);
    await request(t.app).get("/").expect(200);
  });
});

describe("a data folder of the previous release, whose published headline was changed", () => {
  const expected = readExpected();
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse(expected.recordedAt) + 1_000, shouldAdvanceTime: true });
  });
  afterAll(() => vi.useRealTimers());

  it("keeps its headline and the rest of the home's text and anchors in the home page's blocks", async () => {
    const dir = makeTempDir("home-upgrade-");
    fs.cpSync(FIXTURE_DATA, dir, { recursive: true });
    const t = await makeTestApp({ dataDir: dir, env: { PUBLIC_URL: FIXTURE.publicUrl, TRUST_PROXY: "1" } });
    try {
      const [home] = await homePages(t);
      expect(home!.blocks[0]).toMatchObject({ type: "hero", headline: "Queues that wait for you" });
      const res = await request(t.app).get("/").expect(200);
      expect(expected.pages["/"]).toMatchObject({ h1: ["Queues that wait for you"] });
      // What the home route rendered of this folder before the upgrade (its headline, an industry renamed, one hidden).
      expect(sameText(res.text)).toBe(fs.readFileSync(PREVIOUS_HOME, "utf8").trimEnd());
      expect(anchorsOf(res.text)).toEqual(ANCHORS);
    } finally {
      await t.release();
    }
  });
});

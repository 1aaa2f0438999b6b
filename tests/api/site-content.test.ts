import { readFileSync } from "node:fs";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_FOUND } from "~/app/components/not-found-card";
import { ACTIVITY_MESSAGES, type ActivityPage } from "~/shared/activity";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import { CONTACT_MESSAGES } from "~/shared/contact-schema";
import { PREVIEW_MESSAGES } from "~/shared/preview";
import { SITE_CONTENT_MESSAGES, type SiteAdminView, type SiteContent } from "~/shared/site-content";
import { DEFAULT_SITE_CONTENT } from "~/shared/site-defaults";
import { asHtml } from "../helpers/html";
import { pageText } from "../helpers/page-text";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp } from "../helpers/test-app";
import { BACKUP_SERVICE_MESSAGES } from "~/server/backups/backup-service";

/** The site's content as data (docs/product.md section 10), through its HTTP calls and the pages. */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let admin: string;

beforeAll(async () => {
  t = await makeTestApp({ env: { HTML_CACHE_BYTES: "4000000" } });
  admin = (await signedIn(t, "admin")).cookie;
});
afterAll(() => t.close());

const get = (path: string, cookie?: string) => {
  const req = request(t.app).get(path);
  return cookie ? req.set("Cookie", cookie) : req;
};
const saveDraft = (draft: unknown) =>
  request(t.app)
    .put("/api/admin/site/draft")
    .set("Cookie", admin)
    .send(draft as object);
const publish = () => request(t.app).post("/api/admin/site/publish").set("Cookie", admin);
const current = async () => ((await get("/api/admin/site", admin).expect(200)).body as SiteAdminView).draft;
/** Saves and publishes the draft that `change` makes of the current one. */
async function publishChange(change: (draft: SiteContent) => SiteContent) {
  await saveDraft(change(await current())).expect(200);
  await publish().expect(201);
}

const RESTAURANTS: SiteContent["industries"][number] = {
  key: "restaurants-key",
  id: "restaurants",
  title: "Restaurants",
  description: "Waitlists and pickup windows for busy dining rooms.",
  pageDescription: ["Tables turn faster when guests wait where they like.", "A second paragraph."],
  features: ["Text-when-ready tables", "Pickup windows"],
  icon: "utensils-crossed",
  scene: "hospitality",
  shown: true,
};

const sameText = (html: string) => pageText(html).replace(/© \d{4} /, "© YEAR ");
const fixture = (name: string) => readFileSync(`tests/fixtures/site-text/${name}.txt`, "utf8").trimEnd();

describe("a fresh data folder", () => {
  it.each([
    ["home", "/"],
    ["industries", "/industries"],
    ["healthcare", "/industries/healthcare"],
  ])("renders %s with the text the site had before its content was data", async (name, path) => {
    expect(sameText((await get(path).expect(200)).text)).toBe(fixture(name));
  });

  it("answers the defaults at GET /api/public/site, kept like the public blog calls", async () => {
    const res = await get("/api/public/site").expect(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body.home.hero.headline).toBe(DEFAULT_SITE_CONTENT.home.hero.headline);
    expect(res.body.industries.map((i: { id: string }) => i.id)).toEqual(
      DEFAULT_SITE_CONTENT.industries.map((i) => i.id),
    );
    expect((await get("/api/public/site")).headers["x-cache"]).toBe("HIT");
  });
});

describe("who may edit", () => {
  it("refuses visitors (401), writers (403) and writes from another site (403)", async () => {
    await get("/api/admin/site").expect(401);
    const writer = (await signedIn(t, "writer")).cookie;
    const refused = await get("/api/admin/site", writer).expect(403);
    expect(refused.body.message).toBe(SITE_CONTENT_MESSAGES.editorsOnly);
    const cross = await request(t.app)
      .post("/api/admin/site/publish")
      .set("Cookie", admin)
      .set("Origin", "https://elsewhere.example")
      .expect(403);
    expect(cross.body.message).toBe(AUTH_MESSAGES.crossOrigin);
  });
});

describe("a save that would break the site", () => {
  it("is refused with field messages and nothing saved", async () => {
    const draft = await current();
    const broken = structuredClone(draft);
    broken.home.hero.headline = "  ";
    broken.industries[1]!.id = broken.industries[0]!.id;
    broken.links.community[0]!.url = "javascript:alert(1)";
    broken.links.header[0]!.href = "//evil.example/";
    const res = await saveDraft(broken).expect(400);
    expect(res.body.message).toBe(SITE_CONTENT_MESSAGES.invalid);
    expect(res.body.errors["home.hero.headline"]).toEqual([SITE_CONTENT_MESSAGES.headlineRequired]);
    expect(res.body.errors["industries.1.id"]).toEqual([SITE_CONTENT_MESSAGES.duplicateId]);
    expect(res.body.errors["links.community.0.url"]).toEqual([SITE_CONTENT_MESSAGES.url]);
    expect(res.body.errors["links.header.0.href"]).toEqual([SITE_CONTENT_MESSAGES.link]);
    expect(await current()).toEqual(draft);
  });

  it("answers 400, not 500, for a body that is not site content at all", async () => {
    await saveDraft({ home: 3 }).expect(400);
    await saveDraft([]).expect(400);
  });
});

describe("a draft", () => {
  it("is named by no bar while it holds nothing unpublished: a post's preview shows the post's bar alone", async () => {
    const preview = await get("/?preview", admin).expect(200);
    expect(preview.text).not.toContain(PREVIEW_MESSAGES.siteDraftBar);
    expect(preview.headers["cache-control"]).toBe("private, no-store");
  });

  it("is invisible to visitors and shown in an editor's preview, never kept", async () => {
    const draft = await current();
    draft.links.copyrightHolder = "Draft headline for the preview";
    await saveDraft(draft).expect(200);
    expect((await get("/").expect(200)).text).not.toContain("Draft headline");
    expect((await get("/?preview").expect(200)).text).not.toContain("Draft headline");
    const preview = await get("/?preview", admin).expect(200);
    expect(preview.text).toContain("Draft headline for the preview");
    expect(preview.text).toContain(PREVIEW_MESSAGES.siteDraftBar);
    expect(preview.headers["cache-control"]).toBe("private, no-store");
    expect(preview.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(preview.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect((await get("/").expect(200)).headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    const writer = (await signedIn(t, "writer")).cookie;
    expect((await get("/?preview", writer).expect(200)).text).not.toContain("Draft headline");
  });
});

describe("publishing", () => {
  it("drops no kept page for a change of its home part, which the home page of blocks no longer shows", async () => {
    // The preview's draft changed the footer, which every page shows: published first.
    await publish().expect(201);
    await get("/blog").expect(200);
    expect((await get("/blog")).headers["x-cache"]).toBe("HIT");
    await get("/");
    expect((await get("/")).headers["x-cache"]).toBe("HIT");
    await publishChange((d) => ({ ...d, home: { ...d.home, hero: { ...d.home.hero, headline: "Queues, solved" } } }));
    const home = await get("/").expect(200);
    expect(home.headers["x-cache"]).toBe("HIT");
    expect(home.text).not.toContain("Queues, solved");
    expect((await get("/blog")).headers["x-cache"]).toBe("HIT");
    expect((await get("/api/public/site")).body.home.hero.headline).toBe("Queues, solved");
  });

  it("refuses a publish with nothing new (409)", async () => {
    const res = await publish().expect(409);
    expect(res.body.message).toBe(SITE_CONTENT_MESSAGES.nothingToPublish);
  });

  it("puts an added industry on every page that lists industries, and the contact form takes it", async () => {
    await publishChange((d) => ({ ...d, industries: [...d.industries, RESTAURANTS] }));
    expect((await get("/blog")).headers["x-cache"]).toBe("MISS"); // the menus changed on every page
    const list = await get("/industries").expect(200);
    expect(list.text).toContain(asHtml(RESTAURANTS.description));
    const page = await get("/industries/restaurants").expect(200);
    expect(page.text).toContain(
      `<h1 class="mt-4 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">Restaurants</h1>`,
    );
    for (const paragraph of RESTAURANTS.pageDescription) expect(page.text).toContain(paragraph);
    const blog = await get("/blog").expect(200);
    expect(blog.text).toMatch(/id="mobile-menu"[\s\S]*href="\/industries\/restaurants"/);
    expect(list.text).toContain('<option value="restaurants">Restaurants</option>');
    expect((await get("/sitemap.xml")).text).toContain("/industries/restaurants</loc>");
    await request(t.app)
      .post("/api/contact")
      .send({ name: "Ana", email: "ana@example.com", industry: "restaurants", message: "Hello there" })
      .expect(201);
    const refused = await request(t.app)
      .post("/api/contact")
      .send({ name: "Ana", email: "ana@example.com", industry: "space", message: "Hello there" })
      .expect(400);
    expect(refused.body.errors).toEqual({ industry: [CONTACT_MESSAGES.industryInvalid] });
  });

  it("answers 301 from an industry's old id, and 410 Gone once it is deleted or hidden", async () => {
    await publishChange((d) => ({
      ...d,
      industries: d.industries.map((i) => (i.key === RESTAURANTS.key ? { ...i, id: "eateries" } : i)),
    }));
    const moved = await get("/industries/restaurants").expect(301);
    expect(moved.headers.location).toBe("/industries/eateries");
    await get("/industries/eateries").expect(200);

    await publishChange((d) => ({
      ...d,
      industries: d.industries
        .filter((i) => i.key !== RESTAURANTS.key)
        .map((i) => (i.id === "finance" ? { ...i, shown: false } : i)),
    }));
    for (const path of ["/industries/eateries", "/industries/restaurants", "/industries/finance"]) {
      const gone = await get(path).expect(410);
      expect(gone.text).toContain(NOT_FOUND.title);
    }
    await get("/industries/never-was").expect(404);
    const sitemap = (await get("/sitemap.xml")).text;
    expect(sitemap).not.toContain("/industries/eateries");
    expect(sitemap).not.toContain("/industries/finance");
  });

  it("leaves the inbox naming the industry a message chose after it is gone", async () => {
    const inbox = await get("/api/admin/messages", admin).expect(200);
    const message = inbox.body.messages.find((m: { industry?: string }) => m.industry === "restaurants");
    expect(message.industryTitle).toBe("Restaurants");
  });

  it("renders text as text, never as markup", async () => {
    await publishChange((d) => ({
      ...d,
      links: { ...d.links, copyrightHolder: "<img src=x onerror=alert(1)>" },
    }));
    const home = (await get("/")).text;
    expect(home).not.toContain("<img src=x");
    expect(home).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});

describe("revisions", () => {
  it("lists every publish with who and when, and a restore brings back an older headline", async () => {
    const list = (await get("/api/admin/site/revisions", admin).expect(200)).body as {
      id: number;
      createdBy: string;
      sections: string[];
    }[];
    // Revision ids are shared with every subject's: the home page's first took one before the site's.
    const first = list.at(-1)!.id;
    expect(list.at(-1)).toMatchObject({ createdBy: "" });
    expect(list[0]!.createdBy).toMatch(/^admin-/);
    const built = await get(`/api/admin/site/revisions/${first}`, admin).expect(200);
    expect(built.body.content.home.hero.headline).toBe(DEFAULT_SITE_CONTENT.home.hero.headline);
    const second = list.at(-2)!;
    expect(second.sections).toEqual(["links"]);

    const restored = await request(t.app)
      .post(`/api/admin/site/revisions/${first}/restore`)
      .set("Cookie", admin)
      .expect(201);
    expect(restored.body).toMatchObject({ restoredFrom: first, sections: ["home", "industries", "links"] });
    expect((await get("/")).text).toContain(
      `© ${new Date().getFullYear()} ${DEFAULT_SITE_CONTENT.links.copyrightHolder}.`,
    );
    await request(t.app).post("/api/admin/site/revisions/999/restore").set("Cookie", admin).expect(404);
    await request(t.app).post("/api/admin/site/revisions/x/restore").set("Cookie", admin).expect(404);

    // Publishing and restoring the site are in the activity log, as a post's are.
    const log = (await get("/api/admin/activity", admin).expect(200)).body as ActivityPage;
    const site = log.entries.filter((e) => e.what.includes("site's content")).map((e) => [e.kind, e.what]);
    expect(site[0]).toEqual(["restore", ACTIVITY_MESSAGES.siteRestored(first, restored.body.id as number)]);
    expect(site).toContainEqual(["publish", ACTIVITY_MESSAGES.sitePublished(second.id)]);
  });
});

describe("a backup", () => {
  it("holds the published site content, and a restore of the site publishes it again", async () => {
    await publishChange((d) => ({
      ...d,
      links: { ...d.links, copyrightHolder: "Kept in the backup" },
    }));
    const backup = await request(t.app).post("/api/debug/backup-posts").set("Cookie", admin).expect(200);
    const file = (await get(`/api/debug/backups/${backup.body.file}`, admin).expect(200)).text;
    expect(JSON.parse(file).site.links.copyrightHolder).toBe("Kept in the backup");

    await publishChange((d) => ({ ...d, links: { ...d.links, copyrightHolder: "After the backup" } }));
    await request(t.app)
      .post("/api/debug/restore-posts")
      .set("Cookie", admin)
      .send({ file: backup.body.file })
      .expect(200);
    // A posts restore leaves the site content as it is (docs/decisions/195-whole-site-backups.md).
    expect((await get("/")).text).toContain("After the backup");
    await request(t.app)
      .post(`/api/debug/backups/${backup.body.file}/restore`)
      .set("Cookie", admin)
      .send({ kinds: ["site"] })
      .expect(200);
    expect((await get("/")).text).toContain("Kept in the backup");
    const [latest] = (await get("/api/admin/site/revisions", admin)).body as { createdBy: string }[];
    expect(latest!.createdBy).toBe(BACKUP_SERVICE_MESSAGES.restoredBy);
  });
});

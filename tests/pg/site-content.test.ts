import request from "supertest";
import { describe, expect, it } from "vitest";
import type { SiteContent } from "~/shared/site-content";
import { DEFAULT_SITE_CONTENT } from "~/shared/site-defaults";
import { signedIn } from "../helpers/sign-in";
import { useTwoInstances } from "../helpers/two-instances";

/** The site's content on PostgreSQL (docs/decisions/111-site-content-in-the-store.md), with two instances. */
const { twoInstances, instances } = useTwoInstances();

const withHeadline = (content: SiteContent, headline: string): SiteContent => ({
  ...content,
  home: { ...content.home, hero: { ...content.home.hero, headline } },
});

/**
 * The footer's copyright line: what "/" shows of the site content, now that the home page's own
 * words are its page of blocks (docs/decisions/280-the-home-page-is-a-page-of-blocks.md).
 */
const withHolder = (content: SiteContent, copyrightHolder: string): SiteContent => ({
  ...content,
  links: { ...content.links, copyrightHolder },
});
const copyright = (holder: string) => `© ${new Date().getFullYear()} ${holder}.`;

describe("site content on two instances", () => {
  it("a publish on A is served by B within a second, and a restore on A brings the old footer back on B", async () => {
    const [a, b] = await twoInstances();
    const { cookie } = await signedIn(a);
    const write = (req: request.Test) => req.set("Cookie", cookie).set("Sec-Fetch-Site", "same-origin");
    const homeOnB = async () => (await request(b.app).get("/")).text;
    const before = copyright(DEFAULT_SITE_CONTENT.links.copyrightHolder);
    expect(await homeOnB()).toContain(before);
    expect((await request(b.app).get("/")).headers["x-cache"]).toBe("HIT");

    await write(request(a.app).put("/api/admin/site/draft"))
      .send(withHolder(DEFAULT_SITE_CONTENT, "Published on instance A"))
      .expect(200);
    expect(await homeOnB()).not.toContain("Published on instance A");
    await write(request(a.app).post("/api/admin/site/publish")).expect(201);
    await expect.poll(homeOnB, { timeout: 1000, interval: 50 }).toContain(copyright("Published on instance A"));

    // Revision ids are shared with every subject's: the home page's first took one before the site's.
    const revisions = await request(b.app).get("/api/admin/site/revisions").set("Cookie", cookie).expect(200);
    const ids = revisions.body.map((r: { id: number }) => r.id) as number[];
    expect(ids).toHaveLength(2);
    await write(request(a.app).post(`/api/admin/site/revisions/${ids[1]}/restore`)).expect(201);
    await expect.poll(homeOnB, { timeout: 1000, interval: 50 }).toContain(before);
  });

  it("keeps the draft, the published content and its revisions across a restart", async () => {
    const { apps, restart } = await instances(1);
    const a = apps[0]!;
    const { draft } = await a.store.getSite();
    await a.store.saveSiteDraft(withHeadline(draft, "Kept in the database"));
    await a.store.publishSite("ada");
    await a.store.saveSiteDraft(withHeadline(draft, "A draft kept too"));
    const again = await restart(a);
    const site = await again.store.getSite();
    expect(site.published.home.hero.headline).toBe("Kept in the database");
    expect(site.draft.home.hero.headline).toBe("A draft kept too");
    expect(site.publishedBy).toBe("ada");
    const revisions = await again.store.listSiteRevisions();
    // After the home page's first revision: ids are shared with every subject's.
    expect(revisions.map((r) => [r.id, r.createdBy])).toEqual([
      [3, "ada"],
      [2, ""],
    ]);
    expect(revisions[1]!.content).toEqual(DEFAULT_SITE_CONTENT);
  });
});

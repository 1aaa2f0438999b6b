import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DB_FILE } from "~/server/store/json-store";
import { seedData } from "~/server/store/seed";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { siteTopics } from "~/server/site/site-topics";
import { SHOWS_SITE, SHOWS_SITE_HOME, SHOWS_SITE_INDUSTRIES, showsIndustry } from "~/shared/page-cache";
import { isHttpUrl, isSitePath, siteContentSchema, type SiteContent } from "~/shared/site-content";
import { DEFAULT_SITE_CONTENT } from "~/shared/site-defaults";
import { openJsonStore } from "~/server/records/open-store";

/** The site content's rules (src/shared/site-content.ts) and what a publish drops (site-topics.ts). */
describe("site content links", () => {
  it.each(["/", "/blog", "/#contact", "/industries/retail?x=1"])("takes the path %s", (path) => {
    expect(isSitePath(path)).toBe(true);
  });
  it.each(["//evil.example", "/\\evil.example", "blog", "javascript:alert(1)", "/a b", ""])(
    "refuses %s as a path",
    (path) => expect(isSitePath(path)).toBe(false),
  );
  it.each([
    ["https://example.com/x", true],
    ["http://example.com", true],
    ["javascript:alert(1)", false],
    ["data:text/html,hi", false],
    ["ftp://example.com", false],
    ["https://", false],
  ])("%s is an http(s) address: %s", (url, ok) => expect(isHttpUrl(url)).toBe(ok));
});

describe("the defaults", () => {
  it("are valid site content, ten industries shown", () => {
    expect(siteContentSchema.safeParse(DEFAULT_SITE_CONTENT).success).toBe(true);
    expect(DEFAULT_SITE_CONTENT.industries.filter((i) => i.shown)).toHaveLength(10);
  });
});

describe("a data folder from before site content was data", () => {
  afterEach(() => removeTempDirs());

  it("shows the defaults and leaves db.json as it was until someone saves", async () => {
    const dir = makeTempDir("site-content-");
    const file = path.join(dir, DB_FILE);
    fs.writeFileSync(file, JSON.stringify(seedData(), null, 2));
    const bytes = fs.readFileSync(file, "utf8");
    const store = await openJsonStore(dir);
    const site = await store.getSite();
    expect(site.published).toEqual(DEFAULT_SITE_CONTENT);
    expect(site.draft).toEqual(DEFAULT_SITE_CONTENT);
    expect(await store.listSiteRevisions()).toEqual([]);
    await store.close();
    expect(fs.readFileSync(file, "utf8")).toBe(bytes);
  });
});

describe("what a publish drops", () => {
  const base = structuredClone<SiteContent>(DEFAULT_SITE_CONTENT);
  const change = (edit: (c: SiteContent) => void) => {
    const next = structuredClone(base);
    edit(next);
    return siteTopics(base, next);
  };

  it("the home page alone for its copy", () => {
    expect(change((c) => (c.home.cta.button = "Write to us"))).toEqual(new Set([SHOWS_SITE, SHOWS_SITE_HOME]));
  });

  it("the home page, /industries and the industry's page for its texts", () => {
    expect(change((c) => (c.industries[1]!.description = "Shorter waits in clinics."))).toEqual(
      new Set([SHOWS_SITE, SHOWS_SITE_HOME, SHOWS_SITE_INDUSTRIES, showsIndustry("healthcare")]),
    );
  });

  it.each<[string, (c: SiteContent) => void]>([
    ["a title", (c) => (c.industries[0]!.title = "Hotels")],
    ["the order", (c) => c.industries.reverse()],
    ["a hidden industry", (c) => (c.industries[2]!.shown = false)],
    ["a link", (c) => (c.links.copyrightHolder = "QueueWise Inc.")],
  ])("every page for %s, which the menus and footer show", (_name, edit) => {
    expect(change(edit)).toBeUndefined();
  });
});

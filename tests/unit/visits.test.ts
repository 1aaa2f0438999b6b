import { describe, expect, it } from "vitest";
import { MAX_POSTS_READ, visitAfter, type Visit } from "~/server/analytics/visits";
import type { View } from "~/server/analytics/tally";

/** A visit of the day, as docs/decisions/190-leads-credited-to-the-visit.md says it begins and goes on. */
const view = (page: string, over: Partial<View> = {}): View => ({
  page,
  referrer: "",
  campaign: "",
  device: "desktop",
  ...over,
});
const walk = (...views: View[]) => views.reduce<Visit | undefined>(visitAfter, undefined)!;

describe("a visitor's visit of the day", () => {
  it("begins with the first view and goes on through moves within the site and direct views", () => {
    const visit = walk(
      view("/blog/a", { campaign: "utm_campaign=nov", referrer: "mail.example.org" }),
      view("/", { referrer: undefined }),
      view("/industries"),
      view("/blog/b", { referrer: undefined, campaign: "utm_campaign=nov" }),
    );
    expect(visit).toEqual({
      landing: "/blog/a",
      referrer: "mail.example.org",
      campaign: "utm_campaign=nov",
      posts: ["/blog/a", "/blog/b"],
    });
  });

  it("begins again with a view from another site or another campaign, keeping the posts read", () => {
    expect(walk(view("/blog/a"), view("/industries", { referrer: "search.example.com" }))).toMatchObject({
      landing: "/industries",
      referrer: "search.example.com",
      posts: ["/blog/a"],
    });
    expect(
      walk(view("/blog/a", { campaign: "utm_campaign=a" }), view("/", { campaign: "utm_campaign=b" })),
    ).toMatchObject({ landing: "/", referrer: "", campaign: "utm_campaign=b" });
  });

  it("remembers each post once, and at most MAX_POSTS_READ of them", () => {
    const views = Array.from({ length: MAX_POSTS_READ + 10 }, (_, i) =>
      view(`/blog/post-${i}`, { referrer: undefined }),
    );
    const visit = walk(view("/blog/post-0"), ...views, view("/blog/post-0"));
    expect(visit.posts).toHaveLength(MAX_POSTS_READ);
    expect(new Set(visit.posts).size).toBe(MAX_POSTS_READ);
    expect(walk(view("/blog"), view("/blog/author/ada")).posts).toEqual([]);
  });
});

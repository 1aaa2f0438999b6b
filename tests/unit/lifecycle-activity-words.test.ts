import { describe, expect, it } from "vitest";
import { activityWords } from "~/server/lifecycle/activity-words";
import type { LifecycleRecord } from "~/server/lifecycle/lifecycle";
import { POST_ACTIVITY } from "~/server/posts/post-lifecycle";
import type { Post } from "~/server/store/types";

/** The activity log's words come from a collection's lifecycle declaration (docs/decisions/206-one-publishing-lifecycle.md). */
const record = (fields: Partial<LifecycleRecord> & { title: string }) => ({
  id: 3,
  published: true,
  createdAt: "2026-11-01T09:00:00.000Z",
  updatedAt: "2026-11-01T09:00:00.000Z",
  ...fields,
});

describe("the lifecycle's activity words", () => {
  it("name a record as its collection declares, so a kind that opts in needs no words of its own", () => {
    const pages = activityWords<ReturnType<typeof record>>({
      activityName: (page) => `page ${page.id} "${page.title}"`,
    });
    const pricing = record({ title: "Pricing" });
    expect(pages.record(pricing)).toBe('page 3 "Pricing"');
    expect(pages.untrashed(pricing)).toBe('page 3 "Pricing" from the Trash');
    expect(pages.deletedForGood(pricing)).toBe('page 3 "Pricing" for good, from the Trash');
    expect(pages.revisionRestored(pricing, 12)).toBe('page 3 "Pricing" to revision 12');
    expect(pages.previewLink(pricing, "2026-12-08")).toBe('page 3 "Pricing" (link expires 2026-12-08)');
    expect(pages.publishedOnSchedule(pricing)).toBe('page 3 "Pricing" (published on schedule)');
    const late = record({ title: "Careers", publishedLate: { planned: "2026-11-02T08:00:00.000Z", published: "x" } });
    expect(pages.publishedOnSchedule(late)).toBe(
      'page 3 "Careers" (published on schedule, late: it was due 2026-11-02T08:00:00.000Z)',
    );
  });

  it("keep the words a post's entries had", () => {
    const post = record({ title: "Queues at dawn" }) as unknown as Post;
    expect(POST_ACTIVITY.record(post)).toBe('post 3 "Queues at dawn"');
    expect(POST_ACTIVITY.deletedForGood(post)).toBe('post 3 "Queues at dawn" for good, from the Trash');
  });
});

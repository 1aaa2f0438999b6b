import { describe, expect, it } from "vitest";
import { MEDIA_PANEL_MESSAGES } from "~/app/components/admin/media-panel";
import { USERS_MESSAGES } from "~/app/components/admin/users/users-messages";
import { DEBUG_MESSAGES } from "~/app/components/debug/debug-messages";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { AUTHOR_MESSAGES } from "~/shared/authors";
import { MEDIA_MESSAGES } from "~/shared/media";
import { countPosts, describeRefused } from "~/shared/operations";
import { plural } from "~/shared/plural";
import { POST_QUERY_MESSAGES } from "~/shared/post-query";
import { TAGS_MESSAGES } from "~/shared/tags";

/** Counts in the admin say "1 draft", never "1 drafts" or "1 post(s)" (src/shared/plural.ts). */
describe("counts with their noun", () => {
  it("puts the noun in the number of the count", () => {
    expect([0, 1, 2].map((n) => plural(n, "draft"))).toEqual(["0 drafts", "1 draft", "2 drafts"]);
    expect(plural(1, "reply", "replies")).toBe("1 reply");
    expect(plural(3, "reply", "replies")).toBe("3 replies");
  });

  it("is how every count of the admin is written", () => {
    expect(POST_QUERY_MESSAGES.counts({ all: 1, published: 0, drafts: 1 })).toBe("1 post: 0 published, 1 draft");
    expect(POST_QUERY_MESSAGES.counts({ all: 3, published: 1, drafts: 2 })).toBe("3 posts: 1 published, 2 drafts");
    expect(ACTIVITY_MESSAGES.restore(1, 0)).toBe("1 post restored, 0 skipped");
    expect(ACTIVITY_MESSAGES.purge(1, "b.json")).toBe("1 post deleted after backup b.json");
    expect(ACTIVITY_MESSAGES.testPostsRemoved(1, "b.json")).toBe("1 test post removed after backup b.json");
    expect(ACTIVITY_MESSAGES.userChanges.sessionsEnded(1)).toBe("1 session ended");
    expect(ACTIVITY_MESSAGES.backup("b.json", 1)).toBe("b.json (1 post)");
    expect(countPosts(1)).toBe("1 post");
    expect(describeRefused([{ id: 4, field: "slug", message: "taken" }])).toContain("Refused 1 post that breaks");
    expect(TAGS_MESSAGES.posts(1)).toBe("1 post");
    expect(TAGS_MESSAGES.deleteConfirm.description("Retail", 1)).toContain("from 1 post;");
    expect(AUTHOR_MESSAGES.postCount(1)).toBe("1 post");
    expect(MEDIA_MESSAGES.inHistory(1)).toBe("earlier versions of 1 post");
    expect(MEDIA_PANEL_MESSAGES.inBackups(1)).toBe("in 1 kept backup");
    expect(USERS_MESSAGES.sessions(1)).toBe("1 active session");
    expect(DEBUG_MESSAGES.backedUp(1, "b.json").description).toBe("The whole site, 1 post with it, saved to b.json.");
  });
});

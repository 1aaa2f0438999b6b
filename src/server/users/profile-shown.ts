import { authorPath } from "~/shared/authors";
import { SHOWS_POSTS, showsAuthor } from "~/shared/page-cache";
import type { ShownKind } from "~/server/page-cache/shown-kind";
import type { User, UserMark } from "~/server/store/types";

const userMarkOf = ({ username, displayName, bio, avatar }: User): UserMark => ({ username, displayName, bio, avatar });

/**
 * Users' public profiles on the public pages: a profile is on its author page, in every byline
 * naming it and in the public API's posts and the sitemap, which carry every post
 * (docs/decisions/130-bylines-and-author-pages.md). A sign-in's or a new password's write
 * changes no profile, so it touches nothing.
 */
export const PROFILES_SHOWN: ShownKind<"users"> = {
  key: "users",
  kind: "users",
  describe(before, after) {
    if (before.data.users === after.data.users) return undefined;
    const changed: { before?: UserMark; after?: UserMark }[] = [];
    for (const user of after.data.users) {
      const was = before.usersById.get(user.id);
      const [old, now] = [was && userMarkOf(was), userMarkOf(user)];
      if (!old || JSON.stringify(old) !== JSON.stringify(now))
        changed.push({ ...(old && { before: old }), after: now });
    }
    for (const user of before.data.users) {
      if (!after.usersById.has(user.id)) changed.push({ before: userMarkOf(user) });
    }
    return changed.length ? changed : undefined;
  },
  topics(changes, topics) {
    for (const { before, after } of changes) {
      topics.add(SHOWS_POSTS);
      for (const user of [before, after]) if (user) topics.add(showsAuthor(user.username));
    }
    return true;
  },
  firstPages(changes, pages) {
    for (const { after } of changes) if (after) pages.add(authorPath(after.username));
  },
};

import { authorPath } from "~/shared/authors";
import {
  encodeSlug,
  SHOWS_POST_LIST,
  SHOWS_POSTS,
  showsAuthor,
  showsCard,
  showsPost,
  showsTag,
} from "~/shared/page-cache";
import { EVERYTHING, type ShownKind } from "~/server/page-cache/shown-kind";
import { changedRecords } from "~/server/store/changed-records";
import type { Snapshot } from "~/server/store/db-snapshot";
import type { Post, PostMark } from "~/server/store/types";
import { authorsOf } from "./post-authors";
import { cardMarkOf } from "./post-view";

/**
 * Past this many changed records a write is described as "everything": a purge, a restore or an
 * instance reading every table again would drop most pages anyway, and listing 10,000 posts would
 * cost more than rendering the few pages readers ask for next.
 */
export const MOST_LISTED = 100;

/** What the public pages show of a post: where it is, whether it is public, its place in lists, its card. */
const markOf = (post: Post, snap: Snapshot): PostMark => ({
  id: post.id,
  slug: post.slug,
  published: post.published,
  publishedAt: post.publishedAt ?? post.createdAt,
  tagSlugs: post.tags.map((tag) => tag.slug),
  card: cardMarkOf(post),
  authorNames: authorsOf(post).flatMap((id) => snap.usersById.get(id)?.username ?? []),
});

/** Published before and after, with the same slug, date and tags: every list holds it where it was. */
export const savedInPlace = (before: PostMark | undefined, after: PostMark | undefined) =>
  before?.published === true &&
  after?.published === true &&
  before.slug === after.slug &&
  before.publishedAt === after.publishedAt &&
  before.tagSlugs.join(" ") === after.tagSlugs.join(" ") &&
  before.authorNames.join(" ") === after.authorNames.join(" ");

export const postPage = (post: PostMark) => `/blog/${encodeSlug(post.slug)}`;

/**
 * Posts on the public pages. Only the public side of a post counts: a draft is on no public
 * page, so a write that leaves a post a draft on both sides touches nothing, and a post published
 * on either side touches the list, its page at its slug on that side and the tags it carries
 * there (their lists, and the related posts under every post with one of them). A post saved in
 * place (published before and after, at the same slug, date and tags) changes no list's members or
 * order: only the answers showing that post itself go, and those showing its card only when the
 * card changed (docs/decisions/140-a-card-is-not-its-page.md). Its authors' pages go with its
 * list pages.
 */
export const POSTS_SHOWN: ShownKind<"posts"> = {
  key: "posts",
  kind: "posts",
  describe(before, after) {
    if (before.data.posts === after.data.posts) return undefined;
    const { upsert, remove } = changedRecords(before.data.posts, before.postsById, after.data.posts);
    if (upsert.length + remove.length > MOST_LISTED) return EVERYTHING;
    const was = (id: number) => {
      const post = before.postsById.get(id);
      return post === undefined ? {} : { before: markOf(post, before) };
    };
    return [...upsert.map((post) => ({ ...was(post.id), after: markOf(post, after) })), ...remove.map(was)];
  },
  topics(changes, topics) {
    for (const { before, after } of changes) {
      const shown = [before, after].filter((post): post is PostMark => post?.published === true);
      if (shown.length === 0) continue;
      topics.add(SHOWS_POSTS);
      for (const post of shown) topics.add(showsPost(post.slug));
      if (before?.card !== after?.card) for (const post of shown) topics.add(showsCard(post.slug));
      if (savedInPlace(before, after)) continue;
      topics.add(SHOWS_POST_LIST);
      for (const post of shown) for (const slug of post.tagSlugs) topics.add(showsTag(slug));
      for (const post of shown) for (const name of post.authorNames) topics.add(showsAuthor(name));
    }
    return true;
  },
  firstPages(changes, pages, gone) {
    for (const { before, after } of changes) {
      for (const post of [before, after]) {
        if (!post?.published) continue;
        pages.add("/blog");
        for (const slug of post.tagSlugs) pages.add(`/blog?tag=${encodeSlug(slug)}`);
        for (const name of post.authorNames) pages.add(authorPath(name));
      }
      if (before?.published && (!after?.published || after.slug !== before.slug)) gone.add(postPage(before));
      if (after?.published) pages.add(postPage(after));
    }
  },
};

import {
  encodeSlug,
  SHOWS_POST_LIST,
  SHOWS_POSTS,
  showsAuthor,
  showsCard,
  showsPost,
  showsTag,
} from "~/shared/page-cache";
import { authorPath } from "~/shared/authors";
import type { ChangeKind, ContentChange, PostMark } from "~/server/store/types";
import { sitePages, siteTopics } from "~/server/site/site-topics";

/** The kinds of write a public page may show: posts, tags, the site's content and users' public profiles. */
export const shownOnPages = (kind: ChangeKind) =>
  kind === "posts" || kind === "tags" || kind === "site" || kind === "users";

/**
 * The topics (src/shared/page-cache.ts) a content change touches, or undefined for "everything"
 * (a change too large to list). Only the public side of a post counts: a draft is on no public
 * page, so a write that leaves a post a draft on both sides touches nothing, and a post published
 * on either side touches the list, its page at its slug on that side and the tags it carries
 * there (their lists, and the related posts under every post with one of them). A post saved in
 * place (published before and after, at the same slug, date and tags) changes no list's members or
 * order: only the answers showing that post itself go, and those showing its card only when the
 * card changed (docs/decisions/140-a-card-is-not-its-page.md). A tag's own record
 * touches its pages at its old and new slug; the posts carrying it are changes of their own. A
 * post's authors' pages go with its list pages, and a user's public profile touches their author
 * page and the bylines naming them. A publish of the site's content touches what site-topics.ts says.
 */
export function topicsOf(content: ContentChange): Set<string> | undefined {
  if (!content) return undefined;
  const topics = new Set<string>();
  for (const { before, after } of content.posts) {
    const shown = [before, after].filter((post): post is PostMark => post?.published === true);
    if (shown.length > 0) topics.add(SHOWS_POSTS);
    for (const post of shown) topics.add(showsPost(post.slug));
    if (shown.length === 0) continue;
    if (before?.card !== after?.card) for (const post of shown) topics.add(showsCard(post.slug));
    if (savedInPlace(before, after)) continue;
    topics.add(SHOWS_POST_LIST);
    for (const post of shown) for (const slug of post.tagSlugs) topics.add(showsTag(slug));
    for (const post of shown) for (const name of post.authorNames) topics.add(showsAuthor(name));
  }
  // A profile is on its author page, in every byline naming it and in the public API's posts and
  // the sitemap, which carry every post (docs/decisions/130-bylines-and-author-pages.md).
  for (const { before, after } of content.users ?? []) {
    topics.add(SHOWS_POSTS);
    for (const user of [before, after]) if (user) topics.add(showsAuthor(user.username));
  }
  for (const { before, after } of content.tags) {
    for (const tag of [before, after]) if (tag) topics.add(showsTag(tag.slug));
  }
  if (content.site) {
    const site = siteTopics(content.site.before, content.site.after);
    if (!site) return undefined;
    for (const topic of site) topics.add(topic);
  }
  return topics;
}

/** Published before and after, with the same slug, date and tags: every list holds it where it was. */
const savedInPlace = (before: PostMark | undefined, after: PostMark | undefined) =>
  before?.published === true &&
  after?.published === true &&
  before.slug === after.slug &&
  before.publishedAt === after.publishedAt &&
  before.tagSlugs.join(" ") === after.tagSlugs.join(" ") &&
  before.authorNames.join(" ") === after.authorNames.join(" ");

/**
 * The pages readers ask for first among those a change dropped (the blog, its tags' pages and the
 * changed posts), and the post pages it took away (a post unpublished, deleted or moved to
 * another slug), which a warm-up still due must not render.
 */
export function firstPagesOf(content: ContentChange): { pages: string[]; gone: string[] } {
  if (!content) return { pages: ["/", "/blog"], gone: [] };
  const pages = new Set<string>();
  const gone = new Set<string>();
  const postPage = (post: PostMark) => `/blog/${encodeSlug(post.slug)}`;
  for (const { before, after } of content.posts) {
    for (const post of [before, after]) {
      if (!post?.published) continue;
      pages.add("/blog");
      for (const slug of post.tagSlugs) pages.add(`/blog?tag=${encodeSlug(slug)}`);
      for (const name of post.authorNames) pages.add(authorPath(name));
    }
    if (before?.published && (!after?.published || after.slug !== before.slug)) gone.add(postPage(before));
    if (after?.published) pages.add(postPage(after));
  }
  for (const { after } of content.users ?? []) if (after) pages.add(authorPath(after.username));
  if (content.site) for (const page of sitePages(content.site.before, content.site.after)) pages.add(page);
  return { pages: [...pages], gone: [...gone] };
}

/**
 * The page of each post a change saved in place, by the post's id: the one page of it whose
 * refresh a save waits for (docs/decisions/142-a-save-answers-once-its-page-is-rendered.md).
 */
export function pagesSavedInPlace(content: ContentChange): Map<number, string> {
  const pages = new Map<number, string>();
  for (const { before, after } of content?.posts ?? []) {
    if (after && savedInPlace(before, after)) pages.set(after.id, `/blog/${encodeSlug(after.slug)}`);
  }
  return pages;
}

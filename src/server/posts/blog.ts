import { BLOG_PAGE_SIZE, type PostListItem, type PostSeo, type PublicPost, type Tag } from "~/shared/blog";
import { withoutUndefined } from "~/server/store/change";
import { pageOf } from "~/server/http/paging";
import { postsWithTag, relatedPosts, usedTagSlugs } from "./published-index";
import type { MediaLibrary } from "~/server/media/media-library";
import { withResponsiveImages } from "~/server/media/responsive-html";
import { contentReady, contentsOf, listItemOf } from "./post-view";
import type { Post, User } from "~/server/store/types";
import type { AuthorProfile } from "~/shared/authors";
import { authorsOf, bylineOf, userLookup } from "./post-authors";
import { authorProfileOf } from "~/server/users/profiles";
import type { Store } from "~/server/records/store";

export type BlogPage = { posts: PostListItem[]; page: number; pageCount: number; total: number; tag?: Tag };
/** One page of an author's published posts, with the profile their page shows at the top. */
export type AuthorPage = Omit<BlogPage, "tag"> & { author: AuthorProfile };

export type BlogService = {
  /**
   * One page of published posts, newest first, optionally only one tag's; `undefined` past the
   * last page and for a tag no published post has (unknown, or used only by drafts).
   */
  listPage(options: { page: number; tag?: string; pageSize?: number }): Promise<BlogPage | undefined>;
  /** Published posts, newest first, as the public API and the feeds give them. */
  listPublished(): Promise<PublicPost[]>;
  /** One page of listPublished; undefined past the last page, which answers 404 as `/blog?page=N` does. */
  listPublishedPage(paging: { page: number; pageSize: number }): Promise<PublicPost[] | undefined>;
  /** A published post by slug; drafts and unknown slugs are `undefined` alike. */
  getPublished(slug: string): Promise<PublicPost | undefined>;
  /**
   * The slug a post now has when `slug` was one of its old ones and no post holds it
   * (docs/product.md section 2): while the post is `shown`, the old address answers 301 there, in
   * one hop however often it moved; otherwise it is a 404 that says it shows that post too.
   */
  movedTo(slug: string): Promise<{ slug: string; shown: boolean } | undefined>;
  /** Any post by slug, drafts too, for a signed-in writer's preview; never for the public. */
  getForPreview(slug: string): Promise<PublicPost | undefined>;
  /** A post as its preview shows it, draft or not: for a valid preview link only (preview-links.ts). */
  previewOf(post: Post): Promise<PublicPost>;
  /** The tags of published posts: a tag only drafts use would give their topic away. */
  listTags(): Promise<Tag[]>;
  /**
   * Up to `limit` other published posts that share a tag with this one: most shared tags first,
   * then newest. None for a post without tags.
   */
  listRelated(post: { id: number; tags: Tag[] }, limit?: number): Promise<PostListItem[]>;
  /**
   * One page of an author's published posts, newest first, as /blog pages them
   * (docs/decisions/130-bylines-and-author-pages.md); `undefined` past the last page, for an
   * unknown username and for an author with no published post.
   */
  listAuthorPage(options: { username: string; page: number }): Promise<AuthorPage | undefined>;
};

/** How many related posts a post page shows under the post. */
export const RELATED_POSTS = 3;

/**
 * Public reads of the blog, shared by the pages and the /api endpoints (docs/architecture.md section 6),
 * with content sanitized on the way out (post-view.ts).
 */
export function createBlogService(store: Store, media?: MediaLibrary): BlogService {
  const toCard = (post: Post): PostListItem => {
    const cover = post.coverImage ? media?.responsive(post.coverImage) : undefined;
    return { ...listItemOf(post), ...(cover?.width && { cover }) };
  };
  /** Cards show a reading time, read off the sanitized content: long contents are sanitized in the worker first. */
  const toCards = async (posts: readonly Post[]): Promise<PostListItem[]> => {
    await contentsOf(posts);
    return posts.map(toCard);
  };
  const toPublic = (post: Post, userById: (id: number) => User | undefined, content: string): PublicPost => ({
    ...toCard(post),
    ...seoOf(post),
    authors: authorsOf(post),
    authorProfiles: bylineOf(post, userById),
    content,
    published: post.published,
    updatedAt: post.updatedAt,
  });
  const publicOf = async (posts: readonly Post[]) => {
    const [contents, userById] = [await contentsOf(posts), await userLookup(store)];
    return posts.map((post, i) => toPublic(post, userById, contents[i]!));
  };

  return {
    async listPage({ page, tag, pageSize = BLOG_PAGE_SIZE }) {
      await media?.ready();
      const published = await store.publishedPosts();
      const shown = tag ? postsWithTag(published, tag) : published;
      if (tag && shown.length === 0) return undefined;
      const found = pageOf(shown, page, pageSize);
      if (!found) return undefined;
      // The name as a published post carries it, so a draft-only tag is never named here.
      const tagInfo = tag ? shown[0]!.tags.find((t) => t.slug === tag) : undefined;
      const { items, ...position } = found;
      return { posts: await toCards(items), ...position, ...(tagInfo && { tag: tagInfo }) };
    },
    async listPublished() {
      await media?.ready();
      return publicOf(await store.publishedPosts());
    },
    async listPublishedPage({ page, pageSize }) {
      await media?.ready();
      const shown = pageOf(await store.publishedPosts(), page, pageSize)?.items;
      return shown && publicOf(shown);
    },
    async getPublished(slug) {
      const post = await store.getPostBySlug(slug);
      if (!post?.published) return undefined;
      await media?.ready();
      const shown = toPublic(post, await userLookup(store), await contentReady(post));
      // The post page's images get their srcset and size; the feeds and the API keep plain HTML.
      return media ? { ...shown, content: withResponsiveImages(shown.content, (src) => media.responsive(src)) } : shown;
    },
    async movedTo(slug) {
      return store.resolvePostRedirect(slug);
    },
    async getForPreview(slug) {
      const post = await store.getPostBySlug(slug);
      return post && toPublic(post, await userLookup(store), await contentReady(post));
    },
    async previewOf(post) {
      return toPublic(post, await userLookup(store), await contentReady(post));
    },
    async listTags() {
      const used = usedTagSlugs(await store.publishedPosts());
      return (await store.listTags()).filter((t) => used.has(t.slug));
    },
    async listRelated(post, limit = RELATED_POSTS) {
      if (post.tags.length === 0) return [];
      return toCards(relatedPosts(await store.publishedPosts(), post, limit));
    },
    async listAuthorPage({ username, page }) {
      const user = await store.getUserByUsername(username);
      // The address names the user as they are spelled, so /blog/author/Ann is not a second copy.
      if (!user || user.username !== username) return undefined;
      await media?.ready();
      const theirs = (await store.publishedPosts()).filter((post) => authorsOf(post).includes(user.id));
      if (theirs.length === 0) return undefined;
      const found = pageOf(theirs, page, BLOG_PAGE_SIZE);
      if (!found) return undefined;
      const { items, ...position } = found;
      return { posts: await toCards(items), ...position, author: authorProfileOf(user) };
    },
  };
}

function seoOf({ metaTitle, metaDescription, socialImage, canonicalUrl, noindex }: Post): PostSeo {
  return withoutUndefined({ metaTitle, metaDescription, socialImage, canonicalUrl, noindex });
}

import { BLOG_PAGE_SIZE, type PostCard, type PublicPost, type Tag } from "../shared/blog";
import { isCoverImageUrl } from "../shared/schemas";
import { contentOf, contentsOf, summaryOf } from "./post-view";
import type { Post, Store } from "./store/types";

export type BlogPage = { posts: PostCard[]; page: number; pageCount: number; total: number; tag?: Tag };

export type BlogService = {
  /**
   * One page of published posts, newest first, optionally only one tag's; `undefined` past the
   * last page and for a tag no published post has (unknown, or used only by drafts).
   */
  listPage(options: { page: number; tag?: string; pageSize?: number }): Promise<BlogPage | undefined>;
  /** Every published post, newest first, as the public API and the feeds give them. */
  listPublished(): Promise<PublicPost[]>;
  /** A published post by slug; drafts and unknown slugs are `undefined` alike. */
  getPublished(slug: string): Promise<PublicPost | undefined>;
  /** The tags of published posts: a tag only drafts use would give their topic away. */
  listTags(): Promise<Tag[]>;
};

/**
 * Public reads of the blog, shared by the pages and the /api endpoints (DESIGN.md section 6),
 * with content sanitized on the way out (post-view.ts).
 */
export function createBlogService(store: Store): BlogService {
  const toPublic = (post: Post, content = contentOf(post)): PublicPost => ({
    ...toCard(post),
    content,
    published: post.published,
  });

  return {
    async listPage({ page, tag, pageSize = BLOG_PAGE_SIZE }) {
      const published = await store.listPosts({ publishedOnly: true });
      const shown = tag ? published.filter((p) => p.tags.some((t) => t.slug === tag)) : published;
      if (tag && shown.length === 0) return undefined;
      const pageCount = Math.max(1, Math.ceil(shown.length / pageSize));
      if (!Number.isInteger(page) || page < 1 || page > pageCount) return undefined;
      const tagInfo = tag ? shown[0]!.tags.find((t) => t.slug === tag) : undefined;
      return {
        posts: shown.slice((page - 1) * pageSize, page * pageSize).map(toCard),
        page,
        pageCount,
        total: shown.length,
        ...(tagInfo && { tag: tagInfo }),
      };
    },
    async listPublished() {
      const posts = await store.listPosts({ publishedOnly: true });
      const contents = await contentsOf(posts);
      return posts.map((post, i) => toPublic(post, contents[i]));
    },
    async getPublished(slug) {
      const post = await store.getPostBySlug(slug);
      return post?.published ? toPublic(post) : undefined;
    },
    async listTags() {
      const published = await store.listPosts({ publishedOnly: true });
      const used = new Set(published.flatMap((p) => p.tags.map((t) => t.slug)));
      return (await store.listTags()).filter((t) => used.has(t.slug));
    },
  };
}

function toCard(post: Post): PostCard {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    summary: summaryOf(post),
    // A restored or older post may hold a cover the form would refuse; it is shown as none.
    ...(post.coverImage && isCoverImageUrl(post.coverImage) && { coverImage: post.coverImage }),
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
    tags: post.tags.map((t) => ({ id: t.id, name: t.name, slug: t.slug })),
  };
}

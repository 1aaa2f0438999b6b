import { BLOG_PAGE_SIZE, type PostListItem, type PublicPost, type Tag } from "../shared/blog";
import { pageOf } from "./paging";
import { contentOf, summaryOf } from "./post-view";
import type { Post, Store } from "./store/types";

export type BlogPage = { posts: PostListItem[]; page: number; pageCount: number; total: number; tag?: Tag };

export type BlogService = {
  /** One page of published posts, newest first, optionally only one tag's; `undefined` past the last page. */
  listPage(options: { page: number; tag?: string; pageSize?: number }): Promise<BlogPage | undefined>;
  /**
   * Published posts, newest first, as the public API and the feeds give them: every one, or one
   * page of them (empty past the last page).
   */
  listPublished(paging?: { page: number; pageSize: number }): Promise<PublicPost[]>;
  /** A published post by slug; drafts and unknown slugs are `undefined` alike. */
  getPublished(slug: string): Promise<PublicPost | undefined>;
  /** Any post by slug, drafts too, for a signed-in writer's preview; never for the public. */
  getForPreview(slug: string): Promise<PublicPost | undefined>;
  listTags(): Promise<Tag[]>;
};

/**
 * Public reads of the blog, shared by the pages and the /api endpoints (DESIGN.md section 6),
 * with content sanitized on the way out (post-view.ts).
 */
export function createBlogService(store: Store): BlogService {
  const toPublic = (post: Post): PublicPost => ({ ...toCard(post), content: contentOf(post), published: post.published });

  return {
    async listPage({ page, tag, pageSize = BLOG_PAGE_SIZE }) {
      const published = await store.listPosts({ publishedOnly: true });
      const shown = tag ? published.filter((p) => p.tags.some((t) => t.slug === tag)) : published;
      const found = pageOf(shown, page, pageSize);
      if (!found) return undefined;
      const tagInfo = tag ? (await store.listTags()).find((t) => t.slug === tag) : undefined;
      const { items, ...position } = found;
      return { posts: items.map(toCard), ...position, ...(tagInfo && { tag: tagInfo }) };
    },
    async listPublished(paging) {
      const published = await store.listPosts({ publishedOnly: true });
      const shown = paging ? (pageOf(published, paging.page, paging.pageSize)?.items ?? []) : published;
      return shown.map(toPublic);
    },
    async getPublished(slug) {
      const post = await store.getPostBySlug(slug);
      return post?.published ? toPublic(post) : undefined;
    },
    async getForPreview(slug) {
      const post = await store.getPostBySlug(slug);
      return post && toPublic(post);
    },
    listTags: () => store.listTags(),
  };
}

function toCard(post: Post): PostListItem {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    summary: summaryOf(post),
    ...(post.coverImage && { coverImage: post.coverImage }),
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
    tags: post.tags.map((t) => ({ id: t.id, name: t.name, slug: t.slug })),
  };
}

import { BLOG_PAGE_SIZE, type PostCard, type PublicPost, type Tag } from "../shared/blog";
import { sanitizeContent } from "./content";
import type { Post, Store } from "./store/types";

export type BlogPage = { posts: PostCard[]; page: number; pageCount: number; total: number; tag?: Tag };

export type BlogService = {
  /** One page of published posts, newest first, optionally only one tag's; `undefined` past the last page. */
  listPage(options: { page: number; tag?: string; pageSize?: number }): Promise<BlogPage | undefined>;
  /** Every published post, newest first, as the public API and the feeds give them. */
  listPublished(): Promise<PublicPost[]>;
  /** A published post by slug; drafts and unknown slugs are `undefined` alike. */
  getPublished(slug: string): Promise<PublicPost | undefined>;
  listTags(): Promise<Tag[]>;
};

/**
 * Public reads of the blog, shared by the pages and the /api endpoints (DESIGN.md section 6).
 * Content is sanitized again on the way out (DESIGN.md section 5); the store hands out frozen
 * posts that are replaced on every change, so the sanitized copy is kept per post object.
 */
export function createBlogService(store: Store): BlogService {
  const sanitized = new WeakMap<Post, string>();
  const contentOf = (post: Post) => {
    let html = sanitized.get(post);
    if (html === undefined) sanitized.set(post, (html = sanitizeContent(post.content)));
    return html;
  };
  const toPublic = (post: Post): PublicPost => ({ ...toCard(post), content: contentOf(post), published: post.published });

  return {
    async listPage({ page, tag, pageSize = BLOG_PAGE_SIZE }) {
      const published = await store.listPosts({ publishedOnly: true });
      const shown = tag ? published.filter((p) => p.tags.some((t) => t.slug === tag)) : published;
      const pageCount = Math.max(1, Math.ceil(shown.length / pageSize));
      if (!Number.isInteger(page) || page < 1 || page > pageCount) return undefined;
      const tagInfo = tag ? (await store.listTags()).find((t) => t.slug === tag) : undefined;
      return {
        posts: shown.slice((page - 1) * pageSize, page * pageSize).map(toCard),
        page,
        pageCount,
        total: shown.length,
        ...(tagInfo && { tag: tagInfo }),
      };
    },
    async listPublished() {
      return (await store.listPosts({ publishedOnly: true })).map(toPublic);
    },
    async getPublished(slug) {
      const post = await store.getPostBySlug(slug);
      return post?.published ? toPublic(post) : undefined;
    },
    listTags: () => store.listTags(),
  };
}

/** SPEC section 3: older posts carry `excerpt` instead of `summary`. */
function toCard(post: Post): PostCard {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    summary: post.summary || post.excerpt || "",
    ...(post.coverImage && { coverImage: post.coverImage }),
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
    tags: post.tags.map((t) => ({ id: t.id, name: t.name, slug: t.slug })),
  };
}

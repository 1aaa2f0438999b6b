import { z } from "zod";
import type { CmsListItem } from "./blog";
import { plural } from "./plural";

/** The Posts tab's search, filters, order and pages (docs/product.md section 2). */
export const POSTS_PAGE_SIZE = 20;

export const POST_QUERY_MESSAGES = {
  search: "Search titles",
  status: "Status",
  statusLabels: { all: "All", published: "Published", drafts: "Drafts" },
  tag: "Tag",
  anyTag: "Any tag",
  sort: "Sort by",
  sortLabels: { created: "Newest created", updated: "Recently updated" },
  counts: (c: { all: number; published: number; drafts: number }) =>
    `${plural(c.all, "post")}: ${c.published} published, ${plural(c.drafts, "draft")}`,
  noMatches: "No posts match these filters.",
  invalid: "The search is not valid.",
} as const;

export const postQuerySchema = z.object({
  q: z.string().trim().max(200).default(""),
  status: z.enum(["all", "published", "drafts"]).default("all"),
  tag: z.string().trim().max(100).default(""),
  sort: z.enum(["created", "updated"]).default("created"),
  page: z.coerce.number().int().min(1).default(1),
});
export type PostQuery = z.infer<typeof postQuerySchema>;
export type PostCounts = { all: number; published: number; drafts: number };
export type PostSearchPage = {
  posts: CmsListItem[];
  page: number;
  pageCount: number;
  total: number;
  counts: PostCounts;
};

import { z } from "zod";
import type { CmsPost } from "~/shared/blog";
import { postInputSchema } from "~/shared/schemas";

/**
 * The form's own shape: tags typed as a comma-separated line, the slug checked after the short-slug
 * rule (docs/product.md section 5). No `published` nor `publishAt`: saving never changes them, the
 * Publish, Unpublish, Schedule and Unschedule buttons do (docs/decisions/101-drafts-until-published.md).
 */
export const postFormSchema = postInputSchema
  .omit({ published: true, publishAt: true })
  .extend({ slug: z.string(), tags: z.string() });
export type PostFormValues = z.input<typeof postFormSchema>;

export const toFormValues = (post?: CmsPost): PostFormValues => ({
  title: post?.title ?? "",
  slug: post?.slug ?? "",
  summary: post?.summary || post?.excerpt || "",
  content: post?.content ?? "",
  coverImage: post?.coverImage ?? "",
  tags: post?.tags.map((t) => t.name).join(", ") ?? "",
  // The search and social settings (seo-panel.tsx): empty is unset.
  metaTitle: post?.metaTitle ?? "",
  metaDescription: post?.metaDescription ?? "",
  socialImage: post?.socialImage ?? "",
  canonicalUrl: post?.canonicalUrl ?? "",
  noindex: post?.noindex ?? false,
  coverFocus: post?.coverFocus ?? "",
});

/** True for Ctrl+S, and Cmd+S on a Mac. */
export const isSaveShortcut = (e: KeyboardEvent) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "s";

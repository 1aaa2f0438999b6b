import { z } from "zod";
import type { CmsPost } from "~/shared/blog";
import { postInputSchema, slugSchema } from "~/shared/schemas";

/**
 * The slug as typed: one shorter than 3 is replaced by a generated one on submit (docs/product.md
 * section 5), any other must pass the slug's rules, checked with the other fields so every
 * message shows at once.
 */
const typedSlug = z.string().superRefine((value, ctx) => {
  const slug = value.trim();
  if (slug.length < 3) return;
  const check = slugSchema.safeParse(slug);
  if (!check.success) ctx.addIssue({ code: "custom", message: check.error.issues[0]?.message });
});

/**
 * The form's own shape: tags typed as a comma-separated line, the slug as above. No `published`,
 * `publishAt`, `publishAsNew` nor `emailOnPublish`: saving never changes them, the Publish, Unpublish, Schedule and Unschedule
 * buttons do (docs/decisions/101-drafts-until-published.md).
 */
export const postFormSchema = postInputSchema
  .omit({ published: true, publishAt: true, publishAsNew: true, emailOnPublish: true })
  // No author ticked sends none: the server's default (the creator) applies, or the post keeps its byline.
  .extend({ slug: typedSlug, tags: z.string(), authors: z.array(z.number()) });
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
  authors: post?.authors ?? [],
});

/** True for Ctrl+S, and Cmd+S on a Mac. */
export const isSaveShortcut = (e: KeyboardEvent) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "s";

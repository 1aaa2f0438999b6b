import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/blog.$slug";
import { PostCard } from "../components/post-card";
import { TagBadge } from "../components/tag-badge";
import { buttonClasses } from "../components/ui/button";
import { absoluteUrl, canonicalLink, pageMeta } from "../lib/meta";
import { useToastOnce } from "../lib/use-toast-once";
import { BLOG_MESSAGES, DEFAULT_COVER_IMAGE } from "../../shared/blog";
import { formatDate } from "../../shared/dates";
import { readingTimeLabel } from "../../shared/reading-time";
import { SITE } from "../../shared/site";

/** Title, description, canonical URL, OpenGraph, Twitter card and JSON-LD BlogPosting (issue 3). */
export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return pageMeta(BLOG_MESSAGES.notFoundTitle, BLOG_MESSAGES.notFoundText);
  const { post, canonical, publicUrl } = data;
  const title = post.title || BLOG_MESSAGES.untitled;
  const image = absoluteUrl(publicUrl, post.coverImage || DEFAULT_COVER_IMAGE);
  return [
    ...pageMeta(title, post.summary),
    canonicalLink(canonical),
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: SITE.name },
    { property: "og:title", content: title },
    { property: "og:description", content: post.summary },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { property: "article:published_time", content: post.createdAt },
    { property: "article:modified_time", content: post.updatedAt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: post.summary },
    { name: "twitter:image", content: image },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: title,
        description: post.summary,
        image,
        datePublished: post.createdAt,
        dateModified: post.updatedAt,
        mainEntityOfPage: canonical,
        keywords: post.tags.map((t) => t.name).join(", "),
        publisher: { "@type": "Organization", name: SITE.name, logo: absoluteUrl(publicUrl, DEFAULT_COVER_IMAGE) },
      },
    },
  ];
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await context.blog.getPublished(params.slug);
  if (!post) throw data(null, { status: 404 });
  const { publicUrl } = context.config;
  const related = await context.blog.listRelated(post);
  return { post, related, publicUrl, canonical: `${publicUrl}/blog/${encodeURIComponent(post.slug)}` };
}

export default function BlogPost({ loaderData: { post, related } }: Route.ComponentProps) {
  return (
    <>
      <article className="mx-auto max-w-3xl px-4 py-12">
        <BackToBlog label={BLOG_MESSAGES.backToBlog} />
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          {post.title || BLOG_MESSAGES.untitled}
        </h1>
        <p className="mt-3 text-slate-600">
          <time dateTime={post.createdAt}>{formatDate(post.createdAt, BLOG_MESSAGES.dateUnavailable)}</time>
          <span aria-hidden="true"> · </span>
          <span>{readingTimeLabel(post.readingMinutes)}</span>
        </p>
        {post.coverImage && (
          <img src={post.coverImage} alt="" className="mt-8 max-h-[250px] w-full rounded-xl object-cover" />
        )}
        {/* Sanitized by the server's allowlist on write and again on the way out (DESIGN.md section 5). */}
        <div className="post-content mt-8" dangerouslySetInnerHTML={{ __html: post.content }} />
        {post.tags.length > 0 && (
          <ul className="mt-10 flex flex-wrap gap-2 border-t border-slate-200 pt-6" aria-label="Tags">
            {post.tags.map((tag) => (
              <li key={tag.id}>
                <TagBadge tag={tag} />
              </li>
            ))}
          </ul>
        )}
      </article>
      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="border-t border-slate-200 bg-white px-4 py-14">
          <div className={`mx-auto ${related.length === 3 ? "max-w-5xl" : "max-w-3xl"}`}>
            <h2 id="related-heading" className="text-2xl font-bold tracking-tight text-slate-900">
              {BLOG_MESSAGES.related}
            </h2>
            <div className={`mt-6 grid gap-6 ${RELATED_COLUMNS[related.length] ?? ""}`}>
              {related.map((card, index) => (
                <PostCard key={card.id} post={card} index={index} headingLevel="h3" />
              ))}
            </div>
          </div>
        </section>
      )}
    </>
  );
}

/** As many columns as related posts, so one or two never sit beside empty space. */
const RELATED_COLUMNS: Record<number, string> = { 2: "sm:grid-cols-2", 3: "md:grid-cols-3" };

/** SPEC section 8: Blog Post Not Found for an unknown slug; Unable to Load Blog Post (with a toast, once) otherwise. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useToastOnce(
    notFound
      ? undefined
      : { title: BLOG_MESSAGES.postErrorToastTitle, description: BLOG_MESSAGES.postErrorToastDescription, variant: "destructive" },
  );
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{notFound ? BLOG_MESSAGES.notFoundTitle : BLOG_MESSAGES.postErrorTitle}</h1>
      <p className="mt-4 text-slate-600">{notFound ? BLOG_MESSAGES.notFoundText : BLOG_MESSAGES.postErrorText}</p>
      <div className="mt-8">
        <BackToBlog label={BLOG_MESSAGES.returnToBlog} />
      </div>
    </div>
  );
}

function BackToBlog({ label }: { label: string }) {
  return (
    <Link to="/blog" className={buttonClasses({ variant: "outline", size: "sm" })}>
      ← {label}
    </Link>
  );
}

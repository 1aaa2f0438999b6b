import { GeneratedCover } from "~/app/components/generated-cover";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import type { Route } from "./+types/blog.$slug";
import { PreviewBar } from "~/app/components/preview-bar";
import { PostCard } from "~/app/components/post-card";
import { TagBadge } from "~/app/components/tag-badge";
import { buttonClasses } from "~/app/components/ui/button";
import { HtmlBlock, isDocumentRequest } from "~/app/lib/document-html";
import { absoluteUrl, canonicalLink, pageMeta } from "~/app/lib/meta";
import { socialMeta, type SocialImageFacts } from "~/app/lib/social-meta";
import { useToastOnce } from "~/app/lib/use-toast-once";
import { BLOG_MESSAGES, DEFAULT_COVER_IMAGE, type PublicPost } from "~/shared/blog";
import { formatDate } from "~/shared/dates";
import { asksForPreview } from "~/shared/preview";
import { socialCardPaths, type ResponsiveImage } from "~/shared/media";
import { readingTimeLabel } from "~/shared/reading-time";
import { SITE } from "~/shared/site";
import { libraryImageType, postAppearance } from "~/shared/post-seo";
import {
  CACHEABLE_PAGE,
  encodeSlug,
  showsAuthor,
  showsCard,
  showsHeader,
  showsPost,
  showsTag,
} from "~/shared/page-cache";
import { Byline } from "~/app/components/byline";
import { AUTHOR_MESSAGES, authorPath, listNames, type PublicAuthor } from "~/shared/authors";

// Kept by the page cache until a write touches what it says it shows (src/shared/page-cache.ts).
export const handle = CACHEABLE_PAGE;

/**
 * Title, description, canonical URL, robots, OpenGraph, Twitter card and JSON-LD BlogPosting; the
 * post's search settings win over its title, summary, card and address (shared/post-seo.ts).
 */
export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return pageMeta(BLOG_MESSAGES.notFoundTitle, BLOG_MESSAGES.notFoundText);
  const { post, canonical, publicUrl, preview, socialImage } = data;
  const head = postAppearance(post);
  return [
    { title: head.documentTitle },
    { name: "description", content: head.description },
    { name: "author", content: listNames(post.authorProfiles.map((a) => a.displayName)) || AUTHOR_MESSAGES.team },
    ...(preview || post.noindex ? [{ name: "robots", content: "noindex" }] : []),
    canonicalLink(canonical),
    ...data.social,
    { property: "article:published_time", content: post.publishedAt },
    { property: "article:modified_time", content: post.updatedAt },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: head.socialTitle,
        description: head.description,
        image: absoluteUrl(publicUrl, socialImage),
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        mainEntityOfPage: canonical,
        keywords: post.tags.map((t) => t.name).join(", "),
        author: authorsLd(post.authorProfiles, publicUrl),
        publisher: { "@type": "Organization", name: SITE.name, logo: absoluteUrl(publicUrl, DEFAULT_COVER_IMAGE) },
      },
    },
  ];
};

/** Each author as a schema.org Person; a post with no known author is the company's. */
function authorsLd(authors: readonly PublicAuthor[], publicUrl: string) {
  if (authors.length === 0) return { "@type": "Organization", name: SITE.name, url: publicUrl };
  return authors.map((author) => ({
    "@type": "Person",
    name: author.displayName,
    url: absoluteUrl(publicUrl, authorPath(author.username)),
    ...(author.avatar && { image: absoluteUrl(publicUrl, author.avatar) }),
  }));
}

/** A preview names who asks, so no browser, proxy or search engine keeps it (020-draft-preview.md). */
const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/** Where a document request's post content waits for the render (docs/decisions/052-post-content-once.md). */
const CONTENT_SLOT = "post-content";

/** A post as the page gets it: without its content on a document request, which has it in the markup only. */
type PagePost = Omit<PublicPost, "content"> & { content?: string };

/**
 * The published post; with `?preview` and a signed-in user of any role, any post, draft or not
 * (docs/decisions/020-draft-preview.md). Signed out, `?preview` changes nothing: a draft is the
 * normal 404. The rendered-page cache never keeps a preview URL (html-cache.ts).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const preview =
    asksForPreview(new URL(request.url).searchParams) &&
    (await context.sessions.userFromRequest(request)) !== undefined;
  const post = preview ? await context.blog.getForPreview(params.slug) : await context.blog.getPublished(params.slug);
  // A published post's old slug moves for good to its current one (docs/product.md section 2).
  const moved = post || preview ? undefined : await context.blog.movedTo(params.slug);
  if (moved?.shown) return redirect(`/blog/${encodeSlug(moved.slug)}`, 301);
  // Its slug until a post is published there (or the post it used to be is shown again); then its
  // tags too, for the related posts below it.
  const missing = [showsPost(params.slug), ...(moved ? [showsPost(moved.slug)] : [])];
  if (!post) throw data(null, { status: 404, headers: preview ? PREVIEW_HEADERS : showsHeader(missing) });
  const { publicUrl } = context.config;
  // A post first published elsewhere names that address; any other names its own.
  const canonical = post.canonicalUrl ?? `${publicUrl}/blog/${encodeURIComponent(post.slug)}`;
  const related = await context.blog.listRelated(post);
  const head = postAppearance(post);
  const socialImage = post.socialImage ?? socialCardPaths.post(post);
  // Made here, on the server, so their code stays out of the page's JavaScript.
  const social = socialMeta({
    publicUrl,
    title: head.socialTitle,
    description: head.description,
    url: canonical,
    image: socialImage,
    type: "article",
    ...(post.socialImage && {
      imageFacts: libraryImageFacts(post.socialImage, context.media.responsive(post.socialImage)),
    }),
  });
  let pagePost: PagePost = post;
  if (isDocumentRequest(request)) {
    const { content, ...rest } = post;
    context.documentHtml.set(CONTENT_SLOT, content);
    pagePost = rest;
  }
  const shows = showsHeader([
    showsPost(post.slug),
    ...post.tags.map((tag) => showsTag(tag.slug)),
    ...related.map((card) => showsCard(card.slug)), // their cards, saved without moving
    ...post.authorProfiles.map((author) => showsAuthor(author.username)), // the byline
  ]);
  return data(
    { post: pagePost, related, publicUrl, canonical, preview, social, socialImage },
    { headers: preview ? PREVIEW_HEADERS : shows },
  );
}

/** What og:image says of an uploaded social image: its type, and its size once the library knows it. */
function libraryImageFacts(url: string, image: ResponsiveImage): SocialImageFacts {
  return { type: libraryImageType(url) ?? "image/png", width: image.width, height: image.height };
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export default function BlogPost({ loaderData: { post, related, preview } }: Route.ComponentProps) {
  return (
    <>
      {preview && <PreviewBar published={post.published} />}
      <BlogArticle post={post} />
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

function BlogArticle({ post }: { post: PagePost }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <BackToBlog label={BLOG_MESSAGES.backToBlog} />
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
        {post.title || BLOG_MESSAGES.untitled}
      </h1>
      <p className="mt-3 text-slate-600">
        <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, BLOG_MESSAGES.dateUnavailable)}</time>
        <span aria-hidden="true"> · </span>
        <span>{readingTimeLabel(post.readingMinutes)}</span>
      </p>
      <Byline authors={post.authorProfiles} />
      <PostCover post={post} />
      {/* Sanitized by the server's allowlist on write and again on the way out (docs/architecture.md section 5). */}
      <HtmlBlock className="post-content mt-8" html={post.content} slot={CONTENT_SLOT} />
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
  );
}

/** As many columns as related posts, so one or two never sit beside empty space. */
const RELATED_COLUMNS: Record<number, string> = { 2: "sm:grid-cols-2", 3: "md:grid-cols-3" };

/** docs/product.md section 8: Blog Post Not Found for an unknown slug; Unable to Load Blog Post (with a toast, once) otherwise. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useToastOnce(
    notFound
      ? undefined
      : {
          title: BLOG_MESSAGES.postErrorToastTitle,
          description: BLOG_MESSAGES.postErrorToastDescription,
          variant: "destructive",
        },
  );
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">
        {notFound ? BLOG_MESSAGES.notFoundTitle : BLOG_MESSAGES.postErrorTitle}
      </h1>
      <p className="mt-4 text-slate-600">{notFound ? BLOG_MESSAGES.notFoundText : BLOG_MESSAGES.postErrorText}</p>
      <div className="mt-8">
        <BackToBlog label={BLOG_MESSAGES.returnToBlog} />
      </div>
    </div>
  );
}

/**
 * The cover, whole: at its own proportions, up to 480 px high, never cropped
 * (docs/decisions/118-covers-shown-whole.md). A post without one gets the cover its card shows,
 * drawn from its title, so the card a reader clicked and the page it opens match.
 */
function PostCover({ post }: { post: Route.ComponentProps["loaderData"]["post"] }) {
  if (!post.coverImage) return <GeneratedCover title={post.title} className="mt-8 h-[180px] w-full rounded-xl" />;
  const { cover } = post;
  return (
    <img
      src={post.coverImage}
      srcSet={cover?.srcSet}
      sizes={cover?.srcSet ? "(min-width: 48rem) 736px, calc(100vw - 2rem)" : undefined}
      width={cover?.width}
      height={cover?.height}
      alt=""
      fetchPriority="high"
      className="mt-8 h-auto max-h-[480px] w-full rounded-xl bg-slate-100 object-contain"
    />
  );
}

function BackToBlog({ label }: { label: string }) {
  return (
    <Link to="/blog" className={buttonClasses({ variant: "outline", size: "sm" })}>
      ← {label}
    </Link>
  );
}

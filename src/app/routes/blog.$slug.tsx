import { data, isRouteErrorResponse, redirect } from "react-router";
import { BackToBlog, BlogPostBody, CONTENT_SLOT, type PagePost } from "~/app/components/blog-post-body";
import type { Route } from "./+types/blog.$slug";
import { PreviewBar } from "~/app/components/preview-bar";
import { isDocumentRequest } from "~/app/lib/document-html";
import { absoluteUrl, canonicalLink, pageMeta } from "~/app/lib/meta";
import { socialMeta, type SocialImageFacts } from "~/app/lib/social-meta";
import { useToastOnce } from "~/app/lib/use-toast-once";
import { BLOG_MESSAGES, DEFAULT_COVER_IMAGE } from "~/shared/blog";
import { asksForPreview, PREVIEW_HEADERS } from "~/shared/preview";
import { socialCardPaths, type ResponsiveImage } from "~/shared/media";
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
      <BlogPostBody post={post} related={related} />
    </>
  );
}

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

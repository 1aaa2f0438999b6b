import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/preview.$token";
import { BackToBlog, BlogPostBody, CONTENT_SLOT, type PagePost } from "~/app/components/blog-post-body";
import { PreviewBar } from "~/app/components/preview-bar";
import { isDocumentRequest } from "~/app/lib/document-html";
import { privatePageMeta } from "~/app/lib/meta";
import { BLOG_MESSAGES } from "~/shared/blog";
import { postAppearance } from "~/shared/post-seo";
import { PREVIEW_HEADERS } from "~/shared/preview";
import { PREVIEW_LINK_MESSAGES } from "~/shared/preview-links";

/**
 * A shared preview link (docs/decisions/181-shared-preview-links.md): the post as its preview
 * shows it, for whoever holds a valid link, signed in or not. An expired, revoked or altered link
 * is a 404 that names no post. Never kept by the page cache (no `handle`, and the headers say
 * `private, no-store`), never indexed.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const opened = await context.previewLinks.open(params.token);
  if (!opened) throw data(null, { status: 404, headers: PREVIEW_HEADERS });
  const { post, expiresAt } = opened;
  const related = await context.blog.listRelated(post);
  let pagePost: PagePost = post;
  if (isDocumentRequest(request)) {
    const { content, ...rest } = post;
    context.documentHtml.set(CONTENT_SLOT, content);
    pagePost = rest;
  }
  return data({ post: pagePost, related, expiresAt }, { headers: PREVIEW_HEADERS });
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return privatePageMeta(PREVIEW_LINK_MESSAGES.notFoundTitle, PREVIEW_LINK_MESSAGES.notFoundText);
  const head = postAppearance(loaded.post);
  return [
    { title: head.documentTitle },
    { name: "description", content: head.description },
    { name: "robots", content: "noindex" },
  ];
};

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export default function SharedPreview({ loaderData: { post, related, expiresAt } }: Route.ComponentProps) {
  return (
    <>
      <PreviewBar published={post.published} sharedUntil={expiresAt} />
      <BlogPostBody post={post} related={related} />
    </>
  );
}

/** The same words for every link that does not open, so none tells a revoked link from a made-up one. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">
        {notFound ? PREVIEW_LINK_MESSAGES.notFoundTitle : BLOG_MESSAGES.postErrorTitle}
      </h1>
      <p className="mt-4 text-slate-600">
        {notFound ? PREVIEW_LINK_MESSAGES.notFoundText : BLOG_MESSAGES.postErrorText}
      </p>
      <div className="mt-8">
        <BackToBlog label={BLOG_MESSAGES.returnToBlog} />
      </div>
    </div>
  );
}

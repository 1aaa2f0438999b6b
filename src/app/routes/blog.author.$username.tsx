import { data } from "react-router";
import type { Route } from "./+types/blog.author.$username";
import { AuthorAvatar } from "~/app/components/author-avatar";
import { Pager } from "~/app/components/pager";
import { NotFoundCard, NOT_FOUND } from "~/app/components/not-found-card";
import { PostGrid } from "~/app/components/post-grid";
import { absoluteUrl, canonicalLink, pageMeta } from "~/app/lib/meta";
import { socialMeta } from "~/app/lib/social-meta";
import { useBlogListError } from "~/app/lib/use-blog-list-error";
import { AUTHOR_MESSAGES, authorPath } from "~/shared/authors";
import { BLOG_MESSAGES } from "~/shared/blog";
import { socialCardPaths } from "~/shared/media";
import { type PageCacheHandle, showsAuthor, showsCard, showsHeader } from "~/shared/page-cache";

// Kept by the page cache per page until the author's profile or posts change (src/shared/page-cache.ts).
export const handle: PageCacheHandle = { pageCache: { reads: ["page"] } };

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return pageMeta(NOT_FOUND.title, NOT_FOUND.hint);
  const { author, page, canonical, publicUrl } = data;
  const title = AUTHOR_MESSAGES.pageTitle(author.displayName);
  return [
    ...pageMeta(page > 1 ? `${title} (page ${page})` : title, data.description),
    canonicalLink(canonical),
    ...data.social,
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "ProfilePage",
        url: canonical,
        mainEntity: {
          "@type": "Person",
          name: author.displayName,
          url: absoluteUrl(publicUrl, authorPath(author.username)),
          ...(author.bio && { description: author.bio }),
          ...(author.avatar && { image: absoluteUrl(publicUrl, author.avatar) }),
        },
      },
    },
  ];
};

/** `?page=N` pages the list as /blog does. */
const pageHref = (username: string, page: number) => authorPath(username) + (page > 1 ? `?page=${page}` : "");

/** A made-up username or page is a 404 no cache keeps, as on /blog (docs/decisions/007-public-tags-and-not-found-pages.md). */
const NOT_KEPT = { "Cache-Control": "no-store" };

/**
 * An author's published posts, newest first, 12 a page, under their avatar, name and bio
 * (docs/decisions/130-bylines-and-author-pages.md); an unknown username, an author with no
 * published post and a page past the last are the site's 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const pageParam = new URL(request.url).searchParams.get("page");
  const page = pageParam === null ? 1 : /^\d+$/.test(pageParam) ? Number(pageParam) : NaN;
  const found = await context.blog.listAuthorPage({ username: params.username, page });
  if (!found) throw data(null, { status: 404, headers: NOT_KEPT });
  const { publicUrl } = context.config;
  const { author } = found;
  const canonical = publicUrl + pageHref(author.username, found.page);
  const description = AUTHOR_MESSAGES.pageDescription(author.displayName, author.bio);
  return data(
    {
      author,
      posts: found.posts,
      page: found.page,
      pageCount: found.pageCount,
      total: found.total,
      canonical,
      publicUrl,
      description,
      // Made here, on the server, so their code stays out of the page's JavaScript.
      social: socialMeta({
        publicUrl,
        title: AUTHOR_MESSAGES.pageTitle(author.displayName),
        description,
        url: canonical,
        image: socialCardPaths.author(author.id),
      }),
    },
    { headers: showsHeader([showsAuthor(author.username), ...found.posts.map((post) => showsCard(post.slug))]) },
  );
}

export const headers: Route.HeadersFunction = ({ errorHeaders, loaderHeaders }) => errorHeaders ?? loaderHeaders;

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { author, posts, page, pageCount, total } = loaderData;
  return (
    <section className="mx-auto max-w-5xl px-4 py-16">
      <header className="mb-10 flex flex-col items-center text-center">
        <AuthorAvatar author={author} size={96} className="shadow-sm ring-4 ring-white" />
        <h1 className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">{author.displayName}</h1>
        {author.bio && <p className="mt-4 max-w-2xl text-lg whitespace-pre-line text-slate-600">{author.bio}</p>}
        <p className="mt-3 text-sm text-slate-600">{AUTHOR_MESSAGES.postCount(total)}</p>
      </header>
      <PostGrid posts={posts} />
      <Pager page={page} pageCount={pageCount} hrefOf={(n) => pageHref(author.username, n)} />
    </section>
  );
}

/** A 404 is the site's card; anything else says the list failed, with the blog's toast. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (useBlogListError(error)) return <NotFoundCard />;
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-24 text-center text-red-900">
      <p className="font-semibold">{BLOG_MESSAGES.listErrorTitle}</p>
      <p className="mt-1">{BLOG_MESSAGES.listErrorDescription}</p>
    </div>
  );
}

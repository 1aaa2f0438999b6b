import { data, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/blog";
import { Icon } from "~/app/components/icon";
import { NotFoundCard } from "~/app/components/not-found-card";
import { PostGrid } from "~/app/components/post-grid";
import { SubscribeForm } from "~/app/components/newsletter/subscribe-form";
import { Pager } from "~/app/components/pager";
import { buttonClasses } from "~/app/components/ui/button";
import { canonicalLink, pageMeta } from "~/app/lib/meta";
import { socialMeta } from "~/app/lib/social-meta";
import { useBlogListError } from "~/app/lib/use-blog-list-error";
import { BLOG_MESSAGES } from "~/shared/blog";
import { socialCardPaths } from "~/shared/media";
import { SEARCH_PATH } from "~/shared/search-link";
import { type PageCacheHandle, SHOWS_POST_LIST, showsCard, showsHeader, showsTag } from "~/shared/page-cache";

// Kept by the page cache per tag and page until a write touches what it shows (src/shared/page-cache.ts).
export const handle: PageCacheHandle = { pageCache: { reads: ["tag", "page"] } };

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return pageMeta(BLOG_MESSAGES.title, BLOG_MESSAGES.intro);
  const title = data.tagName ? `Posts tagged ${data.tagName}` : BLOG_MESSAGES.title;
  const paged = data.page > 1 ? `${title} (page ${data.page})` : title;
  return [...pageMeta(paged, BLOG_MESSAGES.intro), canonicalLink(data.canonical), ...data.social];
};

/** `?tag=` narrows the list to one tag; `?page=N` pages it, 12 a page (docs/architecture.md section 5). */
export function blogHref({ tag, page }: { tag?: string; page?: number }): string {
  const query = new URLSearchParams();
  if (tag) query.set("tag", tag);
  if (page && page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `/blog?${search}` : "/blog";
}

/**
 * A page past the end or an unknown tag is a 404 that neither the page cache nor a browser keeps:
 * anyone can make up tags and page numbers, and each kept answer would push a real page out of
 * the cache (docs/decisions/007-public-tags-and-not-found-pages.md).
 */
const NOT_KEPT = { "Cache-Control": "no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const tag = params.get("tag") || undefined;
  const pageParam = params.get("page");
  const page = pageParam === null ? 1 : /^\d+$/.test(pageParam) ? Number(pageParam) : NaN;
  // A renamed or merged tag's old address moves for good to the tag that holds its posts now.
  const moved = tag ? await context.store.resolveTagRedirect(tag) : undefined;
  if (moved) return redirect(blogHref({ tag: moved.slug, page: Number.isInteger(page) ? page : undefined }), 301);
  const result = await context.blog.listPage({ page, tag });
  if (!result) throw data(null, { status: 404, headers: NOT_KEPT });
  return data(
    {
      posts: result.posts,
      page: result.page,
      pageCount: result.pageCount,
      tag,
      tagName: result.tag?.name ?? tag,
      canonical: context.config.publicUrl + blogHref({ tag, page: result.page }),
      // Made here, on the server, so their code stays out of the page's JavaScript.
      social: socialMeta({
        publicUrl: context.config.publicUrl,
        title: tag ? `Posts tagged ${result.tag?.name ?? tag}` : BLOG_MESSAGES.title,
        description: BLOG_MESSAGES.intro,
        url: context.config.publicUrl + blogHref({ tag, page: result.page }),
        image: socialCardPaths.blog,
      }),
    },
    // Each post it shows by name, so saving one drops only the list page showing it.
    { headers: showsHeader([tag ? showsTag(tag) : SHOWS_POST_LIST, ...result.posts.map((p) => showsCard(p.slug))]) },
  );
}

export const headers: Route.HeadersFunction = ({ errorHeaders, loaderHeaders }) => errorHeaders ?? loaderHeaders;

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, page, pageCount, tag, tagName } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/blog";

  return (
    <BlogFrame>
      {tag && (
        <div className="mb-8 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3">
          <p className="text-brand-900">
            Showing posts tagged <strong>{tagName}</strong>
          </p>
          <Link to="/blog" className={buttonClasses({ variant: "outline", size: "sm" })}>
            Show all posts
          </Link>
        </div>
      )}
      <p aria-live="polite" className={loading ? "mb-6 text-slate-600" : "sr-only"}>
        {loading ? BLOG_MESSAGES.loading : ""}
      </p>
      {posts.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-10 text-center text-slate-600">
          {BLOG_MESSAGES.empty}
        </p>
      ) : (
        <PostGrid posts={posts} dimmed={loading} />
      )}
      <Pager page={page} pageCount={pageCount} hrefOf={(n) => blogHref({ tag, page: n })} />
      <div className="mt-12">
        <SubscribeForm id="blog-subscribe" />
      </div>
    </BlogFrame>
  );
}

/** docs/product.md section 8: a list that fails to load says so, with the destructive toast. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (useBlogListError(error)) return <NotFoundCard />;
  return (
    <BlogFrame>
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
        <p className="font-semibold">{BLOG_MESSAGES.listErrorTitle}</p>
        <p className="mt-1">{BLOG_MESSAGES.listErrorDescription}</p>
      </div>
    </BlogFrame>
  );
}

function BlogFrame({ children }: { children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-5xl px-4 py-16">
      <header className="mb-10 text-center">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{BLOG_MESSAGES.title}</h1>
        <p className="mt-4 text-lg text-slate-600">{BLOG_MESSAGES.intro}</p>
        {/* A plain link: the feed is a file for feed readers, not a page of the app. */}
        <div className="mt-4 flex flex-wrap items-center justify-center gap-2">
          <a href="/rss.xml" className={buttonClasses({ variant: "ghost", size: "sm" })}>
            <Icon name="rss" className="h-4 w-4 text-orange-600" />
            {BLOG_MESSAGES.rss}
          </a>
          <Link to={SEARCH_PATH} className={buttonClasses({ variant: "ghost", size: "sm" })}>
            {BLOG_MESSAGES.search}
          </Link>
        </div>
      </header>
      {children}
    </section>
  );
}

import { data, redirect } from "react-router";
import type { Route } from "./+types/page";
import { PublicBlocks } from "~/app/components/blocks/public-blocks";
import { absoluteUrl, canonicalLink } from "~/app/lib/meta";
import { socialMeta } from "~/app/lib/social-meta";
import { socialCardPaths } from "~/shared/media";
import { pageAppearance } from "~/shared/page-appearance";
import { CACHEABLE_PAGE, showsHeader, showsPage } from "~/shared/page-cache";
import { pagePathSegments } from "~/shared/pages";
import { SITE } from "~/shared/site";
import { contactAction } from "~/app/lib/contact-action.server";
import { oldAddressTarget } from "~/app/lib/old-addresses.server";
import { industryCards, siteContentFor } from "~/app/lib/site-content.server";
import type { BlockData } from "~/app/components/blocks/block-data";
import { blockCacheTopics, faqJsonLd, latestPostsKey, latestPostsQueries } from "~/shared/blocks";
import { NotFoundCard, notFoundMeta } from "~/app/components/not-found-card";

// Kept by the page cache until a write touches what it says it shows (src/shared/page-cache.ts).
export const handle = CACHEABLE_PAGE;

/**
 * Title, description, canonical address, robots, OpenGraph, Twitter card and JSON-LD WebPage; the
 * page's search settings win over its title and first text (src/shared/page-appearance.ts).
 */
export const meta: Route.MetaFunction = (args) => {
  const { data: loaded } = args;
  if (!loaded?.page) return notFoundMeta();
  const { page, canonical, publicUrl, social, socialImage, head, faq } = loaded;
  return [
    { title: head.documentTitle },
    { name: "description", content: head.description },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
    canonicalLink(canonical),
    ...social,
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "WebPage",
        name: head.socialTitle,
        description: head.description,
        url: canonical,
        image: absoluteUrl(publicUrl, socialImage),
        ...(page.publishedAt && { datePublished: page.publishedAt }),
        dateModified: page.updatedAt,
        isPartOf: { "@type": "WebSite", name: SITE.name, url: publicUrl },
      },
    },
    ...(faq ? [{ "script:ld+json": faq }] : []),
  ];
};

/**
 * A published page at a path of one or two segments (docs/cms-guide.md "Pages"). A path no
 * published page holds: a page's old path moves for good to its new one (301); anything else is
 * the site's not-found answer, as the not-found route gives it: an old address of the site moves
 * to its new one, any other path gets the not-found card (its component and title, not the route
 * module, so a page of blocks loads no script of the not-found route's).
 */
export async function loader(args: Route.LoaderArgs) {
  const { params, context } = args;
  const path = `/${params.first}${params.second === undefined ? "" : `/${params.second}`}`;
  const shaped = pagePathSegments(path) !== undefined;
  const page = shaped ? await context.pages.getPublished(path) : undefined;
  if (!page) {
    const moved = shaped ? await context.pages.movedTo(path) : undefined;
    if (moved?.shown) return redirect(moved.address, 301);
    const target = await oldAddressTarget(args.request, context);
    if (target) return redirect(target, 301);
    // Not kept by the page cache, as the not-found route's answers are not: a page published
    // here, or an old address added, is answered at once.
    return data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  const { publicUrl } = context.config;
  const canonical = page.canonicalUrl ?? `${publicUrl}${page.path}`;
  const head = pageAppearance(page);
  const socialImage = page.socialImage ?? socialCardPaths.page({ id: page.id, updatedAt: page.updatedAt });
  const social = socialMeta({
    publicUrl,
    title: head.socialTitle,
    description: head.description,
    url: canonical,
    image: socialImage,
  });
  // What the blocks show beyond the page: the site's industries and the newest posts they ask for.
  const { content, preview, headers: previewHeaders } = await siteContentFor(args.request, context, []);
  const posts: Record<string, BlockData["posts"][string]> = {};
  for (const { tag, count } of latestPostsQueries(page.blocks)) {
    posts[latestPostsKey(tag)] = (await context.blog.listPage({ page: 1, tag, pageSize: count }))?.posts ?? [];
  }
  const blockData: BlockData = { industries: industryCards(content), posts };
  const topics = [showsPage(page.path), ...blockCacheTopics(page.blocks, Object.values(posts).flat())];
  // Made here, on the server, so the text reading and the schemas stay out of the page's JavaScript.
  return data(
    { page, canonical, publicUrl, social, socialImage, head, blockData, faq: faqJsonLd(page.blocks) },
    { headers: preview ? previewHeaders : showsHeader(topics) },
  );
}

/** A contact form on the page posts here, so its lead is credited to this page (the message's page). */
export const action = (args: Route.ActionArgs) => contactAction(args);

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export default function Page({ loaderData }: Route.ComponentProps) {
  if (!loaderData?.page) return <NotFoundCard />;
  const { page, blockData } = loaderData;
  return <PublicBlocks title={page.title} blocks={page.blocks} data={blockData} />;
}

import { data } from "react-router";
import type { Route } from "./+types/home";
import { PublicBlocks } from "~/app/components/blocks/public-blocks";
import type { BlockData } from "~/app/components/blocks/block-data";
import { contactAction } from "~/app/lib/contact-action.server";
import { pageMeta } from "~/app/lib/meta";
import { industryCards, siteContentFor } from "~/app/lib/site-content.server";
import { socialMeta } from "~/app/lib/social-meta";
import { blockCacheTopics, latestPostsKey, latestPostsQueries } from "~/shared/blocks";
import { homePageBlocks } from "~/shared/home-page";
import { socialCardPaths } from "~/shared/media";
import { HOME_PAGE_PATH } from "~/shared/pages";
import { SITE } from "~/shared/site";
import { CACHEABLE_PAGE, showsHeader, showsPage } from "~/shared/page-cache";

// Kept by the page cache until a publish changes the home page or what its blocks show (src/shared/page-cache.ts).
export const handle = CACHEABLE_PAGE;

/** The site's name and description unless the home page's search settings say otherwise; made by the loader. */
export const meta: Route.MetaFunction = ({ data }) => data?.head ?? [];

/**
 * The home page: the published page of blocks at / (docs/decisions/280-the-home-page-is-a-page-of-blocks.md),
 * with the site content's industries for its cards. Before the first start that made the page
 * (a read-only start), the same blocks are made from the published site content.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { content, preview, headers } = await siteContentFor(request, context, []);
  const page = await context.pages.getPublished(HOME_PAGE_PATH);
  const blocks = page?.blocks ?? homePageBlocks(content.home);
  const posts: Record<string, BlockData["posts"][string]> = {};
  for (const { tag, count } of latestPostsQueries(blocks)) {
    posts[latestPostsKey(tag)] = (await context.blog.listPage({ page: 1, tag, pageSize: count }))?.posts ?? [];
  }
  const title = page?.metaTitle ?? SITE.name;
  const description = page?.metaDescription ?? SITE.description;
  const social = socialMeta({
    publicUrl: context.config.publicUrl,
    title: page?.metaTitle ?? `${SITE.name} | ${SITE.tagline}`,
    description,
    url: "/",
    image: page?.socialImage ?? socialCardPaths.home,
  });
  const topics = [showsPage(HOME_PAGE_PATH), ...blockCacheTopics(blocks, Object.values(posts).flat())];
  const blockData: BlockData = { industries: industryCards(content), posts };
  return data(
    // The tags are made here, on the server, so their code stays out of the page's JavaScript.
    { head: [...pageMeta(title, description), ...social], title: page?.title ?? SITE.name, blocks, blockData },
    { headers: preview ? headers : showsHeader(topics) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export const action = (args: Route.ActionArgs) => contactAction(args);

/**
 * docs/product.md section 2, Home: the home page's blocks, in the looks decision 275 gave its
 * sections (docs/decisions/275-block-variants-and-rhythm.md).
 */
export default function Home({ loaderData: { title, blocks, blockData } }: Route.ComponentProps) {
  return <PublicBlocks title={title} blocks={blocks} data={blockData} />;
}

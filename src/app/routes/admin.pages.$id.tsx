import type { Route } from "./+types/admin.pages.$id";
import { AdminScreenError } from "~/app/components/admin/admin-screen-error";
import { useAdminOutlet } from "~/app/components/admin/admin-outlet";
import { PageEditor } from "~/app/components/admin/pages/page-editor";
import { EMPTY_BLOCK_DATA, type BlockData } from "~/app/components/blocks/block-data";
import { refusal, screenUser } from "~/app/lib/admin-screen.server";
import { industryCards } from "~/app/lib/site-content.server";
import { BLOCK_LIMITS, latestPostsKey } from "~/shared/blocks";
import { can, postContext } from "~/shared/permissions";

/** The block editor wants the room of a wide screen for its preview (admin-dashboard.tsx). */
export const handle = { adminWide: true };

/**
 * One page in the block editor: the page whole, who may edit and publish it, and what its
 * preview shows beyond the page (the site's industries, the newest posts of every tag a block
 * names and of the whole blog, as many as a block may ask for), as the public page's loader has them.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await screenUser(request, context, "pages.create");
  if (!user) return { page: undefined, blockData: EMPTY_BLOCK_DATA, mayPublish: false, mayEdit: false };
  const read = await context.outcomeOf(() => context.pages.get(params.id));
  if (!read.ok) throw refusal(read.status === 400 ? 404 : read.status);
  const page = read.value;
  const content = await context.site.published();
  const tags = new Set([undefined, ...page.blocks.flatMap((b) => (b.type === "latestPosts" && b.tag ? [b.tag] : []))]);
  const posts: Record<string, BlockData["posts"][string]> = {};
  for (const tag of tags) {
    posts[latestPostsKey(tag)] =
      (await context.blog.listPage({ page: 1, tag, pageSize: BLOCK_LIMITS.latestPosts }))?.posts ?? [];
  }
  return {
    page,
    blockData: { industries: industryCards(content), posts } satisfies BlockData,
    mayPublish: can(user.role, "pages.publish"),
    mayEdit: can(user.role, "pages.edit", postContext(user.id, page)),
  };
}

export default function PageScreen({ loaderData }: Route.ComponentProps) {
  const { user } = useAdminOutlet();
  const { page, blockData, mayPublish, mayEdit } = loaderData;
  if (!page) return null;
  // One editor per page: moving to another page's address starts that page's editor afresh.
  return (
    <PageEditor key={page.id} page={page} user={user} blockData={blockData} mayPublish={mayPublish} mayEdit={mayEdit} />
  );
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <AdminScreenError error={error} />;

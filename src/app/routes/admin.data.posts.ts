import type { Route } from "./+types/admin.data.posts";
import { panelData, panelRead, panelUser } from "~/app/lib/admin-route.server";
import type { PostSearchPage } from "~/shared/post-query";

export type PostsLoaderData = { result?: PostSearchPage; error?: string };

/** The Posts tab's list (a resource route its fetcher loads): one page of the matching posts, drafts too. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await panelUser(request, context))) return panelData<PostsLoaderData>({}, 401);
  const read = await panelRead(context, () =>
    context.postSearch.search(Object.fromEntries(new URL(request.url).searchParams)),
  );
  if ("error" in read) return panelData<PostsLoaderData>({ error: read.error }, read.status);
  return panelData<PostsLoaderData>({ result: read.result });
}

import type { Route } from "./+types/admin.data.posts";
import { panelData, panelRead, panelUser } from "~/app/lib/admin-route.server";
import type { CmsPost } from "~/shared/blog";
import { POST_SUBJECT } from "~/shared/revisions";
import type { PostSearchPage } from "~/shared/post-query";
import { canSeeAnalytics } from "~/shared/analytics";
import { can } from "~/shared/permissions";
import { loadKeepingThePage } from "~/app/lib/panel-load";

/** `views`: each listed post's page views in the last 30 days, by slug, for whoever sees the analytics. */
export type PostsLoaderData = {
  result?: PostSearchPage;
  post?: CmsPost;
  error?: string;
  views?: Record<string, number>;
  /** Why a listed post's schedule failed, by post id, while the scheduler retries it. */
  scheduleFailures?: Record<number, string>;
  /** Readers each listed post was emailed to and failed for, by post id, for whoever may send ("newsletter.send"). */
  emailSends?: Record<number, { sent: number; failed: number }>;
};

/**
 * The Posts tab's list (a resource route its fetcher loads): one page of the matching posts, drafts
 * too, without their content; with `?id=N`, that one post whole, for the editor.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await panelUser(request, context);
  if (!user) return panelData<PostsLoaderData>({}, 401);
  const params = new URL(request.url).searchParams;
  const id = params.get("id");
  if (id !== null) {
    const read = await panelRead(context, () => context.posts.get(id));
    if ("error" in read) return panelData<PostsLoaderData>({ error: read.error }, read.status);
    return panelData<PostsLoaderData>({ post: read.result });
  }
  const read = await panelRead(context, () => context.postSearch.search(Object.fromEntries(params)));
  if ("error" in read) return panelData<PostsLoaderData>({ error: read.error }, read.status);
  const failures = context.scheduler.failures(POST_SUBJECT);
  const scheduleFailures = Object.fromEntries(failures.map((f) => [f.id, f.reason]));
  const emailSends = can(user.role, "newsletter.send")
    ? await context.newsletter.sendSummaries(read.result.posts.map((post) => post.id))
    : undefined;
  if (!context.analytics || !canSeeAnalytics(user.role)) {
    return panelData<PostsLoaderData>({ result: read.result, scheduleFailures, emailSends });
  }
  const all = await context.analytics.postViews();
  const views = Object.fromEntries(read.result.posts.map((post) => [post.slug, all.get(post.slug) ?? 0]));
  return panelData<PostsLoaderData>({ result: read.result, views, scheduleFailures, emailSends });
}

/** A list that cannot be loaded is the panel's toast, not the page's error card (lib/panel-load.ts). */
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadKeepingThePage(serverLoader);

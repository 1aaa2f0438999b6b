import type { CmsPost } from "~/shared/blog";
import { BLOG_MESSAGES } from "~/shared/blog";
import { api } from "~/app/lib/api";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { usePostList } from "~/app/components/admin/use-post-list";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { POST_LIST_MESSAGES } from "./tool-messages";

const loadDebugPosts = () => api.get<{ posts: CmsPost[] }>("/api/debug/list-posts").then((r) => r.posts);

/** Every post, drafts too, from the admin-only debug list (docs/product.md section 7), reloadable after a write. */
export function useToolPosts() {
  return usePostList({
    load: loadDebugPosts,
    failed: ADMIN_MESSAGES.loadFailed,
    unreachable: ADMIN_MESSAGES.loadError,
  });
}

/**
 * docs/product.md section 2: the posts with their ID and title (/delete-posts, /test-update). `onPick`
 * adds a button per row that hands the post to the page's form.
 */
export function ToolPostList({
  posts,
  loading,
  pickLabel,
  onPick,
}: {
  posts: CmsPost[] | undefined;
  loading: boolean;
  pickLabel: string;
  onPick: (post: CmsPost) => void;
}) {
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{POST_LIST_MESSAGES.heading}</h2>
      <div className="mt-3" aria-busy={loading}>
        {!posts?.length ? (
          <p className="text-sm text-slate-600">{loading ? POST_LIST_MESSAGES.loading : POST_LIST_MESSAGES.empty}</p>
        ) : (
          <ul aria-label={POST_LIST_MESSAGES.heading} className="max-h-96 divide-y divide-slate-200 overflow-y-auto">
            {posts.map((post) => (
              <li key={post.id} className="flex items-center gap-3 py-2">
                <span className="w-12 shrink-0 font-mono text-sm text-slate-600">#{post.id}</span>
                <span className="min-w-0 flex-1 text-sm wrap-anywhere text-slate-900">
                  {post.title || BLOG_MESSAGES.untitled}
                  {!post.published && (
                    <Badge tone="muted" className="ml-2">
                      {POST_LIST_MESSAGES.draft}
                    </Badge>
                  )}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onPick(post)}
                  aria-label={`${pickLabel} #${post.id} ${post.title}`}
                >
                  {pickLabel}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

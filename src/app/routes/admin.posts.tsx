import type { Route } from "./+types/admin.posts";
import type { CmsListItem } from "~/shared/blog";
import { can } from "~/shared/permissions";
import { api, ApiError } from "~/app/lib/api";
import { toast } from "~/app/lib/toast";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { useAdminOutlet } from "~/app/components/admin/admin-outlet";
import { AdminScreenError } from "~/app/components/admin/admin-screen-error";
import { PostsPanel } from "~/app/components/admin/posts-panel";
import { undoAction } from "~/app/components/admin/trash-panel";
import { screenUser } from "~/app/lib/admin-screen.server";

/** Anyone signed in; the list itself loads through its fetcher, so a failed load keeps the page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await screenUser(request, context);
  return null;
}

/** docs/product.md section 2, Posts: the list, Edit (a link to the post's editor) and Delete. */
export default function PostsScreen() {
  const { user, reload } = useAdminOutlet();

  const remove = async (post: CmsListItem) => {
    try {
      await api.post(`/api/cms/delete-post/${post.id}`);
      toast({ ...ADMIN_MESSAGES.deleted, action: undoAction(post.id, reload) });
      reload();
    } catch (err) {
      toast({
        title: ADMIN_MESSAGES.deleteFailed(err instanceof ApiError ? err.status : undefined),
        description: err instanceof Error ? err.message : undefined,
        variant: "destructive",
      });
    }
  };

  return <PostsPanel canDelete={can(user.role, "posts.delete")} onDelete={(post) => void remove(post)} />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <AdminScreenError error={error} />;

import { useState } from "react";
import { useNavigate } from "react-router";
import type { CmsPost } from "~/shared/blog";
import { Card } from "~/app/components/ui/card";
import { useAdminOutlet } from "./admin-outlet";
import { PostForm } from "./post-form";
import { PostHistoryPanel } from "./post-history-panel";
import { PreviewLinkPanel } from "./preview-link-panel";
import { can, postContext } from "~/shared/permissions";

export const POSTS_PATH = "/admin/posts";

/**
 * docs/product.md section 4's New Post and Edit flows at their own addresses: the form (and, for a
 * saved post, its History). A new post's form starts fresh with a temporary id (temp-{time}); Save
 * and Cancel return to Posts, Cancel asking first when edits are unsaved (the layout's guard).
 * A restore saves a new version, and the editor starts again from it. Whoever may edit a saved
 * post may also share a preview link to it (docs/decisions/181-shared-preview-links.md).
 */
export function PostEditorScreen({ post }: { post?: CmsPost }) {
  const { user, setDirty } = useAdminOutlet();
  const navigate = useNavigate();
  const [shown, setShown] = useState(() => ({ post, key: post ? `post-${post.id}` : `temp-${Date.now()}` }));

  const restored = (next: CmsPost) => {
    setDirty(false);
    setShown({ post: next, key: `post-${next.id}-${next.updatedAt}` });
  };

  return (
    <div className="space-y-6">
      <Card>
        <PostForm
          key={shown.key}
          user={user}
          post={shown.post}
          onDone={() => void navigate(POSTS_PATH)}
          onDirtyChange={setDirty}
        />
      </Card>
      {shown.post && can(user.role, "posts.edit", postContext(user.id, shown.post)) && (
        <PreviewLinkPanel postId={shown.post.id} />
      )}
      {shown.post && <PostHistoryPanel key={shown.key} postId={shown.post.id} onRestored={restored} />}
    </div>
  );
}

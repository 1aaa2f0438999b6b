import type { CmsPost } from "../../../shared/blog";
import { formatDateTime } from "../../../shared/dates";
import { viewPath } from "../../../shared/preview";
import { Badge } from "../ui/badge";
import { Button, buttonClasses } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { DEBUG_MESSAGES } from "./debug-messages";

/** SPEC section 2, Blog Posts tab: status, ID, slug, created and updated times, View and Delete. */
export function DebugPostsTable({ posts, onDelete }: { posts: CmsPost[]; onDelete: (post: CmsPost) => void }) {
  if (posts.length === 0) return <p className="text-slate-600">No posts found.</p>;
  return (
    // `relative`: the visually hidden link texts are absolutely positioned; without a positioned
    // ancestor they escape this scroll box and widen the whole page on a phone.
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">Every post, drafts included</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3">Status</th>
            <th scope="col" className="py-2 pr-3">ID</th>
            <th scope="col" className="py-2 pr-3">Title and slug</th>
            <th scope="col" className="py-2 pr-3">Created</th>
            <th scope="col" className="py-2 pr-3">Updated</th>
            <th scope="col" className="py-2 text-right">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {posts.map((post) => {
            const confirm = DEBUG_MESSAGES.confirmDelete(post.title, post.id);
            return (
              <tr key={post.id}>
                <td className="py-3 pr-3">
                  <Badge tone={post.published ? "success" : "muted"}>{post.published ? "Published" : "Draft"}</Badge>
                </td>
                <td className="py-3 pr-3 font-mono">{post.id}</td>
                <td className="py-3 pr-3">
                  <span className="block font-medium text-slate-900">{post.title}</span>
                  <span className="block font-mono text-xs text-slate-600">{post.slug}</span>
                </td>
                <td className="py-3 pr-3 whitespace-nowrap">{formatDateTime(post.createdAt)}</td>
                <td className="py-3 pr-3 whitespace-nowrap">{formatDateTime(post.updatedAt)}</td>
                <td className="py-3">
                  <div className="flex justify-end gap-2">
                    <a href={viewPath(post)} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: "outline", size: "sm" })}>
                      View<span className="sr-only"> {post.title} (opens in a new tab)</span>
                    </a>
                    <ConfirmDialog
                      trigger={
                        <Button variant="destructive" size="sm" aria-label={`Delete post ${post.id}`}>
                          Delete
                        </Button>
                      }
                      title={confirm.title}
                      description={confirm.description}
                      confirmLabel="Delete"
                      onConfirm={() => onDelete(post)}
                    />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

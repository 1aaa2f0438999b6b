import type { CmsPost } from "~/shared/blog";
import { formatDateTime } from "~/shared/dates";
import { viewPath } from "~/shared/preview";
import { Badge } from "~/app/components/ui/badge";
import { buttonClasses } from "~/app/components/ui/button";
import { ConfirmButton } from "~/app/components/ui/confirm-dialog";
import { DEBUG_MESSAGES } from "./debug-messages";

/** docs/product.md section 2, Blog Posts tab: status, ID, slug, created and updated times, View and Delete. */
export function DebugPostsTable({ posts, onDelete }: { posts: CmsPost[]; onDelete: (post: CmsPost) => void }) {
  if (posts.length === 0) return <p className="text-slate-600">No posts found.</p>;
  return (
    // `relative`: the visually hidden texts are absolutely positioned; without a positioned
    // ancestor they escape this box and widen the whole page on a phone. Below the medium width
    // each row is a stacked card (labels shown, header row hidden), so no action is off-screen.
    <div className="relative md:overflow-x-auto">
      <table className="w-full text-left text-sm max-md:block md:min-w-[720px]">
        <caption className="sr-only">Every post, drafts included</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-600 uppercase max-md:hidden">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Status
            </th>
            <th scope="col" className="py-2 pr-3">
              ID
            </th>
            <th scope="col" className="py-2 pr-3">
              Title and slug
            </th>
            <th scope="col" className="py-2 pr-3">
              Created
            </th>
            <th scope="col" className="py-2 pr-3">
              Updated
            </th>
            <th scope="col" className="py-2 text-right">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-md:block">
          {posts.map((post) => {
            const confirm = DEBUG_MESSAGES.confirmDelete(post.title, post.id);
            return (
              <tr
                key={post.id}
                className="max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-1 max-md:py-4"
              >
                <td className="md:py-3 md:pr-3">
                  <Badge tone={post.published ? "success" : "muted"}>{post.published ? "Published" : "Draft"}</Badge>
                </td>
                {/* The phone's labels are CSS content, so a cell's text stays its value. */}
                <td className="font-mono max-md:before:font-sans max-md:before:text-slate-600 max-md:before:content-['ID_'] md:py-3 md:pr-3">
                  {post.id}
                </td>
                <td className="min-w-0 max-md:w-full md:py-3 md:pr-3">
                  <span className="block font-medium wrap-anywhere text-slate-900">{post.title}</span>
                  <span className="block font-mono text-xs break-all text-slate-600">{post.slug}</span>
                </td>
                <td className="max-md:w-full max-md:text-xs max-md:text-slate-600 max-md:before:content-['Created_'] md:py-3 md:pr-3 md:whitespace-nowrap">
                  {formatDateTime(post.createdAt)}
                </td>
                <td className="max-md:w-full max-md:text-xs max-md:text-slate-600 max-md:before:content-['Updated_'] md:py-3 md:pr-3 md:whitespace-nowrap">
                  {formatDateTime(post.updatedAt)}
                </td>
                <td className="max-md:w-full max-md:pt-2 md:py-3">
                  <div className="flex gap-2 md:justify-end">
                    <a
                      href={viewPath(post)}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={buttonClasses({ variant: "outline", size: "sm" })}
                    >
                      View<span className="sr-only"> {post.title} (opens in a new tab)</span>
                    </a>
                    <ConfirmButton
                      variant="destructive"
                      size="sm"
                      aria-label={`Delete post ${post.id}`}
                      title={confirm.title}
                      description={confirm.description}
                      confirmLabel="Delete"
                      onConfirm={() => onDelete(post)}
                    >
                      Delete
                    </ConfirmButton>
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

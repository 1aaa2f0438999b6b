import type { ReactNode } from "react";
import { BLOG_MESSAGES, type CmsListItem } from "~/shared/blog";
import { formatDate } from "~/shared/dates";
import { viewPath } from "~/shared/preview";
import { Link } from "react-router";
import { buttonClasses } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { ConfirmButton } from "~/app/components/ui/confirm-dialog";
import { ANALYTICS_MESSAGES } from "~/shared/analytics";
import { sendSummary } from "~/shared/subscribers";
import { ADMIN_MESSAGES } from "./admin-messages";
import { PostAuthors } from "./post-authors";
import { PostStatusBadge, ScheduleNote } from "./post-status-badge";

/** A post's editor in the admin (docs/decisions/170-the-admin-has-addresses.md). */
export const editorPath = (post: { id: number }) => `/admin/posts/${post.id}`;

/**
 * docs/product.md section 2, Posts: each row's title, date, status, two-line summary, Edit and
 * Delete. The row and Edit are links to the post's editor, so they open in a new tab too.
 */
export function PostsList({
  posts,
  views,
  scheduleFailures,
  emailSends,
  loading,
  canDelete,
  onDelete,
  filters,
  emptyText = ADMIN_MESSAGES.postsEmpty,
}: {
  /** The Posts tab's search and filters, shown under the heading. */
  filters?: ReactNode;
  emptyText?: string;
  posts: CmsListItem[] | undefined;
  /** Page views in the last 30 days by slug, when the user sees the analytics. */
  views?: Record<string, number>;
  /** Why a post's schedule failed, by post id, while it is retried. */
  scheduleFailures?: Record<number, string>;
  /** The newsletter's readers each post was emailed to and failed for, by post id (posts with a send). */
  emailSends?: Record<number, { sent: number; failed: number }>;
  loading: boolean;
  canDelete: boolean;
  onDelete: (post: CmsListItem) => void;
}) {
  return (
    <Card>
      <h2 className="text-xl font-semibold text-slate-900">{ADMIN_MESSAGES.postsCardTitle}</h2>
      <p className="mt-1 text-sm text-slate-600">{ADMIN_MESSAGES.postsHint}</p>
      {filters && <div className="mt-4">{filters}</div>}
      <div className="mt-6" aria-busy={loading}>
        {!posts ? (
          <p className="text-slate-600">
            {loading ? ADMIN_MESSAGES.postsLoading : ADMIN_MESSAGES.loadFailed.description}
          </p>
        ) : posts.length === 0 ? (
          <p className="text-slate-600">{emptyText}</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Posts">
            {posts.map((post) => (
              <li key={post.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
                {/* Named by what it shows, after a hidden "Edit" (axe: a link's name holds its visible text). */}
                <Link to={editorPath(post)} className="block min-w-0 flex-1 rounded text-left">
                  <span className="sr-only">Edit </span>
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="min-w-0 font-semibold wrap-anywhere text-slate-900">
                      {post.title || BLOG_MESSAGES.untitled}
                    </span>
                    <PostStatusBadge status={post.status} returned={Boolean(post.reviewNote)} />
                  </span>
                  <span className="mt-0.5 block text-xs text-slate-600">
                    {formatDate(post.createdAt, BLOG_MESSAGES.dateUnavailable)}
                    <PostAuthors post={post} inline />
                    {post.published && views?.[post.slug] !== undefined && (
                      <> · {ANALYTICS_MESSAGES.postViews(views[post.slug]!)}</>
                    )}
                    {emailSends?.[post.id] && <> · {sendSummary(emailSends[post.id]!)}</>}
                  </span>
                  <ScheduleNote post={post} failure={scheduleFailures?.[post.id]} />
                  <span className="mt-1 line-clamp-2 block text-sm text-slate-700">{post.summary || post.excerpt}</span>
                </Link>
                <div className="flex shrink-0 gap-2">
                  <Link to={editorPath(post)} className={buttonClasses({ variant: "outline", size: "sm" })}>
                    Edit
                  </Link>
                  {/* A draft opens its preview (docs/decisions/020-draft-preview.md). */}
                  <a
                    href={viewPath(post)}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`View ${post.title} (opens in a new tab)`}
                    className={buttonClasses({ variant: "outline", size: "sm" })}
                  >
                    View
                  </a>
                  {canDelete && (
                    <ConfirmButton
                      variant="destructive"
                      size="sm"
                      title={ADMIN_MESSAGES.deleteConfirm.title}
                      description={ADMIN_MESSAGES.deleteConfirm.description(post.title)}
                      confirmLabel={ADMIN_MESSAGES.deleteConfirm.action}
                      onConfirm={() => onDelete(post)}
                    >
                      Delete
                    </ConfirmButton>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

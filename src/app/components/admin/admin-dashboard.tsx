import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { CmsListItem, CmsPost } from "~/shared/blog";
import type { PostsLoaderData } from "~/app/routes/admin.data.posts";
import { api, ApiError, NetworkError } from "~/app/lib/api";
import { toast } from "~/app/lib/toast";
import { Badge } from "~/app/components/ui/badge";
import { Button, buttonClasses } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/app/components/ui/tabs";
import { AccountPanel } from "./account-panel";
import { ProfilePanel } from "./profile-panel";
import { ActivityPanel } from "./activity-panel";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { ADMIN_MESSAGES } from "./admin-messages";
import { MediaPanel } from "./media-panel";
import { PostForm } from "./post-form";
import type { SessionUser } from "~/shared/users";
import { ANALYTICS_MESSAGES, canSeeAnalytics } from "~/shared/analytics";
import { AnalyticsPanel } from "./analytics/analytics-panel";
import { INBOX_MESSAGES } from "~/shared/inbox";
import { TAGS_MESSAGES } from "~/shared/tags";
import { InboxPanel } from "./inbox-panel";
import { POSTS_DATA_PATH, PostsPanel } from "./posts-panel";
import { TagsPanel } from "./tags-panel";
import { PostHistoryPanel } from "./post-history-panel";
import { TRASH_MESSAGES, TrashPanel, undoAction } from "./trash-panel";
import { useInboxSummary } from "./use-inbox";
import { useLeaveGuard } from "./use-leave-guard";
import { USERS_MESSAGES, ACCOUNT_MESSAGES } from "./users/users-messages";
import { UsersPanel } from "./users/users-panel";
import { canEditSite } from "~/shared/site-content";
import { SitePanel } from "./site/site-panel";
import { can, type Action } from "~/shared/permissions";
import { REVIEW_MESSAGES } from "~/shared/review";
import { ReviewPanel, useReviewQueue } from "./review-panel";
import { SITE_TAB_MESSAGES } from "./site/site-messages";

type Tab =
  | "posts"
  | "new"
  | "review"
  | "inbox"
  | "tags"
  | "media"
  | "trash"
  | "users"
  | "activity"
  | "site"
  | "account"
  | "analytics";

/**
 * docs/product.md section 2, /admin after login, and section 4's New Post flow: opening the tab with no edit
 * in progress gives the form a temporary id (temp-{time}) so it starts fresh; leaving clears it.
 */
export function AdminDashboard({ user, onSignedOut }: { user: SessionUser; onSignedOut: () => void }) {
  // Every panel's list is a fetcher of a route module; revalidating reloads them all after a write.
  const { revalidate } = useRevalidator();
  const reload = () => revalidate();
  const inbox = useInboxSummary();
  // The tabs a role sees mirror the permission table; the server refuses the rest anyway.
  const may = (action: Action) => can(user.role, action);
  const review = useReviewQueue(may("posts.review"));
  const [tab, setTab] = useState<Tab>("posts");
  const [editing, setEditing] = useState<CmsPost | undefined>();
  const [formId, setFormId] = useState<string | undefined>();
  // Unsaved edits in the post form are not left behind without asking (021-no-lost-work.md).
  const guard = useLeaveGuard();

  const switchTab = (next: Tab) => {
    setTab(next);
    if (next === "new" && !editing) setFormId(`temp-${Date.now()}`);
    if (next === "posts") {
      setEditing(undefined);
      setFormId(undefined);
    }
  };
  const openTab = (next: Tab) => (next === tab ? undefined : guard.confirmLeave(() => switchTab(next)));

  // A row carries no content, so the editor opens the post as stored now.
  const edit = async (row: { id: number }) => {
    try {
      const { post } = await api.get<PostsLoaderData>(`${POSTS_DATA_PATH}?id=${row.id}`);
      if (!post) throw new ApiError(500, ADMIN_MESSAGES.openFailed);
      setEditing(post);
      setFormId(`post-${post.id}`);
      setTab("new");
    } catch (err) {
      const description = err instanceof NetworkError ? err.message : undefined;
      toast({ title: ADMIN_MESSAGES.openFailed, description, variant: "destructive" });
    }
  };

  const done = (saved: boolean) => {
    guard.confirmLeave(() => {
      switchTab("posts");
      if (saved) {
        void reload();
        review.reload();
      }
    });
  };

  const remove = async (post: CmsListItem) => {
    try {
      await api.post(`/api/cms/delete-post/${post.id}`);
      toast({ ...ADMIN_MESSAGES.deleted, action: undoAction(post.id, reload) });
      void reload();
    } catch (err) {
      toast({
        title: ADMIN_MESSAGES.deleteFailed(err instanceof ApiError ? err.status : undefined),
        description: err instanceof Error ? err.message : undefined,
        variant: "destructive",
      });
    }
  };

  // A restore saved a new version: the editor starts again from it, as stored.
  const restored = (post: CmsPost) => {
    guard.setDirty(false);
    setEditing(post);
    setFormId(`post-${post.id}-${post.updatedAt}`);
  };

  const signOut = async () => {
    await api.post("/api/auth/logout").catch(() => undefined);
    toast(ADMIN_MESSAGES.loggedOut);
    onSignedOut();
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <div className="flex items-center gap-3">
            <h1 className="text-3xl font-bold text-slate-900">{ADMIN_MESSAGES.pageTitle}</h1>
            <Badge>{roleLabel(user.role)}</Badge>
          </div>
          <p className="mt-1 text-sm text-slate-600">{ADMIN_MESSAGES.loggedInAs(user.username)}</p>
        </div>
        <div className="flex gap-2">
          <Link to="/" className={buttonClasses({ variant: "outline" })}>
            View Site
          </Link>
          <Button variant="secondary" onClick={() => guard.confirmLeave(() => void signOut())}>
            Logout
          </Button>
        </div>
      </header>

      <Tabs value={tab} onValueChange={(v) => openTab(v as Tab)} className="mt-8">
        <TabsList>
          <TabsTrigger value="posts">Posts</TabsTrigger>
          <TabsTrigger value="new">New Post</TabsTrigger>
          {may("posts.review") && (
            <TabsTrigger value="review">
              {review.items?.length ? REVIEW_MESSAGES.tabWithCount(review.items.length) : REVIEW_MESSAGES.tab}
            </TabsTrigger>
          )}
          {inbox.allowed && (
            <TabsTrigger value="inbox">
              {inbox.unread ? INBOX_MESSAGES.tabWithUnread(inbox.unread) : INBOX_MESSAGES.tab}
            </TabsTrigger>
          )}
          <TabsTrigger value="tags">{TAGS_MESSAGES.heading}</TabsTrigger>
          {canSeeAnalytics(user.role) && <TabsTrigger value="analytics">{ANALYTICS_MESSAGES.tab}</TabsTrigger>}
          {may("media.manage") && <TabsTrigger value="media">Media</TabsTrigger>}
          {may("trash.manage") && <TabsTrigger value="trash">{TRASH_MESSAGES.tab}</TabsTrigger>}
          {may("users.manage") && <TabsTrigger value="users">{USERS_MESSAGES.tab}</TabsTrigger>}
          {may("activity.see") && <TabsTrigger value="activity">{ACTIVITY_MESSAGES.tab}</TabsTrigger>}
          {canEditSite(user.role) && <TabsTrigger value="site">{SITE_TAB_MESSAGES.tab}</TabsTrigger>}
          <TabsTrigger value="account">{ACCOUNT_MESSAGES.tab}</TabsTrigger>
        </TabsList>
        <TabsContent value="posts" className="mt-6">
          <PostsPanel canDelete={may("posts.delete")} onEdit={edit} onDelete={remove} />
        </TabsContent>
        <TabsContent value="new" className="mt-6 space-y-6">
          <Card>
            {formId && (
              <PostForm key={formId} user={user} post={editing} onDone={done} onDirtyChange={guard.setDirty} />
            )}
          </Card>
          {editing && formId && <PostHistoryPanel key={formId} postId={editing.id} onRestored={restored} />}
        </TabsContent>
        {may("posts.review") && (
          <TabsContent value="review" className="mt-6">
            <ReviewPanel items={review.items} failed={review.failed} onOpen={(item) => void edit(item)} />
          </TabsContent>
        )}
        {may("trash.manage") && (
          <TabsContent value="trash" className="mt-6">
            <TrashPanel onRestored={reload} />
          </TabsContent>
        )}
        {may("users.manage") && (
          <TabsContent value="users" className="mt-6">
            <UsersPanel me={user} />
          </TabsContent>
        )}
        {may("activity.see") && (
          <TabsContent value="activity" className="mt-6">
            <ActivityPanel />
          </TabsContent>
        )}
        {canEditSite(user.role) && (
          <TabsContent value="site" className="mt-6">
            <SitePanel onDirtyChange={guard.setDirty} />
          </TabsContent>
        )}
        <TabsContent value="account" className="mt-6 space-y-6">
          <ProfilePanel user={user} />
          <AccountPanel user={user} onSignedOut={onSignedOut} />
        </TabsContent>
        {inbox.allowed && (
          <TabsContent value="inbox" className="mt-6">
            <InboxPanel />
          </TabsContent>
        )}
        <TabsContent value="tags" className="mt-6">
          <TagsPanel />
        </TabsContent>
        {canSeeAnalytics(user.role) && (
          <TabsContent value="analytics" className="mt-6">
            <AnalyticsPanel />
          </TabsContent>
        )}
        {may("media.manage") && (
          <TabsContent value="media" className="mt-6">
            <MediaPanel />
          </TabsContent>
        )}
      </Tabs>
      {guard.dialog}
    </div>
  );
}

/** docs/product.md section 2: the role badge falls back to "User". */
function roleLabel(role: string | undefined): string {
  return role ? role.charAt(0).toUpperCase() + role.slice(1) : ADMIN_MESSAGES.roleFallback;
}

import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import type { CmsPost } from "~/shared/blog";
import type { BackupInfo, BackupResult, RestoreResult } from "~/shared/operations";
import { api } from "~/app/lib/api";
import { failureToast } from "~/app/lib/failure-toast";
import { toast } from "~/app/lib/toast";
import { usePostList } from "~/app/components/admin/use-post-list";
import { undoAction } from "~/app/components/admin/trash-panel";
import { Button, buttonClasses } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/app/components/ui/tabs";
import { DebugPostsTable } from "./debug-posts-table";
import { DEBUG_MESSAGES } from "./debug-messages";
import { ManagementPanel, type RestoreSource } from "./management-panel";

const loadPosts = () => api.get<{ posts: CmsPost[] }>("/api/debug/list-posts").then((r) => r.posts);

/** docs/product.md section 2, /admin/debug-tools: the Blog Posts and Management tabs. */
export function DebugTools() {
  const { posts, loading, reload } = usePostList({
    load: loadPosts,
    failed: DEBUG_MESSAGES.loadFailed,
    unreachable: DEBUG_MESSAGES.loadUnreachable,
  });
  const [backups, setBackups] = useState<BackupInfo[] | undefined>();

  const reloadBackups = useCallback(async () => {
    try {
      setBackups((await api.get<{ backups: BackupInfo[] }>("/api/debug/backups")).backups);
    } catch (err) {
      failureToast(err, DEBUG_MESSAGES.backup);
    }
  }, []);
  useEffect(() => void reloadBackups(), [reloadBackups]);

  const deletePost = async (id: number) => {
    try {
      await api.delete(`/api/debug/delete-post/${id}`);
      toast({ ...DEBUG_MESSAGES.deleted(id), action: undoAction(id, reload) });
    } catch (err) {
      failureToast(err, DEBUG_MESSAGES.deletion);
    }
    void reload();
  };

  const backup = async () => {
    try {
      const { count, file } = await api.post<BackupResult>("/api/debug/backup-posts");
      toast(DEBUG_MESSAGES.backedUp(count, file));
    } catch (err) {
      failureToast(err, DEBUG_MESSAGES.backup);
    }
    void reloadBackups();
  };

  const restore = async (source: RestoreSource) => {
    const body = "file" in source ? { kinds: source.kinds } : "upload" in source ? source.upload : {};
    // A listed backup restores the kinds its preview dialog chose; the newest or an upload, its posts.
    const path =
      "file" in source ? `/api/debug/backups/${encodeURIComponent(source.file)}/restore` : "/api/debug/restore-posts";
    try {
      const result = await api.post<RestoreResult>(path, body);
      toast(DEBUG_MESSAGES.restored(result.message));
    } catch (err) {
      failureToast(err, DEBUG_MESSAGES.restore);
    }
    void Promise.all([reload(), reloadBackups()]);
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{DEBUG_MESSAGES.title}</h1>
          <p className="mt-1 text-sm text-slate-600">{DEBUG_MESSAGES.intro}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => Promise.all([reload(), reloadBackups()])} disabled={loading}>
            Refresh
          </Button>
          <Button onClick={backup}>Backup Now</Button>
          <Link to="/admin" className={buttonClasses({ variant: "secondary" })}>
            Back to Admin
          </Link>
        </div>
      </header>
      <Tabs defaultValue="posts" className="mt-8">
        <TabsList>
          <TabsTrigger value="posts">Blog Posts</TabsTrigger>
          <TabsTrigger value="management">Management</TabsTrigger>
        </TabsList>
        <TabsContent value="posts" className="mt-6">
          <Card aria-busy={loading}>
            {posts ? (
              <DebugPostsTable posts={posts} onDelete={(p) => deletePost(p.id)} />
            ) : (
              <p className="text-slate-600">{loading ? "Loading posts..." : DEBUG_MESSAGES.loadFailed.description}</p>
            )}
          </Card>
        </TabsContent>
        <TabsContent value="management" className="mt-6">
          <ManagementPanel backups={backups} onDelete={deletePost} onBackup={backup} onRestore={restore} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

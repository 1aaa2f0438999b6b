import { useCallback, useEffect, useState } from "react";
import type { CmsPost } from "~/shared/blog";
import type { PostsLoaderData } from "~/app/routes/admin.data.posts";
import type { PostSnapshot, RevisionDetail, RevisionSummary } from "~/shared/revisions";
import { api } from "~/app/lib/api";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { ConfirmButton } from "~/app/components/ui/confirm-dialog";
import { HISTORY_MESSAGES as M } from "~/app/components/history/history-messages";
import { RevisionDiff, type DiffField } from "~/app/components/history/revision-diff";
import { RevisionList } from "~/app/components/history/revision-list";
import { POSTS_DATA_PATH } from "./posts-panel";

/** A post's fields as the History panel names them. */
export const POST_FIELD_LABELS: Record<keyof PostSnapshot, string> = {
  title: "title",
  slug: "slug",
  summary: "summary",
  content: "content",
  coverImage: "cover image",
  tags: "tags",
  published: "published",
  metaTitle: "meta title",
  metaDescription: "meta description",
  socialImage: "social image",
  canonicalUrl: "canonical URL",
  noindex: "hidden from search engines",
  coverFocus: "cover focus",
  publishAt: "publish at",
};

const published = (value: boolean) => (value ? "Published" : "Draft");
const hidden = (value: boolean | undefined) => (value ? "Hidden from search engines" : "Shown to search engines");
const capital = (label: string) => label.charAt(0).toUpperCase() + label.slice(1);

/** A version beside the post as stored now, for the diff. */
function postFields(was: PostSnapshot, now: CmsPost): DiffField[] {
  const field = (name: keyof PostSnapshot, kind: DiffField["kind"], before: string, after: string): DiffField => ({
    name,
    label: capital(POST_FIELD_LABELS[name]),
    kind,
    before,
    after,
  });
  return [
    field("title", "text", was.title, now.title),
    field("slug", "value", was.slug, now.slug),
    field("summary", "text", was.summary, now.summary),
    field("content", "html", was.content, now.content),
    field("coverImage", "value", was.coverImage, now.coverImage ?? ""),
    field("tags", "value", was.tags.join(", "), now.tags.map((t) => t.name).join(", ")),
    field("published", "value", published(was.published), published(now.published)),
    field("metaTitle", "text", was.metaTitle ?? "", now.metaTitle ?? ""),
    field("metaDescription", "text", was.metaDescription ?? "", now.metaDescription ?? ""),
    field("socialImage", "value", was.socialImage ?? "", now.socialImage ?? ""),
    field("canonicalUrl", "value", was.canonicalUrl ?? "", now.canonicalUrl ?? ""),
    field("noindex", "value", hidden(was.noindex), hidden(now.noindex)),
    field("coverFocus", "value", was.coverFocus ?? "", now.coverFocus ?? ""),
  ];
}

type Viewing = { revision: RevisionDetail; current: CmsPost };

/**
 * The editor's History: the post's saved versions (who, when, what changed), any one compared with
 * the post as stored now, and Restore, which saves that version as a new one. Also the post's
 * old addresses, which redirect to it.
 */
export function PostHistoryPanel({ postId, onRestored }: { postId: number; onRestored: (post: CmsPost) => void }) {
  const [revisions, setRevisions] = useState<RevisionSummary[] | undefined>();
  const [redirects, setRedirects] = useState<string[]>([]);
  const [viewing, setViewing] = useState<Viewing | undefined>();
  const [busy, setBusy] = useState(false);
  const base = `/api/cms/posts/${postId}`;

  const load = useCallback(async () => {
    try {
      const [list, moved] = await Promise.all([
        api.get<RevisionSummary[]>(`${base}/revisions`),
        api.get<{ from: string[] }>(`${base}/redirects`),
      ]);
      setRevisions(list);
      setRedirects(moved.from);
    } catch (error) {
      toast({ title: M.loadFailed, description: (error as Error).message, variant: "destructive" });
    }
  }, [base]);

  useEffect(() => {
    void load();
  }, [load]);

  const open = async (id: number) => {
    try {
      const [revision, { post }] = await Promise.all([
        api.get<RevisionDetail>(`${base}/revisions/${id}`),
        api.get<PostsLoaderData>(`${POSTS_DATA_PATH}?id=${postId}`),
      ]);
      if (post) setViewing({ revision, current: post });
    } catch (error) {
      toast({ title: M.openFailed, description: (error as Error).message, variant: "destructive" });
    }
  };

  const restore = async () => {
    if (!viewing) return;
    setBusy(true);
    try {
      const post = await api.post<CmsPost>(`${base}/revisions/${viewing.revision.id}/restore`);
      toast(M.restored);
      onRestored(post);
    } catch (error) {
      toast({ title: M.restoreFailed, description: (error as Error).message, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="space-y-4" aria-labelledby="post-history-heading" role="region">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="post-history-heading" className="text-xl font-semibold text-slate-900">
            {M.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{M.hint}</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void load()}>
          {M.refresh}
        </Button>
      </div>
      {revisions === undefined ? (
        <p className="text-sm text-slate-600">{M.loading}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
          <RevisionList
            revisions={revisions}
            selected={viewing?.revision.id}
            onSelect={(id) => void open(id)}
            labels={POST_FIELD_LABELS}
          />
          {viewing && (
            <section aria-labelledby="revision-heading" className="min-w-0 space-y-4">
              <h3 id="revision-heading" className="text-base font-semibold text-slate-900">
                {M.viewHeading(viewing.revision.id)}
              </h3>
              <RevisionDiff fields={postFields(viewing.revision.snapshot, viewing.current)} />
              <ConfirmButton
                title={M.restoreTitle}
                description={M.restoreText}
                confirmLabel={M.restore}
                onConfirm={() => void restore()}
                disabled={busy}
              >
                {M.restore}
              </ConfirmButton>
            </section>
          )}
        </div>
      )}
      {redirects.length > 0 && (
        <div className="border-t border-slate-200 pt-4 text-sm">
          <h3 className="font-semibold text-slate-900">{M.redirectsHeading}</h3>
          <p className="text-slate-600">{M.redirectsHint}</p>
          <ul className="mt-2 list-disc pl-5 text-slate-800">
            {redirects.map((slug) => (
              <li key={slug}>/blog/{slug}</li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}

import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { CmsListItem } from "~/shared/blog";
import { POST_QUERY_MESSAGES, type PostQuery } from "~/shared/post-query";
import type { clientLoader, PostsLoaderData } from "~/app/routes/admin.data.posts";
import { isLoadFailure, type PanelLoadFailure } from "~/app/lib/panel-load";
import { toast } from "~/app/lib/toast";
import { FilterSelect, inputClasses } from "~/app/components/ui/field";
import { Pager } from "~/app/components/ui/pager";
import { ADMIN_MESSAGES } from "./admin-messages";
import { PostsList } from "./posts-list";
import { useTags } from "./use-tags";

export const POSTS_DATA_PATH = "/admin/data/posts";
const POST_STATUSES = ["all", "published", "drafts"] as const;
const POST_SORTS = ["created", "updated"] as const;

const searchOf = ({ q, status, tag, sort, page }: PostQuery) => {
  const params = new URLSearchParams({ status, sort });
  if (q) params.set("q", q);
  if (tag) params.set("tag", tag);
  if (page > 1) params.set("page", String(page));
  return params.toString();
};

/**
 * Which of docs/product.md section 8's list toasts an answer calls for: `loadError` when no answer
 * came back, `loadFailed` for an error answer (the store unusable) or none that could be read.
 */
function failureOf(answer: PostsLoaderData | PanelLoadFailure): "loadError" | "loadFailed" | undefined {
  if (isLoadFailure(answer)) return answer.loadFailure === "network" ? "loadError" : "loadFailed";
  return answer.result ? undefined : "loadFailed";
}

/**
 * The Posts tab (docs/product.md section 2): title search, status and tag filters, created or
 * updated order, 20 a page, and how many posts each status holds; the list loads through the
 * posts route module and reloads with every revalidation (after a save or a delete). A load that
 * fails is docs/product.md section 8's toast, and the list shown before stays.
 */
export function PostsPanel(props: { canDelete: boolean; onDelete: (post: CmsListItem) => void }) {
  const [query, setQuery] = useState<PostQuery>({ q: "", status: "all", tag: "", sort: "created", page: 1 });
  const fetcher = useFetcher<typeof clientLoader>();
  const { load } = fetcher;
  const search = searchOf(query);
  useEffect(() => {
    void load(`${POSTS_DATA_PATH}?${search}`);
  }, [load, search]);
  const answer = fetcher.data;
  const [shown, setShown] = useState<PostsLoaderData | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!answer) return;
    const failure = failureOf(answer);
    setFailed(failure !== undefined);
    if (failure) toast({ ...ADMIN_MESSAGES[failure], variant: "destructive" });
    else setShown(answer as PostsLoaderData);
  }, [answer]);
  const { tags } = useTags();
  const result = shown?.result;
  const change = (next: Partial<PostQuery>) => setQuery((q) => ({ ...q, page: 1, ...next }));

  const filters = (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" role="search" aria-label="Filter posts">
      <div className="text-sm text-slate-800">
        <label htmlFor="posts-search">{POST_QUERY_MESSAGES.search}</label>
        <input
          id="posts-search"
          type="search"
          className={inputClasses}
          value={query.q}
          onChange={(e) => change({ q: e.target.value })}
        />
      </div>
      <FilterSelect
        id="posts-status"
        label={POST_QUERY_MESSAGES.status}
        value={query.status}
        onChange={(status) => change({ status })}
        options={POST_STATUSES.map((s) => [
          s,
          `${POST_QUERY_MESSAGES.statusLabels[s]}${result ? ` (${result.counts[s]})` : ""}`,
        ])}
      />
      <FilterSelect
        id="posts-tag"
        label={POST_QUERY_MESSAGES.tag}
        value={query.tag}
        onChange={(tag) => change({ tag })}
        options={[["", POST_QUERY_MESSAGES.anyTag], ...(tags ?? []).map((t) => [t.slug, t.name] as const)]}
      />
      <FilterSelect
        id="posts-sort"
        label={POST_QUERY_MESSAGES.sort}
        value={query.sort}
        onChange={(sort) => change({ sort })}
        options={POST_SORTS.map((s) => [s, POST_QUERY_MESSAGES.sortLabels[s]])}
      />
      {result && (
        <p className="text-sm text-slate-600 sm:col-span-2 lg:col-span-4">
          {POST_QUERY_MESSAGES.counts(result.counts)}
        </p>
      )}
    </div>
  );

  const filtered = query.q !== "" || query.status !== "all" || query.tag !== "";
  return (
    <div className="space-y-4">
      <PostsList
        posts={result?.posts}
        views={shown?.views}
        scheduleFailures={shown?.scheduleFailures}
        emailSends={shown?.emailSends}
        loading={fetcher.state === "loading" || (!shown && !failed)}
        canDelete={props.canDelete}
        onDelete={props.onDelete}
        filters={filters}
        emptyText={filtered ? POST_QUERY_MESSAGES.noMatches : undefined}
      />
      {result && (
        <Pager
          label="Post pages"
          page={result.page}
          pageCount={result.pageCount}
          onStep={(step) => setQuery((q) => ({ ...q, page: q.page + step }))}
        />
      )}
    </div>
  );
}

import { useEffect, useState } from "react";
import {
  ACTIVITY_KIND_NAMES,
  ACTIVITY_KINDS,
  ACTIVITY_MESSAGES,
  type ActivityKind,
  type ActivityPage,
} from "~/shared/activity";
import { formatDateTime } from "~/shared/dates";
import { api } from "~/app/lib/api";
import { buttonClasses } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { FilterSelect } from "~/app/components/ui/field";
import { Pager } from "~/app/components/ui/pager";

type Query = { user: string; kind: "" | ActivityKind; page: number };

const searchOf = ({ user, kind, page }: Query, withPage = true) => {
  const params = new URLSearchParams();
  if (user) params.set("user", user);
  if (kind) params.set("kind", kind);
  if (withPage && page > 1) params.set("page", String(page));
  return params.toString();
};

const M = ACTIVITY_MESSAGES;

/**
 * The Activity tab (admins; docs/decisions/102-activity-log.md): who did what, when and from
 * where, newest first, filtered by person and kind, and the same as CSV.
 */
export function ActivityPanel() {
  const [query, setQuery] = useState<Query>({ user: "", kind: "", page: 1 });
  const [loaded, setLoaded] = useState<{ search: string; page?: ActivityPage; failed?: boolean }>();
  const search = searchOf(query);
  useEffect(() => {
    let current = true;
    api
      .get<ActivityPage>(`/api/admin/activity?${search}`)
      .then((page) => current && setLoaded({ search, page }))
      .catch(() => current && setLoaded({ search, failed: true }));
    return () => {
      current = false;
    };
  }, [search]);

  const page = loaded?.page;
  const change = (next: Partial<Query>) => setQuery((q) => ({ ...q, page: 1, ...next }));
  const people = page?.people ?? [];

  return (
    <Card>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">{M.heading}</h2>
          <p className="mt-1 text-sm text-slate-600">{M.intro}</p>
        </div>
        <a
          className={buttonClasses({ variant: "outline", size: "sm" }, "shrink-0 self-start")}
          href={`/api/admin/activity.csv?${searchOf(query, false)}`}
          download
        >
          {M.exportCsv}
        </a>
      </div>

      <div className="mt-4 flex flex-wrap gap-4">
        <FilterSelect
          id="activity-person"
          label={M.person}
          value={query.user}
          onChange={(user) => change({ user })}
          options={[["", M.anyone], ...people.map((p) => [String(p.id), p.username] as const)]}
          className="flex items-center gap-2 text-sm text-slate-800"
        />
        <FilterSelect
          id="activity-kind"
          label={M.kind}
          value={query.kind}
          onChange={(kind) => change({ kind })}
          options={[["", M.anyKind], ...ACTIVITY_KIND_NAMES.map((k) => [k, ACTIVITY_KINDS[k]] as const)]}
          className="flex items-center gap-2 text-sm text-slate-800"
        />
      </div>

      <div className="mt-4" aria-busy={loaded?.search !== search}>
        {loaded?.failed && <p className="text-red-700">{M.loadFailed}</p>}
        {page && page.entries.length === 0 && (
          <p className="text-slate-600">{query.user || query.kind ? M.noMatches : M.empty}</p>
        )}
        {page && page.entries.length > 0 && (
          <ul className="divide-y divide-slate-200" aria-label={M.heading}>
            {page.entries.map((entry) => (
              <li key={entry.id} className="grid gap-1 py-3 text-sm sm:grid-cols-[11rem_1fr] sm:gap-4">
                <span className="text-slate-600">{formatDateTime(entry.at)}</span>
                <span className="min-w-0 text-slate-800">
                  <span className="font-semibold">{entry.username ?? M.nobody}</span>{" "}
                  <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-800">
                    {ACTIVITY_KINDS[entry.kind]}
                  </span>{" "}
                  {entry.what && <span className="wrap-anywhere">{entry.what}</span>}
                  {entry.ip && <span className="block text-xs text-slate-600">{M.from(entry.ip)}</span>}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>

      {page && (
        <Pager
          label="Activity pages"
          className="mt-4"
          page={page.page}
          pageCount={page.pageCount}
          onStep={(step) => setQuery((q) => ({ ...q, page: q.page + step }))}
        />
      )}
    </Card>
  );
}

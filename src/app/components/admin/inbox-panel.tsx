import { useEffect, useState, type FormEvent } from "react";
import { useSiteChrome } from "~/app/lib/site-chrome";
import { CONTACT_INDUSTRY_OTHER } from "~/shared/contact-choices";
import { INBOX_MESSAGES, INBOX_STATUSES, industryName, type InboxStatus } from "~/shared/inbox";
import { Button, buttonClasses } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { FilterSelect, inputClasses } from "~/app/components/ui/field";
import { Pager } from "~/app/components/ui/pager";
import { InboxMessageCard } from "./inbox-message";
import { InboxSettingsCard } from "./inbox-settings";
import { INBOX_DATA_PATH, useInboxFetcher } from "./use-inbox";

type Query = { status: InboxStatus; q: string; industry: string; page: number };

const searchOf = ({ status, q, industry, page }: Query, withPage = true) => {
  const params = new URLSearchParams({ status });
  if (q) params.set("q", q);
  if (industry) params.set("industry", industry);
  if (withPage && page > 1) params.set("page", String(page));
  return params.toString();
};

/**
 * The Inbox tab (docs/product.md section 2): contact messages newest first, 25 a page, with
 * search, status and industry filters, CSV export, and the settings card for admins.
 */
export function InboxPanel() {
  const [query, setQuery] = useState<Query>({ status: "inbox", q: "", industry: "", page: 1 });
  const [text, setText] = useState("");
  const { industries } = useSiteChrome();
  const fetcher = useInboxFetcher();
  const { load } = fetcher;
  const search = searchOf(query);
  useEffect(() => {
    void load(`${INBOX_DATA_PATH}?${search}`);
  }, [load, search]);

  const data = fetcher.data;
  const inbox = data?.allowed ? data.inbox : undefined;
  const change = (next: Partial<Query>) => setQuery((q) => ({ ...q, page: 1, ...next }));
  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    change({ q: text.trim() });
  };

  return (
    <div className="space-y-6">
      <Card>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h2 className="text-xl font-semibold text-slate-900">{INBOX_MESSAGES.heading}</h2>
            <p className="mt-1 text-sm text-slate-600">{INBOX_MESSAGES.intro}</p>
          </div>
          <a
            className={buttonClasses({ variant: "outline", size: "sm" }, "shrink-0 self-start")}
            href={`/api/admin/messages.csv?${searchOf(query, false)}`}
            download
          >
            {INBOX_MESSAGES.exportCsv}
          </a>
        </div>

        <div className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto_auto]">
          <form role="search" onSubmit={submitSearch} className="flex gap-2">
            <label htmlFor="inbox-search" className="sr-only">
              {INBOX_MESSAGES.search}
            </label>
            <input
              id="inbox-search"
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={INBOX_MESSAGES.searchPlaceholder}
              className={inputClasses}
            />
            <Button type="submit" variant="secondary">
              {INBOX_MESSAGES.searchButton}
            </Button>
          </form>
          <FilterSelect
            id="inbox-status"
            label={INBOX_MESSAGES.status}
            value={query.status}
            onChange={(status) => change({ status })}
            options={INBOX_STATUSES.map((s) => [s, INBOX_MESSAGES.statusLabels[s]])}
            className="flex items-center gap-2 text-sm text-slate-800"
          />
          <div className="flex items-center gap-2 text-sm text-slate-800">
            <select
              className={inputClasses}
              value={query.industry}
              onChange={(e) => change({ industry: e.target.value })}
              aria-label={INBOX_MESSAGES.industry}
            >
              <option value="">{INBOX_MESSAGES.anyIndustry}</option>
              {industries.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.title}
                </option>
              ))}
              <option value={CONTACT_INDUSTRY_OTHER}>{industryName(CONTACT_INDUSTRY_OTHER)}</option>
            </select>
          </div>
        </div>

        <div className="mt-4" aria-busy={fetcher.state === "loading"}>
          {data?.allowed && data.error && <p className="text-red-700">{data.error}</p>}
          {inbox && inbox.messages.length === 0 && (
            <p className="text-slate-600">
              {query.q || query.industry ? INBOX_MESSAGES.noMatches : INBOX_MESSAGES.empty}
            </p>
          )}
          {inbox && inbox.messages.length > 0 && (
            <ul className="divide-y divide-slate-200" aria-label="Messages">
              {inbox.messages.map((m) => (
                <InboxMessageCard key={m.id} message={m} canDelete={data?.allowed === true && data.isAdmin} />
              ))}
            </ul>
          )}
        </div>

        {inbox && (
          <Pager
            label="Message pages"
            className="mt-4"
            page={inbox.page}
            pageCount={inbox.pageCount}
            onStep={(step) => setQuery((q) => ({ ...q, page: q.page + step }))}
          />
        )}
      </Card>
      {data?.allowed && data.settings && <InboxSettingsCard settings={data.settings} />}
    </div>
  );
}

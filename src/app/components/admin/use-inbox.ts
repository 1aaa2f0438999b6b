import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { loader } from "~/app/routes/admin.data.inbox";

/** One fetcher key for the Inbox tab's label and its panel, so the unread count follows every change. */
export const INBOX_FETCHER_KEY = "admin-inbox";
export const INBOX_DATA_PATH = "/admin/data/inbox";

export function useInboxFetcher() {
  return useFetcher<typeof loader>({ key: INBOX_FETCHER_KEY });
}

/** Loads the inbox's first page once, for the tab label: whether this user may see it, and the unread count. */
export function useInboxSummary() {
  const fetcher = useInboxFetcher();
  const { load } = fetcher;
  useEffect(() => {
    void load(INBOX_DATA_PATH);
  }, [load]);
  const data = fetcher.data;
  return {
    allowed: data?.allowed === true,
    unread: data?.allowed && data.inbox ? data.inbox.counts.unread : 0,
  };
}

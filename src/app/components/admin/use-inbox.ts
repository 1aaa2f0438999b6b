import { useFetcher } from "react-router";
import type { loader } from "~/app/routes/admin.data.inbox";

/** One fetcher key for the Inbox panel's list and its messages' pages. */
export const INBOX_FETCHER_KEY = "admin-inbox";
export const INBOX_DATA_PATH = "/admin/data/inbox";
/** The Inbox screen, and one message's page under it. */
export const INBOX_PATH = "/admin/inbox";
export const inboxMessagePath = (message: { id: number }) => `${INBOX_PATH}/${message.id}`;

export function useInboxFetcher() {
  return useFetcher<typeof loader>({ key: INBOX_FETCHER_KEY });
}

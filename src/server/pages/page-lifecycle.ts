import { activityWords } from "~/server/lifecycle/activity-words";
import type { Lifecycle } from "~/server/lifecycle/lifecycle";
import type { Page } from "~/server/store/types";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { PAGE_MESSAGES, PAGE_REVISION_FIELDS, PAGE_SUBJECT } from "~/shared/pages";
import { pageSnapshotOf } from "./page-revisions";

/**
 * Pages in the publishing lifecycle (src/server/lifecycle/, docs/decisions/206-one-publishing-lifecycle.md):
 * db.json's `pages`, `pageTrash` and `pageRedirects`, kept in the revisions as `page`. A site
 * holds tens of pages, not thousands, so they are found by a look through the list rather than
 * an index of the snapshot.
 */
export const PAGES: Lifecycle<Page> = {
  subject: PAGE_SUBJECT,
  kind: "pages",
  items: { of: (data) => data.pages ?? [], with: (data, pages) => ({ ...data, pages }) },
  trash: { of: (data) => data.pageTrash ?? [], with: (data, pageTrash) => ({ ...data, pageTrash }) },
  redirects: { of: (data) => data.pageRedirects ?? [], with: (data, pageRedirects) => ({ ...data, pageRedirects }) },
  addressOf: (page) => page.path,
  byId: (snap, id) => snap.data.pages?.find((p) => p.id === id),
  byAddress: (snap, path) => snap.data.pages?.find((p) => p.path === path),
  snapshotOf: pageSnapshotOf,
  revisionFields: PAGE_REVISION_FIELDS,
  messages: { notFound: PAGE_MESSAGES.notFound, notInTrash: PAGE_MESSAGES.notInTrash },
  activityName: (page) => ACTIVITY_MESSAGES.page(page.id, page.title),
};

/** What the activity log says of pages (src/server/lifecycle/activity-words.ts). */
export const PAGE_ACTIVITY = activityWords(PAGES);

import { ConflictError, NotFoundError } from "~/server/http/errors";
import { checkRecord, withoutUndefined, type Change } from "~/server/store/change";
import { storedPageSchema } from "~/server/collections/pages";
import type { DbFile } from "~/server/store/db-schema";
import type { Snapshot } from "~/server/store/db-snapshot";
import { redirectsAfter } from "~/server/store/slug-redirects";
import type { Actor, Page, ReviewStep, Revision, SlugRedirect } from "~/server/store/types";
import { keepRevision, type SaveOrigin } from "~/server/lifecycle/history";
import {
  applyPublishedAt,
  applyReviewStep,
  applySchedule,
  assertNotStale,
  nextUpdatedAt,
} from "~/server/lifecycle/publishing";
import { trashItems } from "~/server/lifecycle/trash";
import { adoptRevisions } from "~/server/revisions/revision-changes";
import { assertAuthorsKnown } from "~/server/posts/post-authors";
import { HOME_PAGE_PATH, PAGE_CLEARED_BY_EMPTY, PAGE_MESSAGES, PAGE_SUBJECT, type PageInput } from "~/shared/pages";
import { PAGES } from "./page-lifecycle";

/** What a save may change: the writer's fields (blocks already sanitized), or a step of the review queue. */
export type PageUpdate = Partial<PageInput> & { review?: ReviewStep };
export type PageChanges = PageUpdate | ((current: Page) => PageUpdate);

const pagesOf = (snap: Snapshot) => snap.data.pages ?? [];

/** A path another page holds, or a trashed page keeps reserved, is refused with the path's message. */
function assertPathFree(snap: Snapshot, path: string | undefined, ownId?: number) {
  if (path === undefined) return;
  if (pagesOf(snap).some((p) => p.path === path && p.id !== ownId)) {
    throw new ConflictError(PAGE_MESSAGES.pathTaken(path), { path: [PAGE_MESSAGES.pathTaken(path)] });
  }
  if ((snap.data.pageTrash ?? []).some((p) => p.path === path && p.id !== ownId)) {
    throw new ConflictError(PAGE_MESSAGES.pathInTrash(path), { path: [PAGE_MESSAGES.pathInTrash(path)] });
  }
}

/**
 * The home page's rules (docs/decisions/280-the-home-page-is-a-page-of-blocks.md): / is its path
 * alone, it keeps it, and it stays published, so the site always answers at its address.
 */
function assertHomeRules(old: Page | undefined, input: PageUpdate) {
  const conflict = (message: string, field: string) => new ConflictError(message, { [field]: [message] });
  if (old?.path !== HOME_PAGE_PATH) {
    if (input.path === HOME_PAGE_PATH) throw conflict(PAGE_MESSAGES.homePathTaken, "path");
    return;
  }
  if (input.path !== undefined && input.path !== HOME_PAGE_PATH) throw conflict(PAGE_MESSAGES.homePathKept, "path");
  if (input.published === false || typeof input.publishAt === "string") {
    throw conflict(PAGE_MESSAGES.homeStaysPublished, "published");
  }
}

/** The fields a writer owns; the lifecycle's fields are the store's. */
function writerFields(input: PageUpdate) {
  const { title, path, blocks, published } = input;
  return withoutUndefined({ title, path, blocks, published });
}

/** A setting sent empty, or `noindex` sent false, is removed; one left out keeps its value. */
function applySettings(page: Page, input: PageUpdate) {
  for (const key of PAGE_CLEARED_BY_EMPTY) {
    const value = input[key];
    if (value === undefined) continue;
    if (value) page[key] = value;
    else delete page[key];
  }
  if (input.noindex === true) page.noindex = true;
  else if (input.noindex === false) delete page.noindex;
}

/** A published page's old path keeps leading to it (a 301); a path a page holds now is its own. */
function redirectsWith(snap: Snapshot, page: Page, add: SlugRedirect[], pages: readonly Page[]) {
  const current = snap.data.pageRedirects;
  if (!current?.length && add.length === 0) return current;
  const isLive = (path: string) => pages.some((p) => p.path === path);
  return redirectsAfter(current, add, isLive);
}

export function createPage(
  snap: Snapshot,
  input: PageUpdate,
  now: string,
  save: SaveOrigin = {},
  asHome = false,
): Change<Page> {
  if (!asHome) assertHomeRules(undefined, input);
  assertPathFree(snap, input.path);
  assertAuthorsKnown(snap, input.authors);
  const data = snap.data;
  const id = data.meta.nextPageId ?? 1;
  const authors = input.authors ?? (save.by && [save.by.id]);
  const page = {
    id,
    ...writerFields(input),
    blocks: input.blocks ?? [],
    published: input.published ?? false,
    createdAt: now,
    updatedAt: now,
    ...(save.by && { createdBy: save.by.id, updatedBy: save.by.id }),
    ...(authors && { authors }),
  } as Page;
  applySettings(page, input);
  applySchedule(page, undefined, input, save, now);
  applyPublishedAt(page, undefined, input, now);
  checkRecord(storedPageSchema, page);
  const pages = [...pagesOf(snap), page];
  const saved = {
    ...data,
    pages,
    meta: { ...data.meta, nextPageId: id + 1 },
    pageRedirects: redirectsWith(snap, page, [], pages),
  };
  const next = keepRevision(saved, PAGES, undefined, page, save, now);
  return { next, result: page, kinds: ["pages"] };
}

export function updatePage(
  snap: Snapshot,
  id: number,
  changes: PageChanges,
  now: string,
  ifUpdatedAt?: string,
  save: SaveOrigin = {},
): Change<Page> {
  const old = PAGES.byId(snap, id);
  if (!old) throw new NotFoundError(PAGE_MESSAGES.notFound(id));
  const input = typeof changes === "function" ? changes(old) : changes;
  assertNotStale(old, ifUpdatedAt);
  assertHomeRules(old, input);
  assertPathFree(snap, input.path, id);
  const updatedAt = nextUpdatedAt(old, now);
  // Spread over the old page: fields this release does not know survive.
  const page: Page = { ...old, ...writerFields(input), updatedAt };
  if (save.by) page.updatedBy = save.by.id;
  if (input.authors) {
    assertAuthorsKnown(snap, input.authors, old.authors);
    page.authors = input.authors;
  }
  applySettings(page, input);
  applyReviewStep(page, old, input.review);
  applySchedule(page, old, input, save, updatedAt);
  applyPublishedAt(page, old, input, updatedAt);
  checkRecord(storedPageSchema, page);
  const pages = pagesOf(snap).map((p) => (p.id === id ? page : p));
  // The old path of a page readers could reach leads to its new one (docs/cms-guide.md "Pages").
  const moved = old.published && old.path !== page.path ? [{ from: old.path, to: id }] : [];
  const saved = { ...snap.data, pages, pageRedirects: redirectsWith(snap, page, moved, pages) };
  const next = keepRevision(saved, PAGES, old, page, save, now);
  return { next, result: page, kinds: ["pages"] };
}

/** Deleting moves a page to the trash, with its revisions, for the trash period. */
export function deletePage(snap: Snapshot, id: number, now: string, by?: Actor): Change<Page> {
  const page = PAGES.byId(snap, id);
  if (!page) throw new NotFoundError(PAGE_MESSAGES.notFound(id));
  if (page.path === HOME_PAGE_PATH) {
    throw new ConflictError(PAGE_MESSAGES.homeNotDeleted, { id: [PAGE_MESSAGES.homeNotDeleted] });
  }
  const { next, kinds } = trashItems(PAGES, snap, [id], now, by);
  return { next, result: page, kinds };
}

/** What a backup holds of pages: the pages, their revisions and their old paths. */
export type RestoredPages = {
  pages: readonly Page[];
  revisions?: readonly Revision[];
  redirects?: readonly SlugRedirect[];
};

/**
 * A backup's pages put back: only those missing by id whose path is free (nothing stored is
 * replaced), with their history when they have none here, each with a revision saying so.
 */
export function restorePages(
  snap: Snapshot,
  given: RestoredPages,
  now: string,
  by?: Actor,
): Change<{ restored: number[]; skipped: number[] }> {
  const result = { restored: [] as number[], skipped: [] as number[] };
  const trash = snap.data.pageTrash ?? [];
  const ids = new Set([...pagesOf(snap), ...trash].map((p) => p.id));
  const paths = new Set([...pagesOf(snap), ...trash].map((p) => p.path));
  const added: Page[] = [];
  for (const page of given.pages) {
    if (ids.has(page.id) || paths.has(page.path)) {
      result.skipped.push(page.id);
      continue;
    }
    ids.add(page.id);
    paths.add(page.path);
    added.push(checkRecord(storedPageSchema, structuredClone(page)));
    result.restored.push(page.id);
  }
  if (added.length === 0) return { result, kinds: [] };
  const restoredIds = new Set(result.restored);
  const nextPageId = added.reduce((n, p) => Math.max(n, p.id + 1), snap.data.meta.nextPageId ?? 1);
  let next: DbFile = { ...snap.data, pages: [...pagesOf(snap), ...added], meta: { ...snap.data.meta, nextPageId } };
  const known = new Set((snap.data.revisions ?? []).filter((r) => r.subject === PAGE_SUBJECT).map((r) => r.subjectId));
  next = adoptRevisions(
    next,
    (given.revisions ?? []).filter(
      (r) => r.subject === PAGE_SUBJECT && restoredIds.has(r.subjectId) && !known.has(r.subjectId),
    ),
  );
  for (const page of added) next = keepRevision(next, PAGES, undefined, page, { by, origin: "backup" }, now);
  const redirects = (given.redirects ?? []).filter((r) => restoredIds.has(r.to) && !paths.has(r.from));
  if (redirects.length) next = { ...next, pageRedirects: [...(next.pageRedirects ?? []), ...redirects] };
  return { next, result, kinds: ["pages"] };
}

/**
 * The upgrade to a home page of blocks (docs/decisions/280-the-home-page-is-a-page-of-blocks.md):
 * the published page at / made of `blocks`, when no page holds / yet; nothing when one does, so a
 * second start, or a second instance starting at the same time on the same database, changes
 * nothing. The write lock every instance shares makes the check and the create one step.
 */
export function ensureHomePage(
  snap: Snapshot,
  home: (snap: Snapshot) => { title: string; blocks: PageInput["blocks"] },
  now: string,
): Change<Page | undefined> {
  const held = [...pagesOf(snap), ...(snap.data.pageTrash ?? [])].some((p) => p.path === HOME_PAGE_PATH);
  if (held) return { result: undefined, kinds: [] };
  const { title, blocks } = home(snap);
  return createPage(snap, { title, path: HOME_PAGE_PATH, blocks, published: true }, now, { origin: "publish" }, true);
}

import { fieldErrors } from "~/shared/field-errors";
import { UPDATED_AT_MESSAGE } from "~/shared/post-conflict";
import { REVISION_MESSAGES, type RevisionSummary } from "~/shared/revisions";
import {
  PAGE_MESSAGES,
  PAGE_SUBJECT,
  pageInputSchema,
  type CmsPage,
  type PageInput,
  type PublicPage,
} from "~/shared/pages";
import type { Block } from "~/shared/blocks";
import { blockChanges, type BlockChange } from "~/shared/block-diff";
import { ConflictError, NotFoundError, StaleUpdateError, ValidationError } from "~/server/http/errors";
import { withoutUndefined } from "~/server/store/change";
import { NOBODY, type ActivityLog, type Who } from "~/server/activity/activity-log";
import type { ActivityEntry } from "~/shared/activity";
import { revisionSummaryOf } from "~/server/lifecycle/history";
import type { Page, Revision } from "~/server/store/types";
import type { Store } from "~/server/records/store";
import { assertMayPage, assertMayPublishPage, PAGE_PERMISSION_MESSAGES } from "./page-access";
import { PAGE_ACTIVITY } from "./page-lifecycle";
import { pageInputOf } from "./page-revisions";
import type { PageUpdate } from "./page-changes";
import { sanitizeBlocks, sanitizeBlocksAhead } from "./sanitize-blocks";

/** A revision whole, with what it changed of the blocks since the version before it. */
export type PageRevisionDetail = RevisionSummary & { snapshot: Record<string, unknown>; blockChanges: BlockChange[] };

/** Pages of blocks behind /api/cms/pages and the admin, with the permission table's rules. */
export type PageService = ReturnType<typeof createPageService>;

/** A route parameter as a page id, or the 400 with its message. */
export function pageIdOf(param: unknown): number {
  const id = typeof param === "string" && /^\d{1,15}$/.test(param) ? Number(param) : NaN;
  if (!Number.isSafeInteger(id) || id < 1)
    throw new ValidationError(PAGE_MESSAGES.invalidId, { id: [PAGE_MESSAGES.invalidId] });
  return id;
}

/** A page as the CMS calls answer it: its blocks as the block schemas type them. */
export const cmsPageOf = (page: Page): CmsPage => {
  const { deletedAt: _a, deletedBy: _b, ...rest } = page as Page & { deletedAt?: string; deletedBy?: unknown };
  return { ...rest, blocks: page.blocks as unknown as Block[] };
};

/** What the public call and the page's route get: no lifecycle internals. */
export const publicPageOf = (page: Page): PublicPage => ({
  id: page.id,
  title: page.title,
  path: page.path,
  blocks: page.blocks as unknown as Block[],
  ...withoutUndefined({
    publishedAt: page.publishedAt,
    updatedAt: page.updatedAt,
    metaTitle: page.metaTitle,
    metaDescription: page.metaDescription,
    socialImage: page.socialImage,
    canonicalUrl: page.canonicalUrl,
    noindex: page.noindex,
  }),
  updatedAt: page.updatedAt,
});

const FIELDS = Object.keys(pageInputSchema.shape) as (keyof PageInput)[];

function recordOf(input: unknown): Record<string, unknown> {
  return typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

function updatedAtOf(fields: Record<string, unknown>): string | undefined {
  const { updatedAt } = fields;
  if (updatedAt === undefined || updatedAt === null) return undefined;
  if (typeof updatedAt === "string" && updatedAt.length <= 40 && !Number.isNaN(Date.parse(updatedAt))) return updatedAt;
  throw new ValidationError(UPDATED_AT_MESSAGE, { updatedAt: [UPDATED_AT_MESSAGE] });
}

/** A whole page as sent on create: every field's rule, blocks sanitized. */
function parseNew(fields: Record<string, unknown>): PageUpdate {
  const parsed = pageInputSchema.safeParse(fields);
  if (!parsed.success) throw new ValidationError(PAGE_MESSAGES.formErrors, fieldErrors(parsed.error));
  const page = withoutUndefined(parsed.data) as PageInput;
  return { ...page, blocks: sanitizeBlocks(page.blocks) };
}

/** A partial update: a field left out keeps its value; one sent is checked as on create. */
function parseChanges(sent: Record<string, unknown>, current: Page): PageUpdate {
  if (!FIELDS.some((key) => sent[key] !== undefined)) throw new ValidationError(PAGE_MESSAGES.nothingToUpdate);
  const parsed = pageInputSchema.partial().safeParse(sent);
  if (!parsed.success) throw new ValidationError(PAGE_MESSAGES.formErrors, fieldErrors(parsed.error));
  const changes: PageUpdate = {};
  for (const key of FIELDS) {
    if (sent[key] === undefined || parsed.data[key] === undefined) continue;
    Object.assign(changes, { [key]: parsed.data[key] });
  }
  if (changes.blocks) changes.blocks = sanitizeBlocks(changes.blocks);
  if (typeof changes.publishAt === "string" && (changes.published ?? current.published)) {
    throw new ValidationError(PAGE_MESSAGES.alreadyPublished, { publishAt: [PAGE_MESSAGES.alreadyPublished] });
  }
  return changes;
}

/**
 * The write side of pages (docs/api.md "Pages"): checks and messages here through the shared
 * schema (src/shared/pages.ts), the rules of the lifecycle in the store's write
 * (page-changes.ts). Publishing, unpublishing, deleting and restores are in the activity log,
 * written with their change (docs/decisions/163-activity-written-with-its-change.md).
 */
export function createPageService(store: Store, activity?: ActivityLog) {
  const entry = (kind: "publish" | "unpublish" | "delete", who: Who, page: Page) =>
    activity?.entry(kind, who, PAGE_ACTIVITY.record(page));
  const logged = async <T>(write: Promise<T>, made: () => ActivityEntry | undefined): Promise<T> => {
    const result = await write;
    const written = made();
    if (written) await activity?.written([written]);
    return result;
  };
  /** A 409 for a stale save carries the page as saved now, so the editor can show both. */
  const theirsInto = (error: unknown): never => {
    if (error instanceof StaleUpdateError) {
      error.details = { ...error.details, theirs: cmsPageOf(error.current as Page) };
    }
    throw error;
  };

  async function find(id: number): Promise<Page> {
    const page = await store.getPageById(id);
    if (!page) throw new NotFoundError(PAGE_MESSAGES.notFound(id));
    return page;
  }

  /** Any save, with the publish-state change logged: the one path every write of a page takes. */
  async function save(
    id: number,
    changesOf: (current: Page) => PageUpdate,
    who: Who,
    ifUpdatedAt?: string,
    origin: { origin?: "restore"; restoredFrom?: number } = {},
  ) {
    let wasPublished = false;
    const changes = (current: Page) => {
      wasPublished = current.published;
      return changesOf(current);
    };
    let made: ActivityEntry | undefined;
    const log = (page: Page) =>
      (made = page.published === wasPublished ? undefined : entry(page.published ? "publish" : "unpublish", who, page));
    const page = await logged(
      store
        .updatePage(id, changes, { ifUpdatedAt, by: who.user, activity: log, ...origin })
        .catch((error: unknown) => theirsInto(error)),
      () => made,
    );
    return cmsPageOf(page);
  }

  return {
    async list(): Promise<CmsPage[]> {
      return (await store.listPages()).map(cmsPageOf);
    },

    async get(rawId: unknown): Promise<CmsPage> {
      return cmsPageOf(await find(pageIdOf(rawId)));
    },

    async create(input: unknown, who: Who = NOBODY): Promise<CmsPage> {
      const fields = recordOf(input);
      assertMayPage(who, "pages.create");
      assertMayPublishPage(who, fields);
      const blocks = pageInputSchema.shape.blocks.safeParse(fields.blocks);
      if (blocks.success) await sanitizeBlocksAhead(blocks.data);
      const parsed = parseNew(fields);
      let made: ActivityEntry | undefined;
      const log = (page: Page) => (made = page.published ? entry("publish", who, page) : undefined);
      const page = await logged(store.createPage(parsed, { by: who.user, activity: log }), () => made);
      return cmsPageOf(page);
    },

    async update(rawId: unknown, input: unknown, who: Who = NOBODY): Promise<CmsPage> {
      const id = pageIdOf(rawId);
      const fields = recordOf(input);
      const blocks = pageInputSchema.shape.blocks.safeParse(fields.blocks);
      if (fields.blocks !== undefined && blocks.success) await sanitizeBlocksAhead(blocks.data);
      return save(
        id,
        (current) => {
          assertMayPage(who, "pages.edit", current, PAGE_PERMISSION_MESSAGES.notYourDraft);
          assertMayPublishPage(who, fields, current);
          return parseChanges(fields, current);
        },
        who,
        updatedAtOf(fields),
      );
    },

    /** Publishes now, or with `publishAt` schedules it; an `updatedAt` makes it conditional (409). */
    async publish(rawId: unknown, input: unknown, who: Who = NOBODY): Promise<CmsPage> {
      const id = pageIdOf(rawId);
      const fields = recordOf(input);
      const sent =
        fields.publishAt === undefined || fields.publishAt === null
          ? { published: true }
          : { publishAt: fields.publishAt };
      return save(
        id,
        (current) => {
          assertMayPage(who, "pages.publish", current, PAGE_PERMISSION_MESSAGES.cannotPublish);
          if ("publishAt" in sent && current.published) {
            throw new ConflictError(PAGE_MESSAGES.alreadyPublished, { publishAt: [PAGE_MESSAGES.alreadyPublished] });
          }
          return parseChanges(sent, current);
        },
        who,
        updatedAtOf(fields),
      );
    },

    /** Takes the page off the site (and ends a schedule). */
    async unpublish(rawId: unknown, who: Who = NOBODY): Promise<CmsPage> {
      const id = pageIdOf(rawId);
      return save(
        id,
        (current) => {
          assertMayPage(who, "pages.publish", current, PAGE_PERMISSION_MESSAGES.cannotPublish);
          return { published: false, publishAt: null };
        },
        who,
      );
    },

    /** A contributor's or writer's draft into the review queue, for an editor to publish. */
    async submit(rawId: unknown, who: Who = NOBODY): Promise<CmsPage> {
      const id = pageIdOf(rawId);
      const page = await save(
        id,
        (current) => {
          if (current.published) throw new ConflictError(PAGE_MESSAGES.alreadyPublished);
          assertMayPage(who, "pages.edit", current, PAGE_PERMISSION_MESSAGES.notYourDraft);
          return { review: { submitted: { at: new Date().toISOString(), by: who.user?.id } } };
        },
        who,
      );
      await activity?.record("submit", who, PAGE_ACTIVITY.record(page));
      return page;
    },

    async remove(rawId: unknown, who: Who = NOBODY): Promise<CmsPage> {
      const id = pageIdOf(rawId);
      assertMayPage(who, "pages.delete");
      let made: ActivityEntry | undefined;
      const log = (page: Page) => (made = entry("delete", who, page));
      return cmsPageOf(await logged(store.deletePage(id, who.user, { activity: log }), () => made));
    },

    async revisions(rawId: unknown): Promise<RevisionSummary[]> {
      const id = pageIdOf(rawId);
      await find(id);
      return (await store.listRevisions(PAGE_SUBJECT, id)).map(revisionSummaryOf);
    },

    async revision(rawId: unknown, rawRev: unknown): Promise<PageRevisionDetail> {
      const id = pageIdOf(rawId);
      const found = await this.findRevision(id, rawRev);
      // Revisions are listed newest first: the one after it in the list is the version before it.
      const list = await store.listRevisions(PAGE_SUBJECT, id);
      const before = list[list.findIndex((r) => r.id === found.id) + 1];
      type Kept = Parameters<typeof blockChanges>[0];
      const changes = blockChanges(before?.snapshot.blocks as Kept, found.snapshot.blocks as Kept);
      return { ...revisionSummaryOf(found), snapshot: found.snapshot, blockChanges: changes };
    },

    async findRevision(id: number, rawRev: unknown): Promise<Revision> {
      const rev = typeof rawRev === "string" && /^\d{1,15}$/.test(rawRev) ? Number(rawRev) : NaN;
      if (!Number.isSafeInteger(rev) || rev < 1) {
        throw new ValidationError(REVISION_MESSAGES.invalidRevision, { rev: [REVISION_MESSAGES.invalidRevision] });
      }
      await find(id);
      const found = (await store.listRevisions(PAGE_SUBJECT, id)).find((r) => r.id === rev);
      if (!found) throw new NotFoundError(REVISION_MESSAGES.notFound(rev));
      return found;
    },

    /** Saves an earlier version's title, path, blocks and settings as a new revision. */
    async restoreRevision(rawId: unknown, rawRev: unknown, who: Who = NOBODY): Promise<CmsPage> {
      const id = pageIdOf(rawId);
      const found = await this.findRevision(id, rawRev);
      const changes = pageInputOf(found.snapshot);
      const page = await save(
        id,
        (current) => {
          assertMayPage(who, "pages.edit", current, PAGE_PERMISSION_MESSAGES.notYourDraft);
          return changes;
        },
        who,
        undefined,
        { origin: "restore", restoredFrom: found.id },
      );
      await activity?.record("restore", who, PAGE_ACTIVITY.revisionRestored(page, found.id));
      return page;
    },

    /** The published page at a path, or undefined (a draft, a scheduled or a trashed page too). */
    async getPublished(path: string): Promise<PublicPage | undefined> {
      const page = await store.getPageByPath(path);
      return page?.published ? publicPageOf(page) : undefined;
    },

    /** Where an old path leads, when no page holds it now. */
    movedTo(path: string) {
      return store.resolvePageRedirect(path);
    },

    /** The published pages' paths by id: what the menus' links to pages follow. */
    async publishedPaths(): Promise<Map<number, string>> {
      return new Map((await store.listPages()).filter((p) => p.published).map((p) => [p.id, p.path]));
    },

    async listPublished(): Promise<PublicPage[]> {
      return (await store.listPages()).filter((p) => p.published).map(publicPageOf);
    },
  };
}

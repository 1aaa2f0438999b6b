import { isDeepStrictEqual } from "node:util";
import { storedPageSchema } from "~/server/collections/pages";
import { COVER_FIELD, storedPostSchema } from "~/server/collections/posts";
import { storedTagSchema } from "~/server/collections/tags";
import { userSchema } from "~/server/collections/users";
import { mergeRedirects, type NewRedirect } from "~/server/redirects/redirect-changes";
import { checkRecord, type Change } from "~/server/store/change";
import type { DbFile } from "~/server/store/db-schema";
import type { Snapshot } from "~/server/store/db-snapshot";
import type { ChangeKind, Page, Post, Tag, User } from "~/server/store/types";
import type { Block } from "~/shared/blocks";
import type { ImportAction } from "~/shared/import";
import { isReservedPagePath, PAGE_LIMITS } from "~/shared/pages";
import { slugify } from "~/shared/slug";
import { relinkHtml, uniqueLinks, type AddressOf, type PendingLinks, type RecordLink } from "./record-links";

/**
 * One batch of an import as a change of the store (docs/decisions/250-imports-in-journalled-batches.md):
 * its authors, tags, posts and old addresses in one write. Records remember their source id
 * (`source`: "wordpress:12"), so a second run finds what the first made: a post is updated when
 * the export changed it and left alone when not, and nothing is created twice. Links between the
 * export's records are made their addresses here when written, the only time those are known
 * (docs/decisions/265-links-between-imported-records.md).
 */
export type ImportedAuthor = { source: string; username: string; displayName?: string; email?: string };
export type ImportedTag = { name: string; slug: string };
export type ImportedState = "published" | "scheduled" | "draft" | "review";
export type ImportedPost = {
  source: string;
  title: string;
  slug: string;
  summary: string;
  content: string;
  /** The cover's address in the media library. */
  cover?: string;
  tags: ImportedTag[];
  /** The authors' sources, in byline order. */
  authors: string[];
  state: ImportedState;
  createdAt: string;
  updatedAt: string;
  /** When it went public (published) or goes public (scheduled). */
  publishedAt?: string;
  /** Its links to other posts and pages of the export, made their addresses here when written. */
  links?: RecordLink[];
};
/** A page of the export: its content cleaned and sanitized, kept as one rich-text block. */
export type ImportedPage = {
  source: string;
  title: string;
  /** Its slug on the old site: the page's path here is `/<slug>` when free. */
  slug: string;
  blocks: Block[];
  authors: string[];
  state: ImportedState;
  createdAt: string;
  updatedAt: string;
  publishedAt?: string;
  /** Its links to other posts and pages of the export, in its rich-text block. */
  links?: RecordLink[];
};
/** An old address: to a post or a page of the batch (by its source), or to a path. */
export type ImportedRedirect = { path: string; source: string } & (
  { post: string } | { page: string } | { target: string }
);
export type ImportBatch = {
  authors: ImportedAuthor[];
  posts: ImportedPost[];
  pages?: ImportedPage[];
  redirects: ImportedRedirect[];
  /**
   * Records of earlier batches whose links led to a post or a page not written then: each such
   * link is made its record's address now (the run's last write).
   */
  relink?: PendingLinks[];
};

type Done = Exclude<ImportAction, "skip">;
export type BatchOutcome = {
  /** `wanted` is the slug a new post would have had, when another post had it. */
  posts: { source: string; action: Done; id: number; slug: string; wanted?: string }[];
  /** `wanted` is the path a new page would have had, when it was reserved or taken. */
  pages: { source: string; action: Done; id: number; path: string; wanted?: string }[];
  tagsCreated: string[];
  authorsCreated: string[];
  redirectsAdded: number;
  /** This batch's records with links to a post or a page not written yet, for the run's last write. */
  pendingLinks: PendingLinks[];
};

/**
 * Stands in an imported author's password hash: no password verifies against it (it is no scrypt
 * hash), so the account cannot sign in even once an admin enables it, until it gets a reset link.
 */
export const NO_PASSWORD = "imported:no-password";

/** The fields an import writes; any other a post has here (its search settings, an editor's note) is kept. */
const WRITTEN = [
  "title",
  "summary",
  "content",
  COVER_FIELD,
  "tags",
  "authors",
  "published",
  "createdAt",
  "publishedAt",
  "publishAt",
  "submittedAt",
] as const;

export function importBatch(snap: Snapshot, batch: ImportBatch, now: string): Change<BatchOutcome> {
  const data = snap.data;
  const meta = { ...data.meta };
  const result: BatchOutcome = {
    posts: [],
    pages: [],
    tagsCreated: [],
    authorsCreated: [],
    redirectsAdded: 0,
    pendingLinks: [],
  };
  const kinds = new Set<ChangeKind>();

  // Authors: by source, then by email address (an account this site has already), else a new,
  // disabled one without a password (docs/decisions/252-pages-and-authors-of-an-import.md).
  const users = [...data.users];
  const userBySource = new Map(users.filter((u) => u.source).map((u) => [u.source!, u]));
  const names = new Set(users.map((u) => u.username.toLowerCase()));
  const authorIds = new Map<string, number>();
  for (const author of batch.authors) {
    const email = author.email?.toLowerCase();
    const known = userBySource.get(author.source) ?? (email && users.find((u) => u.email?.toLowerCase() === email));
    if (known) {
      authorIds.set(author.source, known.id);
      continue;
    }
    const username = freeName(usernameOf(author.username), names);
    names.add(username.toLowerCase());
    const user = checkRecord<User>(userSchema, {
      id: meta.nextUserId++,
      username,
      role: "writer",
      passwordHash: NO_PASSWORD,
      createdAt: now,
      disabled: true,
      ...(author.displayName && { displayName: author.displayName }),
      ...(email && { email: author.email }),
      source: author.source,
    });
    users.push(user);
    userBySource.set(author.source, user);
    authorIds.set(author.source, user.id);
    result.authorsCreated.push(author.source);
    kinds.add("users");
  }

  // Tags: by slug, kept as the export has it.
  const tags = [...data.tags];
  const tagBySlug = new Map(snap.tagsBySlug);
  const tagOf = (given: ImportedTag): Tag => {
    const slug = slugify(given.slug) || slugify(given.name) || "tag";
    let tag = tagBySlug.get(slug);
    if (!tag) {
      tag = checkRecord<Tag>(storedTagSchema, { id: meta.nextTagId++, name: given.name.trim() || slug, slug });
      tags.push(tag);
      tagBySlug.set(slug, tag);
      result.tagsCreated.push(slug);
      kinds.add("tags");
    }
    return tag;
  };

  // Posts: by source; a new one gets its slug, or the next free one. Every post's and page's
  // address is settled before any is written, so a link between two of the batch finds either.
  const bySource = new Map<string, Post>();
  for (const post of data.posts) if (post.source) bySource.set(post.source, post);
  const taken = new Set([...snap.postsBySlug.keys(), ...(data.trash ?? []).map((p) => p.slug)]);
  const changed = new Map<number, Post>();
  const added: Post[] = [];
  const slugOf = new Map<string, string>();
  // A post deleted here after an import stays deleted: the next run neither restores nor copies it.
  const trashed = new Map((data.trash ?? []).filter((p) => p.source).map((p) => [p.source!, p]));
  const wantedSlug = new Map<string, string>();
  for (const given of batch.posts) {
    if (trashed.has(given.source) && !bySource.has(given.source)) continue;
    const wanted = slugify(given.slug) || slugify(given.title) || "post";
    const old = bySource.get(given.source);
    const slug = old?.slug ?? freeSlug(wanted, taken);
    taken.add(slug);
    slugOf.set(given.source, slug);
    if (!old && slug !== wanted) wantedSlug.set(given.source, wanted);
  }
  const pages = planPages(snap, batch.pages ?? []);
  const addressOf: AddressOf = (source) => {
    const slug = slugOf.get(source) ?? bySource.get(source)?.slug;
    if (slug !== undefined) return `/blog/${encodeURIComponent(slug)}`;
    return pages.pathOf.get(source) ?? pages.bySource.get(source)?.path;
  };
  for (const given of batch.posts) {
    const slug = slugOf.get(given.source);
    if (slug === undefined) {
      const gone = trashed.get(given.source)!;
      result.posts.push({ source: given.source, action: "unchanged", id: gone.id, slug: gone.slug });
      continue;
    }
    const old = bySource.get(given.source);
    const content = relinkHtml(given.content, given.links, addressOf);
    if (content.pending.length) result.pendingLinks.push({ source: given.source, links: content.pending });
    const authors = given.authors.map((a) => authorIds.get(a)).filter((id) => id !== undefined);
    const fields: Partial<Post> = {
      title: given.title,
      summary: given.summary,
      content: content.html,
      tags: uniqueTags(given.tags.map(tagOf)),
      published: given.state === "published",
      createdAt: given.createdAt,
      ...(given.cover && { [COVER_FIELD]: given.cover }),
      ...(authors.length && { authors }),
      ...(given.state === "published" && { publishedAt: given.publishedAt ?? given.createdAt }),
      ...(given.state === "scheduled" && given.publishedAt && { publishAt: given.publishedAt }),
      ...(given.state === "review" && { submittedAt: given.updatedAt }),
    };
    if (old) {
      const kept = { ...old } as Record<string, unknown>;
      for (const key of WRITTEN) delete kept[key];
      const post = { ...kept, ...fields, updatedAt: old.updatedAt } as Post;
      if (sameFields(old, post)) {
        result.posts.push({ source: given.source, action: "unchanged", id: old.id, slug });
        continue;
      }
      post.updatedAt = given.updatedAt > old.updatedAt ? given.updatedAt : now;
      changed.set(old.id, checkRecord<Post>(storedPostSchema, post));
      result.posts.push({ source: given.source, action: "update", id: old.id, slug });
    } else {
      const post = { id: meta.nextPostId++, slug, ...fields, updatedAt: given.updatedAt, source: given.source } as Post;
      added.push(checkRecord<Post>(storedPostSchema, post));
      bySource.set(given.source, post);
      const wanted = wantedSlug.get(given.source);
      result.posts.push({ source: given.source, action: "create", id: post.id, slug, ...(wanted && { wanted }) });
    }
    kinds.add("posts");
  }

  let next = { ...data, users, tags, meta };
  if (changed.size || added.length) next.posts = data.posts.map((p) => changed.get(p.id) ?? p).concat(added);
  importPages(snap, pages, batch.pages ?? [], { authorIds, addressOf, now, result, kinds, next });
  if (batch.relink?.length) relinkRecords(batch.relink, addressOf, kinds, next);
  const pathOf = pages.pathOf;
  const redirects: NewRedirect[] = [];
  for (const r of batch.redirects) {
    const target =
      "target" in r
        ? r.target
        : "page" in r
          ? pathOf.get(r.page)
          : slugOf.has(r.post)
            ? `/blog/${encodeURIComponent(slugOf.get(r.post)!)}`
            : undefined;
    if (target && target !== r.path) redirects.push({ path: r.path, target, source: r.source });
  }
  // A page's permalink that is its path here is the page's own: an earlier import's redirect of it
  // (to the home page, when pages were left out) would send readers away from a draft's address.
  const ownPaths = new Set(
    batch.redirects.filter((r) => "page" in r && pathOf.get(r.page) === r.path).map((r) => r.path),
  );
  if (ownPaths.size && next.redirects?.some((r) => r.source !== undefined && ownPaths.has(r.path)))
    next = { ...next, redirects: next.redirects.filter((r) => r.source === undefined || !ownPaths.has(r.path)) };
  const merged = mergeRedirects(next, redirects, now);
  next = merged.data;
  result.redirectsAdded = merged.added;
  const wrote = kinds.size > 0 || merged.data.redirects !== data.redirects;
  return wrote ? { next, result, kinds: [...kinds] } : { result, kinds: [] };
}

/** The fields an import writes of a page; any other (its search settings) is kept. */
const PAGE_WRITTEN = [
  "title",
  "blocks",
  "authors",
  "published",
  "createdAt",
  "publishedAt",
  "publishAt",
  "submittedAt",
] as const;
/** Room left in a path's segment for the `-2` a taken one gets. */
const PAGE_SLUG_LENGTH = PAGE_LIMITS.segment - 6;

/** Where each page of a batch will be: found again by source, or new at a free path. */
type PagePlan = {
  bySource: Map<string, Page>;
  trashed: Map<string, Page>;
  /** Each page's path here, by source; a page deleted here after an import has none. */
  pathOf: Map<string, string>;
  /** The path a new page would have had, when it was reserved or taken. */
  wanted: Map<string, string>;
};

/**
 * Pages: by source, as posts are; a new one at `/<slug>`, or, when that is an address of the site
 * or another page's, the next free `/<slug>-2` (docs/decisions/256-imported-pages-as-block-pages.md).
 */
function planPages(snap: Snapshot, given: readonly ImportedPage[]): PagePlan {
  const current = snap.data.pages ?? [];
  const bySource = new Map(current.flatMap((p) => (sourceOf(p) ? [[sourceOf(p)!, p] as const] : [])));
  const trash = snap.data.pageTrash ?? [];
  const trashed = new Map(trash.flatMap((p) => (sourceOf(p) ? [[sourceOf(p)!, p] as const] : [])));
  const plan: PagePlan = { bySource, trashed, pathOf: new Map(), wanted: new Map() };
  if (given.length === 0) return plan;
  const taken = new Set([...current, ...trash].map((p) => p.path));
  for (const page of given) {
    if (trashed.has(page.source) && !bySource.has(page.source)) continue;
    const slug = pageSlug(page.slug) || pageSlug(page.title) || "page";
    const old = bySource.get(page.source);
    const path = old?.path ?? freePagePath(slug, taken);
    taken.add(path);
    plan.pathOf.set(page.source, path);
    if (!old && path !== `/${slug}`) plan.wanted.set(page.source, `/${slug}`);
  }
  return plan;
}

/** Puts the batch's pages into `next` at the paths planned, their links leading to the records' addresses. */
function importPages(
  snap: Snapshot,
  plan: PagePlan,
  given: readonly ImportedPage[],
  w: {
    authorIds: ReadonlyMap<string, number>;
    addressOf: AddressOf;
    now: string;
    result: BatchOutcome;
    kinds: Set<ChangeKind>;
    next: DbFile;
  },
): void {
  if (given.length === 0) return;
  const { result, next } = w;
  const current = snap.data.pages ?? [];
  const changed = new Map<number, Page>();
  const added: Page[] = [];
  const meta = next.meta;
  for (const page of given) {
    const path = plan.pathOf.get(page.source);
    if (path === undefined) {
      const gone = plan.trashed.get(page.source)!;
      result.pages.push({ source: page.source, action: "unchanged", id: gone.id, path: gone.path });
      continue;
    }
    const old = plan.bySource.get(page.source);
    const pending: RecordLink[] = [];
    const blocks = page.blocks.map((block) => {
      if (block.type !== "richText") return block;
      const relinked = relinkHtml(block.html, page.links, w.addressOf);
      pending.push(...relinked.pending);
      return { ...block, html: relinked.html };
    });
    if (pending.length) result.pendingLinks.push({ source: page.source, links: uniqueLinks(pending) });
    const authors = page.authors.map((a) => w.authorIds.get(a)).filter((id) => id !== undefined);
    const fields: Partial<Page> = {
      title: page.title,
      blocks,
      published: page.state === "published",
      createdAt: page.createdAt,
      ...(authors.length && { authors }),
      ...(page.state === "published" && { publishedAt: page.publishedAt ?? page.createdAt }),
      ...(page.state === "scheduled" && page.publishedAt && { publishAt: page.publishedAt }),
      ...(page.state === "review" && { submittedAt: page.updatedAt }),
    };
    if (old) {
      const kept = { ...old } as Record<string, unknown>;
      for (const key of PAGE_WRITTEN) delete kept[key];
      const updated = { ...kept, ...fields, updatedAt: old.updatedAt } as Page;
      // Compared as values: PostgreSQL's jsonb keeps a block's keys in an order of its own.
      if (PAGE_WRITTEN.every((key) => isDeepStrictEqual(old[key], updated[key]))) {
        result.pages.push({ source: page.source, action: "unchanged", id: old.id, path });
        continue;
      }
      updated.updatedAt = page.updatedAt > old.updatedAt ? page.updatedAt : w.now;
      changed.set(old.id, checkRecord<Page>(storedPageSchema, updated));
      result.pages.push({ source: page.source, action: "update", id: old.id, path });
    } else {
      const id = meta.nextPageId ?? 1;
      meta.nextPageId = id + 1;
      const created = { id, path, ...fields, updatedAt: page.updatedAt, source: page.source } as Page;
      added.push(checkRecord<Page>(storedPageSchema, created));
      plan.bySource.set(page.source, created);
      const wanted = plan.wanted.get(page.source);
      result.pages.push({ source: page.source, action: "create", id, path, ...(wanted && { wanted }) });
    }
    w.kinds.add("pages");
  }
  if (changed.size || added.length) next.pages = current.map((p) => changed.get(p.id) ?? p).concat(added);
}

/**
 * The run's last write: links of records written earlier that led to a post or a page not
 * written then now lead to its address. A record changed here since keeps what it has but for
 * those links; a link whose record never came (left out of the import) keeps its address.
 */
function relinkRecords(
  relink: readonly PendingLinks[],
  addressOf: AddressOf,
  kinds: Set<ChangeKind>,
  next: DbFile,
): void {
  const wanted = new Map(relink.map((r) => [r.source, r.links]));
  const posts = next.posts.map((post) => {
    const links = post.source === undefined ? undefined : wanted.get(post.source);
    if (!links) return post;
    const content = relinkHtml(post.content, links, addressOf).html;
    return content === post.content ? post : checkRecord<Post>(storedPostSchema, { ...post, content });
  });
  if (posts.some((post, i) => post !== next.posts[i])) {
    next.posts = posts;
    kinds.add("posts");
  }
  const current = next.pages ?? [];
  const pages = current.map((page) => {
    const source = sourceOf(page);
    const links = source === undefined ? undefined : wanted.get(source);
    if (!links) return page;
    let moved = false;
    const blocks = page.blocks.map((block) => {
      if (block.type !== "richText" || typeof block.html !== "string") return block;
      const html = relinkHtml(block.html, links, addressOf).html;
      if (html === block.html) return block;
      moved = true;
      return { ...block, html };
    });
    return moved ? checkRecord<Page>(storedPageSchema, { ...page, blocks }) : page;
  });
  if (pages.some((page, i) => page !== current[i])) {
    next.pages = pages;
    kinds.add("pages");
  }
}

/** A page's `source` (kept loose on its record, in PostgreSQL in its row's `extra`). */
const sourceOf = (page: object) => {
  const source = (page as { source?: unknown }).source;
  return typeof source === "string" ? source : undefined;
};

const pageSlug = (given: string) => slugify(given).slice(0, PAGE_SLUG_LENGTH).replace(/-+$/, "");

/** `/<slug>` unless the site answers it already or a page holds it, else the next free `/<slug>-2`. */
function freePagePath(slug: string, taken: ReadonlySet<string>): string {
  const usable = (path: string) => !taken.has(path) && !isReservedPagePath(path);
  let candidate = `/${slug}`;
  for (let n = 2; !usable(candidate); n++) candidate = `/${slug}-${n}`;
  return candidate;
}

/** Whether an update would change nothing of what the import writes. */
function sameFields(old: Post, post: Post): boolean {
  return WRITTEN.every((key) => JSON.stringify(old[key]) === JSON.stringify(post[key]));
}

function uniqueTags(list: Tag[]): Tag[] {
  return list.filter((tag, i) => list.findIndex((t) => t.id === tag.id) === i);
}

/** A username as the Users tab takes one: letters, digits, dots, dashes and underscores. */
function usernameOf(given: string): string {
  const name = given
    .trim()
    .replace(/[^\w.-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return name || "author";
}

function freeName(name: string, names: ReadonlySet<string>): string {
  let candidate = name;
  for (let n = 2; names.has(candidate.toLowerCase()); n++) candidate = `${name}-${n}`;
  return candidate;
}

function freeSlug(slug: string, taken: ReadonlySet<string>): string {
  let candidate = slug;
  for (let n = 2; taken.has(candidate); n++) candidate = `${slug}-${n}`;
  return candidate;
}

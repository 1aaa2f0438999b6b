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

/**
 * One batch of an import as a change of the store (docs/decisions/250-imports-in-journalled-batches.md):
 * its authors, tags, posts and old addresses in one write. Records remember their source id
 * (`source`: "wordpress:12"), so a second run finds what the first made: a post is updated when
 * the export changed it and left alone when not, and nothing is created twice.
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
};

type Done = Exclude<ImportAction, "skip">;
export type BatchOutcome = {
  posts: { source: string; action: Done; id: number; slug: string }[];
  /** `wanted` is the path a new page would have had, when it was reserved or taken. */
  pages: { source: string; action: Done; id: number; path: string; wanted?: string }[];
  tagsCreated: string[];
  authorsCreated: string[];
  redirectsAdded: number;
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
  const result: BatchOutcome = { posts: [], pages: [], tagsCreated: [], authorsCreated: [], redirectsAdded: 0 };
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

  // Posts: by source; a new one gets its slug, or the next free one.
  const bySource = new Map<string, Post>();
  for (const post of data.posts) if (post.source) bySource.set(post.source, post);
  const taken = new Set([...snap.postsBySlug.keys(), ...(data.trash ?? []).map((p) => p.slug)]);
  const changed = new Map<number, Post>();
  const added: Post[] = [];
  const slugOf = new Map<string, string>();
  // A post deleted here after an import stays deleted: the next run neither restores nor copies it.
  const trashed = new Map((data.trash ?? []).filter((p) => p.source).map((p) => [p.source!, p]));
  for (const given of batch.posts) {
    const gone = trashed.get(given.source);
    if (gone && !bySource.has(given.source)) {
      result.posts.push({ source: given.source, action: "unchanged", id: gone.id, slug: gone.slug });
      continue;
    }
    const old = bySource.get(given.source);
    const slug = old?.slug ?? freeSlug(slugify(given.slug) || slugify(given.title) || "post", taken);
    taken.add(slug);
    slugOf.set(given.source, slug);
    const authors = given.authors.map((a) => authorIds.get(a)).filter((id) => id !== undefined);
    const fields: Partial<Post> = {
      title: given.title,
      summary: given.summary,
      content: given.content,
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
      result.posts.push({ source: given.source, action: "create", id: post.id, slug });
    }
    kinds.add("posts");
  }

  let next = { ...data, users, tags, meta };
  if (changed.size || added.length) next.posts = data.posts.map((p) => changed.get(p.id) ?? p).concat(added);
  const pathOf = importPages(snap, batch.pages ?? [], authorIds, now, result, kinds, next);
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

/**
 * Pages: by source, as posts are; a new one at `/<slug>`, or, when that is an address of the site
 * or another page's, the next free `/<slug>-2` (docs/decisions/256-imported-pages-as-block-pages.md).
 * Puts the pages into `next` and answers each source's path, for the old addresses' redirects.
 */
function importPages(
  snap: Snapshot,
  given: readonly ImportedPage[],
  authorIds: ReadonlyMap<string, number>,
  now: string,
  result: BatchOutcome,
  kinds: Set<ChangeKind>,
  next: DbFile,
): Map<string, string> {
  const pathOf = new Map<string, string>();
  if (given.length === 0) return pathOf;
  const current = snap.data.pages ?? [];
  const bySource = new Map(current.flatMap((p) => (sourceOf(p) ? [[sourceOf(p)!, p] as const] : [])));
  const trash = snap.data.pageTrash ?? [];
  const trashed = new Map(trash.flatMap((p) => (sourceOf(p) ? [[sourceOf(p)!, p] as const] : [])));
  const taken = new Set([...current, ...trash].map((p) => p.path));
  const changed = new Map<number, Page>();
  const added: Page[] = [];
  const meta = next.meta;
  for (const page of given) {
    const gone = trashed.get(page.source);
    if (gone && !bySource.has(page.source)) {
      result.pages.push({ source: page.source, action: "unchanged", id: gone.id, path: gone.path });
      continue;
    }
    const old = bySource.get(page.source);
    const slug = pageSlug(page.slug) || pageSlug(page.title) || "page";
    const wanted = `/${slug}`;
    const path = old?.path ?? freePagePath(slug, taken);
    taken.add(path);
    pathOf.set(page.source, path);
    const authors = page.authors.map((a) => authorIds.get(a)).filter((id) => id !== undefined);
    const fields: Partial<Page> = {
      title: page.title,
      blocks: page.blocks,
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
      updated.updatedAt = page.updatedAt > old.updatedAt ? page.updatedAt : now;
      changed.set(old.id, checkRecord<Page>(storedPageSchema, updated));
      result.pages.push({ source: page.source, action: "update", id: old.id, path });
    } else {
      const id = meta.nextPageId ?? 1;
      meta.nextPageId = id + 1;
      const created = { id, path, ...fields, updatedAt: page.updatedAt, source: page.source } as Page;
      added.push(checkRecord<Page>(storedPageSchema, created));
      bySource.set(page.source, created);
      result.pages.push({ source: page.source, action: "create", id, path, ...(path !== wanted && { wanted }) });
    }
    kinds.add("pages");
  }
  if (changed.size || added.length) next.pages = current.map((p) => changed.get(p.id) ?? p).concat(added);
  return pathOf;
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

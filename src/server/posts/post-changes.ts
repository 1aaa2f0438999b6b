import { slugify } from "~/shared/slug";
import { ConflictError, NotFoundError, ValidationError } from "~/server/http/errors";
import { checkRecord, withoutUndefined, type Change } from "~/server/store/change";
import { completePost, storedPostSchema } from "~/server/collections/posts";
import type { Meta } from "~/server/store/db-schema";
import type { Snapshot } from "~/server/store/db-snapshot";
import { redirectsAfter, redirectTarget } from "~/server/store/slug-redirects";
import type {
  Actor,
  AddressTakeOver,
  Post,
  PostInput,
  PostUpdate,
  Revision,
  SavedPost,
  SlugRedirect,
  Tag,
} from "~/server/store/types";
import { REVISION_MESSAGES, POST_SUBJECT } from "~/shared/revisions";
import { adoptRevisions } from "~/server/revisions/revision-changes";
import { keepRevision, type SaveOrigin } from "~/server/lifecycle/history";
import {
  applyPublishedAt,
  applyReviewStep,
  applySchedule,
  assertNotStale,
  nextUpdatedAt,
} from "~/server/lifecycle/publishing";
import { trashItems } from "~/server/lifecycle/trash";
import { POSTS, postNotFoundMessage } from "./post-lifecycle";
import { applyOptionalFields } from "./post-optional-fields";
import { assertAuthorsKnown } from "./post-authors";

export const postSlugTakenMessage = (slug: string) => `A post with the slug "${slug}" already exists.`;
export const tagNameInvalidMessage = (name: string) => `The tag "${name}" needs at least one letter or digit.`;

/** Finds each named tag by slug, creating the missing ones; posts keep `{id,name,slug}` copies. */
function resolveTags(names: string[], snap: Snapshot, meta: Meta) {
  const tags: Tag[] = [];
  const created: Tag[] = [];
  let nextTagId = meta.nextTagId;
  for (const raw of names) {
    const name = raw.trim();
    const slug = slugify(name); // so "Retail", "retail " and "Café" match "retail" and "cafe"
    if (!slug) throw new ValidationError(tagNameInvalidMessage(raw), { tags: [tagNameInvalidMessage(raw)] });
    if (tags.some((t) => t.slug === slug)) continue;
    let tag = snap.tagsBySlug.get(slug);
    if (!tag) created.push((tag = { id: nextTagId++, name, slug }));
    tags.push(tag);
  }
  return { tags, created, meta: { ...meta, nextTagId } };
}

/** Only the fields a writer owns: ids, dates and tags are the store's (types.ts PostInput). */
function writerFields(input: Partial<PostInput>) {
  const { title, slug, summary, content, published, emailOnPublish } = input;
  return withoutUndefined({ title, slug, summary, content, published, emailOnPublish });
}

/** A trashed post keeps its slug until it is deleted for good (docs/architecture.md section 4). */
function assertSlugFree(snap: Snapshot, slug: string | undefined, ownId?: number) {
  if (slug === undefined) return;
  const holder = snap.postsBySlug.get(slug);
  if (holder && holder.id !== ownId) {
    throw new ConflictError(postSlugTakenMessage(slug), { slug: [postSlugTakenMessage(slug)] });
  }
  if (snap.data.trash?.some((p) => p.slug === slug && p.id !== ownId)) {
    const message = REVISION_MESSAGES.slugInTrash(slug);
    throw new ConflictError(message, { slug: [message] });
  }
}

/**
 * A published post's old slug leads its readers to it, so a save that gives the slug to another
 * post would send them elsewhere: only one confirmed by a writer who may publish does
 * (docs/decisions/157-old-addresses-taken-over-on-purpose.md). Decided here, inside the write,
 * on the redirects as they are now (docs/decisions/086-writes-decided-under-the-lock.md).
 */
function assertAddressFree(snap: Snapshot, slug: string | undefined, choice: AddressTakeOver, ownId?: number) {
  if (slug === undefined || choice.takeOverAddress === "confirmed") return;
  const holder = redirectTarget(snap.data.postRedirects, slug);
  if (holder === undefined || holder === ownId) return;
  const message =
    choice.takeOverAddress === "not-allowed"
      ? REVISION_MESSAGES.slugRedirectedNoRight(slug)
      : REVISION_MESSAGES.slugRedirected(slug);
  throw new ConflictError(message, { slug: [message] });
}

/**
 * A published post's old slug keeps leading to it (docs/product.md section 2); a slug a post holds
 * now is its own, so a new post that takes an old slug takes it over.
 */
export function postRedirectsAfter(
  snap: Snapshot,
  post: Post,
  add: SlugRedirect[],
  gone: ReadonlySet<number> = new Set(),
): SlugRedirect[] | undefined {
  const current = snap.data.postRedirects;
  if (!current?.length && add.length === 0) return current;
  const isLive = (slug: string) => slug === post.slug || (snap.postsBySlug.get(slug)?.id ?? post.id) !== post.id;
  return redirectsAfter(current, add, isLive, (id) => gone.has(id));
}

export function createPost(
  snap: Snapshot,
  input: PostInput & AddressTakeOver,
  now: string,
  save: SaveOrigin = {},
): Change<Post> {
  assertSlugFree(snap, input.slug);
  assertAddressFree(snap, input.slug, input);
  const data = snap.data;
  const { tags, created, meta } = resolveTags(input.tags ?? [], snap, data.meta);
  assertAuthorsKnown(snap, input.authors);
  // Left out, the post is its creator's (docs/decisions/130-bylines-and-author-pages.md).
  const authors = input.authors ?? (save.by && [save.by.id]);
  const post: Post = {
    id: meta.nextPostId,
    ...writerFields(input),
    createdAt: now,
    updatedAt: now,
    tags,
    ...(save.by && { createdBy: save.by.id, updatedBy: save.by.id }),
    ...(authors && { authors }),
  } as Post;
  // An empty cover means "use the default logo" (docs/product.md section 2), so, like any field sent empty, it is not stored.
  applyOptionalFields(post, input);
  applySchedule(post, undefined, input, save, now);
  applyPublishedAt(post, undefined, input, now);
  checkRecord(storedPostSchema, post);
  const saved = {
    ...data,
    // concat copies natively; a spread of 10,000 posts took twice as long.
    posts: [post].concat(data.posts),
    tags: created.length ? [...data.tags, ...created] : data.tags,
    meta: { ...meta, nextPostId: post.id + 1 },
    postRedirects: postRedirectsAfter(snap, post, []),
  };
  const next = keepRevision(saved, POSTS, undefined, post, save, now);
  return { next, result: post, kinds: created.length ? ["tags", "posts"] : ["posts"] };
}

/**
 * The changes to a post, or how to work them out from the stored post: a writer's service checks
 * and sanitizes inside the write, so the post is looked up once and no other write lands between.
 */
export type PostChanges = PostUpdate | ((current: Post) => PostUpdate);

export function updatePost(
  snap: Snapshot,
  id: number,
  changes: PostChanges,
  now: string,
  ifUpdatedAt?: string,
  save: SaveOrigin = {},
): Change<Post> {
  const old = snap.postsById.get(id);
  if (!old) throw new NotFoundError(postNotFoundMessage(id));
  const input = typeof changes === "function" ? changes(old) : changes;
  assertNotStale(old, ifUpdatedAt);
  assertSlugFree(snap, input.slug, id);
  if (input.slug !== old.slug) assertAddressFree(snap, input.slug, input, id);
  const data = snap.data;
  const resolved = input.tags ? resolveTags(input.tags, snap, data.meta) : undefined;
  // Spread over the old post: fields this release does not know, like `excerpt`, survive.
  const updatedAt = nextUpdatedAt(old, now);
  const post: Post = { ...old, ...writerFields(input), updatedAt, tags: resolved?.tags ?? old.tags };
  // A save without a user (a restore, the command line) leaves the last one named.
  if (save.by) post.updatedBy = save.by.id;
  if (input.authors) {
    // An author the post already names stays, even once removed: a restore brings back a byline as it was.
    assertAuthorsKnown(snap, input.authors, old.authors);
    post.authors = input.authors;
  }
  applyOptionalFields(post, input);
  applyReviewStep(post, old, input.review);
  applySchedule(post, old, input, save, updatedAt);
  applyPublishedAt(post, old, input, updatedAt);
  checkRecord(storedPostSchema, post);
  const created = resolved?.created ?? [];
  const moved = old.published && old.slug !== post.slug ? [{ from: old.slug, to: id }] : [];
  const saved = {
    ...data,
    posts: data.posts.map((p) => (p.id === id ? post : p)),
    tags: created.length ? [...data.tags, ...created] : data.tags,
    meta: resolved?.meta ?? data.meta,
    postRedirects: postRedirectsAfter(snap, post, moved),
  };
  const next = keepRevision(saved, POSTS, old, post, save, now);
  return { next, result: post, kinds: created.length ? ["tags", "posts"] : ["posts"] };
}

/** Deleting moves a post to the trash, with its revisions, for the trash period (docs/architecture.md section 4). */
export function deletePost(snap: Snapshot, id: number, now: string, by?: Actor): Change<Post> {
  if (!snap.postsById.has(id)) throw new NotFoundError(postNotFoundMessage(id));
  const { next, kinds } = trashItems(POSTS, snap, [id], now, by);
  return { next, result: snap.postsById.get(id)!, kinds };
}

type RestoredIds = { restored: number[]; skipped: number[] };

/** Backups put back only what is missing (docs/architecture.md section 4), every field as it was saved. */
/** What a backup holds beside its posts, and who restores it (docs/decisions/098-a-restore-keeps-history.md). */
export type RestoredHistory = { revisions?: readonly Revision[]; redirects?: readonly SlugRedirect[]; by?: Actor };

export function restorePosts(
  snap: Snapshot,
  given: SavedPost[],
  now: string,
  history: RestoredHistory = {},
): Change<RestoredIds> {
  const posts = given.map((p) => checkRecord(storedPostSchema, p)).map((p) => structuredClone(p));
  const data = snap.data;
  const result: RestoredIds = { restored: [], skipped: [] };
  const added: Post[] = [];
  // A post in the trash is missing from the site, so the backup's copy replaces it there; its
  // slug is its own, but every other trashed post keeps its slug reserved.
  const trash = data.trash ?? [];
  const trashedSlug = new Map(trash.map((p) => [p.id, p.slug]));
  const ids = new Set(snap.postsById.keys());
  const slugs = new Set([...snap.postsBySlug.keys(), ...trashedSlug.values()]);
  for (const post of posts) {
    // A slug held by another post would make /blog/{slug} ambiguous, so that post is skipped.
    if (ids.has(post.id) || (slugs.has(post.slug) && trashedSlug.get(post.id) !== post.slug)) {
      result.skipped.push(post.id);
      continue;
    }
    ids.add(post.id);
    slugs.add(post.slug);
    // A backup of an older release may lack `summary` or `publishedAt`: read as db.json's posts are.
    added.push(completePost({ ...post }));
    result.restored.push(post.id);
  }
  if (added.length === 0) return { result, kinds: [] };

  // Tags the restored posts name but the tag list lost come back too, keeping their id when free.
  const tags = [...data.tags];
  let nextTagId = data.meta.nextTagId;
  for (const tag of added.flatMap((p) => p.tags)) {
    if (tags.some((t) => t.slug === tag.slug)) continue;
    const idFree = !tags.some((t) => t.id === tag.id);
    tags.push({ id: idFree ? tag.id : nextTagId++, name: tag.name, slug: tag.slug });
  }
  const meta = {
    ...data.meta,
    nextPostId: added.reduce((n, p) => Math.max(n, p.id + 1), data.meta.nextPostId),
    nextTagId: tags.reduce((n, t) => Math.max(n, t.id + 1), nextTagId),
  };
  const kinds: Change<RestoredIds>["kinds"] = tags.length > data.tags.length ? ["tags", "posts"] : ["posts"];
  const restoredIds = new Set(result.restored);
  const untrashed = trash.filter((p) => !restoredIds.has(p.id));
  let next: typeof data = { ...data, posts: [...data.posts, ...added], tags, meta };
  if (untrashed.length !== trash.length) next.trash = untrashed;
  // A post with history here keeps it; the backup's revisions fill in only the posts without any.
  const known = new Set((data.revisions ?? []).filter((r) => r.subject === POST_SUBJECT).map((r) => r.subjectId));
  next = adoptRevisions(
    next,
    (history.revisions ?? []).filter(
      (r) => r.subject === POST_SUBJECT && restoredIds.has(r.subjectId) && !known.has(r.subjectId),
    ),
  );
  // Each post the restore adds gets a revision saying so, on top of the history it came with.
  for (const post of added)
    next = keepRevision(next, POSTS, undefined, post, { by: history.by, origin: "backup" }, now);
  const redirects = (history.redirects ?? []).filter((r) => restoredIds.has(r.to) && !slugs.has(r.from));
  if (redirects.length) {
    const taken = new Set(redirects.map((r) => r.from));
    next = { ...next, postRedirects: [...(next.postRedirects ?? []).filter((r) => !taken.has(r.from)), ...redirects] };
  }
  return { next, result, kinds };
}

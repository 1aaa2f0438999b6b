import { TAGS_MESSAGES } from "~/shared/tags";
import { ConflictError, NotFoundError, ValidationError } from "~/server/http/errors";
import { checkRecord, type Change } from "~/server/store/change";
import { storedTagSchema } from "~/server/collections/tags";
import type { Snapshot } from "~/server/store/db-snapshot";
import { redirectsAfter, redirectTarget } from "~/server/store/slug-redirects";
import type { Post, Tag, TagRedirect } from "~/server/store/types";

export const tagSlugTakenMessage = (slug: string) => `A tag with the slug "${slug}" already exists.`;
export const TAG_MERGE_SELF_MESSAGE = "Choose another tag to merge into.";

function find(snap: Snapshot, id: number): Tag {
  const tag = snap.data.tags.find((t) => t.id === id);
  if (!tag) throw new NotFoundError(TAGS_MESSAGES.notFound(id));
  return tag;
}

/** Posts keep `{id,name,slug}` copies of their tags, so every change to a tag is written into them too. */
function retagPosts(posts: Post[], retag: (tags: Tag[]) => Tag[] | undefined): Post[] {
  let changed = false;
  const next = posts.map((post) => {
    if (post.tags.length === 0) return post;
    const tags = retag(post.tags);
    if (!tags) return post;
    changed = true;
    return { ...post, tags };
  });
  return changed ? next : posts;
}

/** Old tag slugs keep answering (`/blog?tag=old` redirects, docs/product.md section 2). */
function redirectsAfterTags(snap: Snapshot, add: TagRedirect[], liveSlugs: Set<string>, goneIds: Set<number>) {
  return redirectsAfter(
    snap.data.tagRedirects,
    add,
    (slug) => liveSlugs.has(slug),
    (id) => goneIds.has(id),
  );
}

export function renameTag(snap: Snapshot, id: number, input: { name: string; slug: string }): Change<Tag> {
  const old = find(snap, id);
  const holder = snap.tagsBySlug.get(input.slug);
  if (holder && holder.id !== id) {
    throw new ConflictError(tagSlugTakenMessage(input.slug), { slug: [tagSlugTakenMessage(input.slug)] });
  }
  const tag = checkRecord(storedTagSchema, { ...old, name: input.name, slug: input.slug });
  const tags = snap.data.tags.map((t) => (t.id === id ? tag : t));
  const posts = retagPosts(snap.data.posts, (list) =>
    list.some((t) => t.id === id)
      ? list.map((t) => (t.id === id ? { id, name: tag.name, slug: tag.slug } : t))
      : undefined,
  );
  const live = new Set(tags.map((t) => t.slug));
  const add = old.slug === tag.slug ? [] : [{ from: old.slug, to: id }];
  const tagRedirects = redirectsAfterTags(snap, add, live, new Set());
  return { next: { ...snap.data, tags, posts, tagRedirects }, result: tag, kinds: ["tags", "posts"] };
}

export function mergeTags(snap: Snapshot, fromId: number, intoId: number): Change<Tag> {
  if (fromId === intoId) throw new ValidationError(TAG_MERGE_SELF_MESSAGE, { into: [TAG_MERGE_SELF_MESSAGE] });
  const from = find(snap, fromId);
  const into = find(snap, intoId);
  const copy = { id: into.id, name: into.name, slug: into.slug };
  const posts = retagPosts(snap.data.posts, (list) => {
    if (!list.some((t) => t.id === fromId)) return undefined;
    const hasInto = list.some((t) => t.id === intoId);
    // The merged tag takes the old one's place, once, so a post's tag order stays as written.
    return list.flatMap((t) => (t.id === fromId ? (hasInto ? [] : [copy]) : [t]));
  });
  const tags = snap.data.tags.filter((t) => t.id !== fromId);
  const live = new Set(tags.map((t) => t.slug));
  // The merged tag's own old slugs now lead to the tag that took its posts.
  const moved = (snap.data.tagRedirects ?? []).map((r) => (r.to === fromId ? { ...r, to: intoId } : r));
  const tagRedirects = redirectsAfterTags(
    { ...snap, data: { ...snap.data, tagRedirects: moved } },
    [{ from: from.slug, to: intoId }],
    live,
    new Set(),
  );
  return { next: { ...snap.data, tags, posts, tagRedirects }, result: into, kinds: ["tags", "posts"] };
}

export function deleteTag(snap: Snapshot, id: number): Change<Tag> {
  const old = find(snap, id);
  const posts = retagPosts(snap.data.posts, (list) =>
    list.some((t) => t.id === id) ? list.filter((t) => t.id !== id) : undefined,
  );
  const tags = snap.data.tags.filter((t) => t.id !== id);
  const tagRedirects = redirectsAfterTags(snap, [], new Set(tags.map((t) => t.slug)), new Set([id]));
  return { next: { ...snap.data, tags, posts, tagRedirects }, result: old, kinds: ["tags", "posts"] };
}

export function resolveTagRedirect(snap: Snapshot, slug: string): Tag | undefined {
  if (snap.tagsBySlug.has(slug)) return undefined;
  const to = redirectTarget(snap.data.tagRedirects, slug);
  return to === undefined ? undefined : snap.data.tags.find((t) => t.id === to);
}

export function createTag(snap: Snapshot, input: { name: string; slug: string }): Change<Tag> {
  if (snap.tagsBySlug.has(input.slug)) {
    throw new ConflictError(tagSlugTakenMessage(input.slug), { slug: [tagSlugTakenMessage(input.slug)] });
  }
  const data = snap.data;
  const tag = checkRecord(storedTagSchema, { id: data.meta.nextTagId, name: input.name, slug: input.slug });
  const next = { ...data, tags: [...data.tags, tag], meta: { ...data.meta, nextTagId: tag.id + 1 } };
  return { next, result: tag, kinds: ["tags"] };
}

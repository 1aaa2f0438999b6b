import type { CmsPost } from "~/shared/blog";
import { fieldErrors } from "~/shared/field-errors";
import { UPDATED_AT_MESSAGE } from "~/shared/post-conflict";
import { MIN_CONTENT_LENGTH, POST_MESSAGES, postInputSchema, tagSchema } from "~/shared/schemas";
import { generateSlug } from "~/shared/slug";
import { nestsDeeperThan } from "./content-nesting";
import { cmsPostOf, contentReady, contentsOf, rememberContent, sanitizeAhead, sanitizeForStore } from "./post-view";
import { ForbiddenError, NotFoundError, StaleUpdateError, ValidationError } from "~/server/http/errors";
import { withoutUndefined } from "~/server/store/change";
import { NOBODY, type ActivityLog, type Who } from "~/server/activity/activity-log";
import type { ActivityEntry } from "~/shared/activity";
import { withAuthorName, withAuthorNames } from "./post-authors";
import { POST_ACTIVITY, postNotFoundMessage } from "./post-lifecycle";
import { assertMay, assertMayPublish } from "./post-access";
import { can, mayOpenPost, PERMISSION_MESSAGES } from "~/shared/permissions";
import { assertSchedulable } from "./post-schedule";
import type { AddressTakeOver, Post, PostInput, Tag } from "~/server/store/types";
import type { Store } from "~/server/records/store";

export type PostService = {
  /** Every post, drafts too, newest first, `summary` falling back to `excerpt` (docs/product.md section 3). */
  listAll(): Promise<CmsPost[]>;
  /** One post for the editor, drafts too; `id` as a route or query parameter (parsePostId). */
  get(id: unknown): Promise<CmsPost>;
  /** Validates, fills in the slug and sanitizes; answers the stored post. `who` creates it. */
  create(input: unknown, who?: Who): Promise<CmsPost>;
  /**
   * A partial update: fields left out keep their value, fields sent are checked as on create. An
   * `updatedAt` in the input makes it conditional: 409 when the post changed since that time, with
   * the post as saved now (`theirs`) beside the update times.
   */
  update(id: number, input: unknown, who?: Who): Promise<CmsPost>;
  /** Moves the post to the trash; answers the removed post. */
  remove(id: number, who?: Who): Promise<Post>;
  /** The editor showed the post's "Embedded videos found" notice: it is not shown again. */
  noteVideosNotice(id: unknown, who?: Who): Promise<void>;
  createTag(input: unknown): Promise<Tag>;
};

/** A route parameter as a post id; anything but digits becomes NaN, which the service refuses. */
export function parsePostId(param: unknown): number {
  return typeof param === "string" && /^\d+$/.test(param) ? Number(param) : Number.NaN;
}

/**
 * The write side of the blog, used by /api/cms and the debug tools, with docs/product.md section 5's rules
 * and messages through the shared schemas (docs/architecture.md section 7). Checks run here, not in the
 * store, so every caller gets the friendly messages; the store keeps only its last-line checks.
 */
export function createPostService(store: Store, activity?: ActivityLog): PostService {
  const named = (post: CmsPost) => withAuthorName(store, post);
  /**
   * Publishing, unpublishing and deleting are in the activity log (docs/decisions/102-activity-log.md),
   * whose entry the store writes with the change, so the write and its entry are saved together
   * (docs/decisions/163-activity-written-with-its-change.md).
   */
  const entry = (kind: "publish" | "unpublish" | "delete", who: Who, post: Post) =>
    activity?.entry(kind, who, POST_ACTIVITY.record(post));
  /** After the write: the data folder's log appends what the journal holds; a failure is logged, never the answer. */
  const logged = async <T>(write: Promise<T>, made: () => ActivityEntry | undefined): Promise<T> => {
    const result = await write;
    const written = made();
    if (written) await activity?.written([written]);
    return result;
  };
  /**
   * A 409 for a stale save carries the post as saved now, with the name of who saved it, so the
   * editor shows both versions side by side (docs/decisions/104-conflicts-field-by-field.md).
   */
  const theirsInto = async (error: unknown): Promise<never> => {
    if (error instanceof StaleUpdateError) {
      const current = error.current as Post;
      error.details = { ...error.details, theirs: await named(cmsPostOf(current, await contentReady(current))) };
    }
    throw error;
  };

  return {
    async listAll() {
      const posts = await store.listPosts();
      const contents = await contentsOf(posts);
      return withAuthorNames(
        store,
        posts.map((post, i) => cmsPostOf(post, contents[i])),
      );
    },

    async noteVideosNotice(rawId, who = NOBODY) {
      const id = parsePostId(rawId);
      assertPostId(id);
      const post = await store.getPostById(id);
      if (!post) throw new NotFoundError(postNotFoundMessage(id));
      // Whoever may open its editor saw it there (a contributor their own post, even published).
      if (who.role && who.user && !mayOpenPost({ id: who.user.id, role: who.role }, post)) {
        throw new ForbiddenError(PERMISSION_MESSAGES.forbidden);
      }
      if (!post.videosNoticed) await store.noteVideosNotice(id);
    },

    async get(rawId) {
      const id = parsePostId(rawId);
      assertPostId(id);
      const post = await store.getPostById(id);
      if (!post) throw new NotFoundError(postNotFoundMessage(id));
      return named(cmsPostOf(post, await contentReady(post)));
    },

    // Content is sanitized on write here; the stored copy is the sanitized one, so the answer reuses it.
    async create(input, who = NOBODY) {
      const fields = recordOf(input);
      assertMay(who, "posts.create");
      assertMayPublish(who, fields);
      await sanitizeSentAhead(fields);
      // docs/product.md section 5: the slug comes from the title when the writer left it empty.
      const parsed = parsePost({ ...fields, slug: slugFor(fields, generateSlug(titleOf(fields))) });
      let made: ActivityEntry | undefined;
      const log = (post: Post) => (made = post.published ? entry("publish", who, post) : undefined);
      const post = await logged(
        store.createPost({ ...parsed, ...addressChoice(who, fields) }, { by: who.user, activity: log }),
        () => made,
      );
      return named(cmsPostOf(post, rememberContent(post, post.content)));
    },

    async update(id, input, who = NOBODY) {
      assertPostId(id);
      const fields = recordOf(input);
      await sanitizeSentAhead(fields);
      let wasPublished = false;
      // Checked inside the store's write, which looks the post up once (post-changes.ts).
      const changes = (current: Post) => {
        wasPublished = current.published;
        assertMay(who, "posts.edit", current, PERMISSION_MESSAGES.notYourDraft);
        assertMayPublish(who, fields, current);
        return { ...parsePostChanges(fields, current), ...addressChoice(who, fields) };
      };
      let made: ActivityEntry | undefined;
      const log = (post: Post) =>
        (made =
          post.published === wasPublished ? undefined : entry(post.published ? "publish" : "unpublish", who, post));
      const post = await logged(
        store
          .updatePost(id, changes, { ifUpdatedAt: updatedAtOf(fields), by: who.user, activity: log })
          .catch((error: unknown) => theirsInto(error)),
        () => made,
      );
      // Sent content was sanitized by the write, so the stored copy is the sanitized one.
      return named(
        cmsPostOf(post, fields.content === undefined ? await contentReady(post) : rememberContent(post, post.content)),
      );
    },

    async remove(id, who = NOBODY) {
      assertPostId(id);
      assertMay(who, "posts.delete");
      let made: ActivityEntry | undefined;
      const log = (post: Post) => (made = entry("delete", who, post));
      return logged(store.deletePost(id, who.user, { activity: log }), () => made);
    },

    async createTag(input) {
      const parsed = tagSchema.safeParse(input);
      if (!parsed.success) throw new ValidationError(POST_MESSAGES.formErrors, fieldErrors(parsed.error));
      return store.createTag(parsed.data);
    },
  };
}

/**
 * docs/product.md section 5 rules and messages. The 50-character content minimum is checked on what the
 * writer sent, and again on what sanitizing leaves: content that is all script, or tags the
 * allowlist drops, would otherwise be stored as a post with no body. Content is stored sanitized
 * (docs/architecture.md section 5), the same HTML the blog renders.
 */
function parsePost(fields: Record<string, unknown>): PostInput {
  const parsed = postInputSchema.safeParse(fields);
  if (!parsed.success) throw new ValidationError(POST_MESSAGES.formErrors, fieldErrors(parsed.error));
  // A field left out is absent, not undefined: a save keeps what it does not name.
  const post = withoutUndefined(parsed.data) as PostInput;
  assertSchedulable(post);
  return { ...post, content: sanitizedContent(post.content) };
}

/**
 * Content sent with a save, sanitized before the store's write starts (in the worker when long,
 * sanitize-worker.ts), so `sanitizedContent` inside the write finds it done. Content the rules
 * refuse is left to them.
 */
async function sanitizeSentAhead(fields: Record<string, unknown>): Promise<void> {
  const sent = postInputSchema.shape.content.safeParse(fields.content);
  if (sent.success) await sanitizeAhead([sent.data]);
}

/** Stored content: sanitized, and still at least the minimum length once sanitizing has dropped what it drops. */
function sanitizedContent(sent: string): string {
  if (nestsDeeperThan(sent)) {
    throw new ValidationError(POST_MESSAGES.formErrors, { content: [POST_MESSAGES.contentNesting] });
  }
  const content = sanitizeForStore(sent);
  if (content.length < MIN_CONTENT_LENGTH) {
    throw new ValidationError(POST_MESSAGES.formErrors, { content: [POST_MESSAGES.content] });
  }
  return content;
}

/**
 * Whether this save may take over another post's old address, which the store decides on its
 * current redirects (post-changes.ts): asked for with `takeOverAddress: true`, and only by a writer
 * who may publish, since the address stops leading readers to a published post. A call without a
 * role (the command line, the tools' own calls) is the operator's, as in post-access.ts.
 */
function addressChoice(who: Who, fields: Record<string, unknown>): AddressTakeOver {
  const sent = fields.takeOverAddress ?? false;
  if (typeof sent !== "boolean") {
    throw new ValidationError(POST_MESSAGES.formErrors, { takeOverAddress: [POST_MESSAGES.takeOverAddress] });
  }
  if (who.role && !can(who.role, "posts.publish", {}, who.scopes)) return { takeOverAddress: "not-allowed" };
  return sent ? { takeOverAddress: "confirmed" } : {};
}

/** The fields a writer may send; anything else in a body is ignored, as on create. */
const POST_FIELDS = Object.keys(postInputSchema.shape) as (keyof PostInput)[];

/**
 * A partial update: every field left out keeps its value (title, summary and content too), so an
 * update never moves a post's URL, republishes a draft, drops its cover image or its tags by
 * omission; a field sent is checked by the same rules as create, and only those: the schema's
 * defaults (published) must not fill in a field that was left out. A cover or setting sent as "" is removed.
 */
function parsePostChanges(sent: Record<string, unknown>, current: Post): Partial<PostInput> {
  // `publishAsNew` alone changes nothing: it says how a publish in the same save is dated.
  if (!POST_FIELDS.some((key) => key !== "publishAsNew" && sent[key] !== undefined))
    throw new ValidationError(POST_MESSAGES.nothingToUpdate);
  const fields =
    sent.slug === undefined ? sent : { ...sent, slug: slugFor({ title: current.title, ...sent }, current.slug) };
  const parsed = postInputSchema.partial().safeParse(fields);
  if (!parsed.success) throw new ValidationError(POST_MESSAGES.formErrors, fieldErrors(parsed.error));
  const changes: Partial<PostInput> = {};
  for (const key of POST_FIELDS) {
    if (fields[key] === undefined || parsed.data[key] === undefined) continue;
    Object.assign(changes, { [key]: key === "content" ? sanitizedContent(parsed.data.content!) : parsed.data[key] });
  }
  assertSchedulable(changes, current);
  return changes;
}

/**
 * The slug to validate: `whenMissing` when none was sent; docs/product.md section 5, "On submit a slug shorter
 * than 3 is replaced by a generated one"; any other is taken as typed, so "Bad Slug!" gets the
 * pattern message instead of being silently rewritten.
 */
function slugFor(fields: Record<string, unknown>, whenMissing: string): unknown {
  const { slug } = fields;
  if (slug === undefined || slug === null) return whenMissing;
  return typeof slug === "string" && slug.trim().length < 3 ? generateSlug(titleOf(fields)) : slug;
}

/** The update time the editor opened the post at, if it sent one; a malformed one is a 400. */
function updatedAtOf(fields: Record<string, unknown>): string | undefined {
  const { updatedAt } = fields;
  if (updatedAt === undefined || updatedAt === null) return undefined;
  if (typeof updatedAt === "string" && updatedAt.length <= 40 && !Number.isNaN(Date.parse(updatedAt))) return updatedAt;
  throw new ValidationError(UPDATED_AT_MESSAGE, { updatedAt: [UPDATED_AT_MESSAGE] });
}

function titleOf(fields: Record<string, unknown>): string {
  return typeof fields.title === "string" ? fields.title : "";
}

/** A body that is not a JSON object is read as an empty form, so it gets every field's message. */
function recordOf(input: unknown): Record<string, unknown> {
  return typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

export function assertPostId(id: number): void {
  if (!Number.isSafeInteger(id) || id < 1)
    throw new ValidationError(POST_MESSAGES.invalidId, { id: [POST_MESSAGES.invalidId] });
}

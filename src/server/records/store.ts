import { withActivity, type Change } from "~/server/store/change";
import type { Snapshot } from "~/server/store/db-snapshot";
import { lowerName } from "~/server/store/db-snapshot";
import type { ActivityEntry } from "~/shared/activity";
import type {
  ApiToken,
  Invitation,
  Actor,
  AddressTakeOver,
  ChangeKind,
  ContentChange,
  LogsActivity,
  MessagePatch,
  NewContactMessage,
  Page,
  Post,
  PostInput,
  Redirect,
  PostUpdate,
  SavedPost,
  Settings,
  StoreEngine,
  NewsletterSend,
  Subscriber,
  User,
  UserPatch,
  Webhook,
} from "~/server/store/types";
import * as messages from "~/server/contact/message-changes";
import * as settings from "~/server/contact/settings-changes";
import * as posts from "~/server/posts/post-changes";
import * as pages from "~/server/pages/page-changes";
import { PAGES } from "~/server/pages/page-lifecycle";
import type { SaveOrigin } from "~/server/lifecycle/history";
import * as lifecycle from "~/server/lifecycle/trash";
import { POSTS } from "~/server/posts/post-lifecycle";
import { changeWithoutSaving } from "~/server/lifecycle/unsaved-changes";
import { revisionsOf } from "~/server/revisions/revision-changes";
import * as site from "~/server/site/site-changes";
import * as tags from "~/server/tags/tag-changes";
import * as users from "~/server/users/user-changes";
import * as apiTokens from "~/server/tokens/token-changes";
import * as webhooks from "~/server/webhooks/webhook-changes";
import { withWebhookEvents } from "~/server/webhooks/webhook-events";
import * as newsletter from "~/server/newsletter/newsletter-changes";
import * as subscribers from "~/server/newsletter/subscriber-changes";
import * as invitations from "~/server/users/invitation-changes";
import * as redirects from "~/server/redirects/redirect-changes";
import * as importing from "~/server/import/import-changes";
import type { SiteContent } from "~/shared/site-content";
import type { PageInput } from "~/shared/pages";
import { restoreRecords, type RestoredRecords } from "~/server/backups/restore-records";
import { describeChange } from "./describe-change";

const NO_REDIRECTS: readonly Redirect[] = Object.freeze([]);

type ChangeListener = (kind: ChangeKind, content: ContentChange) => void;

/**
 * The records as the app reads and writes them: each method is a query or a feature's change
 * function (posts/post-changes.ts, tags/tag-changes.ts ...) run by the engine below it, the data
 * folder's or PostgreSQL's (src/server/store/), which knows no feature. Both engines run the same
 * functions, so a rule holds the same on either.
 *
 * Records answered by reads and writes are deeply frozen and shared with the store, never copies:
 * cloning 10,000 posts on every list would cost more than rendering the page (docs/architecture.md section 6).
 * Copy before changing one (`{ ...post }`, `structuredClone(post)`); changing it in place throws a
 * TypeError. Answered arrays are fresh, so callers may sort or filter them freely.
 */
export class Store<E extends StoreEngine = StoreEngine> {
  private readonly listeners = new Set<ChangeListener>();
  private readonly deliveryListeners = new Set<() => void>();
  private readonly sendListeners = new Set<() => void>();
  private unsubscribe?: () => void;

  /** The engine's own extras, present when it has them (StoreEngine's optional methods). */
  readonly ping?: () => Promise<number>;
  readonly rateCounters?: StoreEngine["rateCounters"];
  readonly outboxClaims?: StoreEngine["outboxClaims"];
  readonly compact?: () => Promise<number>;
  readonly journalledActivity?: StoreEngine["journalledActivity"];
  readonly foldTrouble?: StoreEngine["foldTrouble"];

  constructor(readonly engine: E) {
    this.ping = engine.ping?.bind(engine);
    this.rateCounters = engine.rateCounters?.bind(engine);
    this.outboxClaims = engine.outboxClaims?.bind(engine);
    this.compact = engine.compact?.bind(engine);
    this.journalledActivity = engine.journalledActivity?.bind(engine);
    this.foldTrouble = engine.foldTrouble?.bind(engine);
  }

  /**
   * Called after every committed write, once per kind it changed, with what it did to the content
   * (the same for each kind of one write, described once). Answers a function that unsubscribes.
   */
  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    this.unsubscribe ??= this.engine.onCommit((kinds, before, after) => {
      const content = describeChange(before, after);
      for (const kind of kinds) {
        for (const each of this.listeners) {
          try {
            each(kind, content);
          } catch (error) {
            // The write is committed already; a failing listener must not turn it into a reported failure.
            console.error(`A store change listener failed on "${kind}":`, error);
          }
        }
      }
    });
    return () => void this.listeners.delete(listener);
  }

  /**
   * Called after a committed write of this instance that added webhook deliveries (a publish, a
   * contact message), so the outbox sends them now rather than at its next sweep.
   */
  onWebhookDeliveries(listener: () => void): () => void {
    this.deliveryListeners.add(listener);
    return () => void this.deliveryListeners.delete(listener);
  }

  /**
   * Every write of the records: with the webhook deliveries its change calls for, committed with
   * it (src/server/webhooks/webhook-events.ts), and the outbox told once it is.
   */
  private async write<R>(change: (snap: Snapshot, now: string) => Change<R>): Promise<R> {
    let queued = false;
    let sends = false;
    const result = await this.engine.write(
      withWebhookEvents(
        withNewsletterSends(change, () => (sends = true)),
        () => (queued = true),
      ),
    );
    if (queued) for (const listener of this.deliveryListeners) listener();
    if (sends) for (const listener of this.sendListeners) listener();
    return result;
  }

  /**
   * Called after a committed write of this instance that queued a newsletter send (a publish with
   * "Also send by email", the send call), so the outbox starts it now.
   */
  onNewsletterSends(listener: () => void): () => void {
    this.sendListeners.add(listener);
    return () => void this.sendListeners.delete(listener);
  }

  /** The last file write's outcome (StoreEngine.lastWrite). */
  lastWrite() {
    return this.engine.lastWrite();
  }
  /** Saves the current content again: health calls it while the last write failed. */
  retryWrite() {
    return this.engine.retryWrite();
  }
  /** Waits for pending writes and releases the data folder. */
  close() {
    return this.engine.close();
  }

  /** Every post, newest created first (by createdAt, then id); `publishedOnly`: newest published first (by publishedAt). */
  listPosts(options: { publishedOnly?: boolean } = {}): Promise<Post[]> {
    return this.engine.read((s) => (options.publishedOnly ? s.published : s.data.posts).slice());
  }
  /**
   * The published posts, newest first, without a copy: frozen, and the very same array until a
   * post is written, so lookups over it can be made once per write (src/server/posts/published-index.ts).
   */
  publishedPosts(): Promise<readonly Post[]> {
    return this.engine.read((s) => s.published);
  }
  getPostById(id: number): Promise<Post | undefined> {
    return this.engine.read((s) => s.postsById.get(id));
  }
  getPostBySlug(slug: string): Promise<Post | undefined> {
    return this.engine.read((s) => s.postsBySlug.get(slug));
  }
  /**
   * Runs `job` on every post as the database holds it now, while no other write can commit, so a
   * check the job makes holds until it has acted (docs/decisions/086-writes-decided-under-the-lock.md).
   */
  withPostsSettled<T>(job: (posts: readonly Post[]) => Promise<T>): Promise<T> {
    return this.engine.settled((s) => job(s.data.posts));
  }
  /**
   * Throws ConflictError when the slug is taken (by a post, or one in the trash). Keeps a revision;
   * `by` is the post's createdBy and updatedBy.
   */
  createPost(input: PostInput & AddressTakeOver, options: SaveOrigin & LogsActivity<Post> = {}): Promise<Post> {
    const { activity, ...save } = options;
    return this.write(withActivity((s, now) => posts.createPost(s, input, now, save), activity));
  }
  /**
   * Throws NotFoundError for a missing id and ConflictError for a slug another post has. With
   * `ifUpdatedAt`, throws StaleUpdateError (409) unless the post's updatedAt is that time. The
   * changes may be a function of the stored post, called inside the write (its errors write nothing).
   * `by`: the user saving it (updatedBy).
   */
  updatePost(
    id: number,
    changes: PostUpdate | ((current: Post) => PostUpdate),
    options: { ifUpdatedAt?: string } & SaveOrigin & LogsActivity<Post> = {},
  ): Promise<Post> {
    const { ifUpdatedAt, activity, ...save } = options;
    return this.write(withActivity((s, now) => posts.updatePost(s, id, changes, now, ifUpdatedAt, save), activity));
  }
  /** Ends every preview link of a post made so far; NotFoundError for a missing id; answers the post. */
  revokePreviewLinks(id: number): Promise<Post> {
    const revoked = (post: Post) => ({ ...post, previewGeneration: (post.previewGeneration ?? 0) + 1 });
    return this.write((s) => changeWithoutSaving(POSTS, s, id, revoked));
  }
  /** Notes that the editor showed the post's videos notice; NotFoundError for a missing id. */
  noteVideosNotice(id: number): Promise<Post> {
    return this.write((s) => changeWithoutSaving(POSTS, s, id, (post) => ({ ...post, videosNoticed: true })));
  }
  /** Moves a post to the trash; throws NotFoundError for a missing id; answers the removed post. */
  deletePost(id: number, by?: Actor, options: LogsActivity<Post> = {}): Promise<Post> {
    return this.write(withActivity((s, now) => posts.deletePost(s, id, now, by), options.activity));
  }
  /** Moves those of the ids that exist to the trash, in one write (purge); answers the removed posts. */
  deletePosts(ids: number[], by?: Actor): Promise<Post[]> {
    return this.write((s, now) => lifecycle.trashItems(POSTS, s, ids, now, by));
  }
  /**
   * Adds back posts whose id is missing (and not in the trash), keeping every field as given, with
   * the backup's revisions and old slugs of those posts; answers what was added and skipped.
   */
  restorePosts(given: SavedPost[], history: posts.RestoredHistory = {}) {
    return this.write((s, now) => posts.restorePosts(s, given, now, history));
  }

  /** Puts back a backup's tags, users, inbox and settings in one write (backups/restore-records.ts). */
  restoreRecords(given: RestoredRecords, options?: { replace?: boolean }) {
    return this.write((s) => restoreRecords(s, given, options));
  }
  /**
   * What restoreRecords and restorePosts would do now, from the same functions run on the current
   * records and never committed: a restore's preview.
   */
  previewRestore(given: RestoredRecords, restored?: SavedPost[]) {
    return this.engine.read((s) => ({
      records: restoreRecords(s, given).result,
      posts: restored && posts.restorePosts(s, restored, new Date().toISOString()).result,
    }));
  }

  /** A subject's revisions (src/server/revisions/), newest first. */
  listRevisions(subject: string, subjectId: number) {
    return this.engine.read((s) => revisionsOf(s.data, subject, subjectId).reverse());
  }
  /** Every revision of one kind of subject, oldest first (a backup's). */
  revisionsOfSubject(subject: string) {
    return this.engine.read((s) => (s.data.revisions ?? []).filter((r) => r.subject === subject));
  }
  /** Deleted posts still in the trash, by the time each was deleted, then by id, whatever order the engine keeps. */
  listTrash() {
    return this.engine.read((s) =>
      (s.data.trash ?? []).slice().sort((a, b) => Date.parse(a.deletedAt) - Date.parse(b.deletedAt) || a.id - b.id),
    );
  }
  /** Puts a trashed post back as it was; NotFoundError when it is not in the trash. */
  restoreFromTrash(id: number) {
    return this.write((s) => lifecycle.restoreFromTrash(POSTS, s, id));
  }
  /** Deletes a trashed post for good, with its revisions and old slugs; NotFoundError when not in the trash. */
  deleteForGood(id: number) {
    return this.write((s) => lifecycle.deleteForGood(POSTS, s, id));
  }
  /** Removes expired trash and the revisions past the policy; answers the ids deleted for good. */
  sweepHistory(policy: lifecycle.HistoryPolicy) {
    return this.write((s, now) =>
      lifecycle.sweepHistory([lifecycle.trashExpiry(POSTS), lifecycle.trashExpiry(PAGES)], s, policy, now),
    );
  }
  /** Where an old slug leads, when no post holds it (lifecycle/trash.ts); `shown` when that post is public. */
  resolvePostRedirect(slug: string) {
    return this.engine.read((s) => {
      const found = lifecycle.resolveRedirect(POSTS, s, slug);
      return found && { slug: found.address, shown: found.shown };
    });
  }
  /** Every post's old slugs. */
  listPostRedirects() {
    return this.engine.read((s) => (s.data.postRedirects ?? []).slice());
  }

  /** Every page, drafts too, by id (src/server/pages/). */
  listPages(): Promise<Page[]> {
    return this.engine.read((s) => (s.data.pages ?? []).slice());
  }
  getPageById(id: number): Promise<Page | undefined> {
    return this.engine.read((s) => PAGES.byId(s, id));
  }
  getPageByPath(path: string): Promise<Page | undefined> {
    return this.engine.read((s) => PAGES.byAddress(s, path));
  }
  /**
   * Makes the home page of blocks from the published site content when no page holds / yet
   * (docs/decisions/280-the-home-page-is-a-page-of-blocks.md); answers it, or undefined when it was there.
   */
  ensureHomePage(home: (content: SiteContent) => { title: string; blocks: PageInput["blocks"] }) {
    return this.write((s, now) => pages.ensureHomePage(s, (snap) => home(site.siteOf(snap).published), now));
  }
  /** Throws ConflictError when the path is taken (by a page, or one in the trash); keeps a revision. */
  createPage(input: pages.PageUpdate, options: SaveOrigin & LogsActivity<Page> = {}): Promise<Page> {
    const { activity, ...save } = options;
    return this.write(withActivity((s, now) => pages.createPage(s, input, now, save), activity));
  }
  /** As updatePost: NotFoundError, ConflictError for a taken path, StaleUpdateError (409) with `ifUpdatedAt`. */
  updatePage(
    id: number,
    changes: pages.PageChanges,
    options: { ifUpdatedAt?: string } & SaveOrigin & LogsActivity<Page> = {},
  ): Promise<Page> {
    const { ifUpdatedAt, activity, ...save } = options;
    return this.write(withActivity((s, now) => pages.updatePage(s, id, changes, now, ifUpdatedAt, save), activity));
  }
  /** Moves a page to the trash; NotFoundError for a missing id; answers the removed page. */
  deletePage(id: number, by?: Actor, options: LogsActivity<Page> = {}): Promise<Page> {
    return this.write(withActivity((s, now) => pages.deletePage(s, id, now, by), options.activity));
  }
  /** Adds back a backup's pages missing here (by id, path free), with their history. */
  restorePages(given: pages.RestoredPages, by?: Actor) {
    return this.write((s, now) => pages.restorePages(s, given, now, by));
  }
  /** What restorePages would do now, never committed: a restore's preview. */
  previewRestorePages(given: pages.RestoredPages) {
    return this.engine.read((s) => pages.restorePages(s, given, new Date().toISOString()).result);
  }
  /** Pages in the trash, oldest deleted first. */
  listPageTrash() {
    return this.engine.read((s) => (s.data.pageTrash ?? []).slice());
  }
  restorePageFromTrash(id: number) {
    return this.write((s) => lifecycle.restoreFromTrash(PAGES, s, id));
  }
  deletePageForGood(id: number) {
    return this.write((s) => lifecycle.deleteForGood(PAGES, s, id));
  }
  /** Where an old page path leads, when no page holds it; `shown` when that page is public. */
  resolvePageRedirect(path: string) {
    return this.engine.read((s) => lifecycle.resolveRedirect(PAGES, s, path));
  }
  /** Every page's old paths. */
  listPageRedirects() {
    return this.engine.read((s) => (s.data.pageRedirects ?? []).slice());
  }

  /** Sorted by name. */
  listTags() {
    return this.engine.read((s) => s.tags.slice());
  }
  /** Throws ConflictError when the slug is taken. */
  createTag(input: { name: string; slug: string }) {
    return this.write((s) => tags.createTag(s, input));
  }
  /** Renames a tag (and its copies on posts); the old slug is kept as a redirect. NotFound, Conflict. */
  renameTag(id: number, input: { name: string; slug: string }) {
    return this.write((s) => tags.renameTag(s, id, input));
  }
  /** Moves every post of `fromId` to `intoId` and removes `fromId`, whose slug redirects to `intoId`. */
  mergeTags(fromId: number, intoId: number) {
    return this.write((s) => tags.mergeTags(s, fromId, intoId));
  }
  /** Removes a tag from the list and from every post; answers the removed tag. */
  deleteTag(id: number) {
    return this.write((s) => tags.deleteTag(s, id));
  }
  /** The tag an old slug now leads to, when no tag has that slug. */
  resolveTagRedirect(slug: string) {
    return this.engine.read((s) => tags.resolveTagRedirect(s, slug));
  }

  countUsers() {
    return this.engine.read((s) => s.data.users.length);
  }
  /** Every user, oldest first (by id). */
  listUsers() {
    return this.engine.read((s) => s.data.users.slice().sort((a, b) => a.id - b.id));
  }
  getUserById(id: number) {
    return this.engine.read((s) => s.usersById.get(id));
  }
  /** Matches case-insensitively, as usernames are unique regardless of case. */
  getUserByUsername(username: string) {
    return this.engine.read((s) => s.usersByName.get(lowerName(username)));
  }
  /** Throws ConflictError when the username is taken (case-insensitive). */
  createUser(input: Omit<User, "id" | "createdAt">) {
    return this.write((s, now) => users.createUser(s, input, now));
  }
  /**
   * Throws NotFoundError for a missing id, and ConflictError for a change that would leave no
   * enabled admin where there was one; answers the changed user. The patch may be a function of
   * the stored user, called inside the write (its errors write nothing).
   */
  updateUser(id: number, patch: UserPatch | ((current: User) => UserPatch)) {
    return this.write((s) => users.updateUser(s, id, patch));
  }
  /** Throws NotFoundError for a missing id and ConflictError for the last enabled admin; answers the removed user. */
  deleteUser(id: number) {
    return this.write((s) => users.deleteUser(s, id));
  }

  /** A user's API tokens, oldest first (docs/decisions/215-api-tokens.md). */
  listApiTokens(userId: number) {
    return this.engine.read((s) => (s.data.apiTokens ?? []).filter((t) => t.userId === userId));
  }
  /** The token whose secret has this SHA-256 (hex), as this instance's data holds it now. */
  findApiToken(tokenHash: string) {
    return this.engine.read((s) => (s.data.apiTokens ?? []).find((t) => t.tokenHash === tokenHash));
  }
  addApiToken(input: apiTokens.NewApiToken, log?: (token: ApiToken) => ActivityEntry | undefined) {
    return this.write(withActivity((s, now) => apiTokens.addApiToken(s, input, now), log));
  }
  /** Throws NotFoundError unless `userId` has the token; answers the removed token. */
  revokeApiToken(userId: number, id: number, log?: (token: ApiToken) => ActivityEntry | undefined) {
    return this.write(withActivity((s) => apiTokens.revokeApiToken(s, userId, id), log));
  }
  touchApiToken(id: number, at: string) {
    return this.write((s) => apiTokens.touchApiToken(s, id, at));
  }

  /** The webhook endpoints, oldest first (docs/decisions/225-signed-webhooks-through-the-outbox.md). */
  listWebhooks() {
    return this.engine.read((s) => (s.data.webhooks ?? []).slice());
  }
  getWebhook(id: number) {
    return this.engine.read((s) => (s.data.webhooks ?? []).find((w) => w.id === id));
  }
  addWebhook(input: webhooks.NewWebhook, log?: (webhook: Webhook) => ActivityEntry | undefined) {
    return this.write(withActivity((s, now) => webhooks.addWebhook(s, input, now), log));
  }
  /** CONTACT_WEBHOOK_URL as the first endpoint, on a site that never had one; else undefined. */
  addContactWebhook(url: string, secret: string) {
    return this.write((s, now) => webhooks.addContactWebhook(s, url, secret, now));
  }
  /** Throws NotFoundError for a missing id; answers the removed endpoint, whose deliveries go with it. */
  removeWebhook(id: number, log?: (webhook: Webhook) => ActivityEntry | undefined) {
    return this.write(withActivity((s) => webhooks.removeWebhook(s, id), log));
  }
  /** An endpoint's deliveries, oldest first. */
  listWebhookDeliveries(webhookId: number) {
    return this.engine.read((s) => (s.data.webhookDeliveries ?? []).filter((d) => d.webhookId === webhookId));
  }
  getWebhookDelivery(id: number) {
    return this.engine.read((s) => (s.data.webhookDeliveries ?? []).find((d) => d.id === id));
  }
  /** The ids of every delivery still waiting: the outbox's work. */
  pendingWebhookDeliveries() {
    return this.engine.read((s) =>
      (s.data.webhookDeliveries ?? []).filter((d) => d.state === "pending").map((d) => d.id),
    );
  }
  /** One event for one endpoint (the "Send test" button); NotFoundError without the endpoint. */
  queueWebhookDelivery(webhookId: number, queued: webhooks.QueuedEvent) {
    return this.write((s, now) => webhooks.queueDelivery(s, webhookId, queued, now));
  }
  recordWebhookAttempt(id: number, outcome: webhooks.AttemptOutcome) {
    return this.write((s) => webhooks.recordAttempt(s, id, outcome));
  }

  /** A user by their email address, compared without case. */
  getUserByEmail(email: string) {
    const lower = email.toLowerCase();
    return this.engine.read((s) => s.data.users.find((u) => u.email?.toLowerCase() === lower));
  }
  /** The user holding a passkey, by its credential id (unique across users: user-changes.ts). */
  findUserByPasskey(credentialId: string) {
    return this.engine.read((s) => s.data.users.find((u) => u.passkeys?.some((p) => p.credentialId === credentialId)));
  }
  /** The user whose current reset link has this hash. */
  findUserByResetHash(tokenHash: string) {
    return this.engine.read((s) => s.data.users.find((u) => u.passwordReset?.tokenHash === tokenHash));
  }
  /** Invitations waiting for their invitee (docs/decisions/230-invitations-and-reset-links.md), oldest first. */
  listInvitations() {
    return this.engine.read((s) => (s.data.invitations ?? []).slice());
  }
  findInvitation(tokenHash: string) {
    return this.engine.read((s) => (s.data.invitations ?? []).find((i) => i.tokenHash === tokenHash));
  }
  addInvitation(input: invitations.NewInvitation, log?: (made: Invitation) => ActivityEntry | undefined) {
    return this.write(withActivity((s, now) => invitations.addInvitation(s, input, now), log));
  }
  revokeInvitation(id: number, log?: (made: Invitation) => ActivityEntry | undefined) {
    return this.write(withActivity((s) => invitations.revokeInvitation(s, id), log));
  }
  /** Creates the invitee's account and deletes the invitation in one write; a used or expired link is a 400. */
  acceptInvitation(
    tokenHash: string,
    account: { username: string; passwordHash: string },
    log?: (made: { user: User; invitation: Invitation }) => ActivityEntry | undefined,
  ) {
    return this.write(withActivity((s, now) => invitations.acceptInvitation(s, tokenHash, account, now), log));
  }

  /** Every redirect of an old address, oldest first (docs/decisions/251-old-addresses-kept-as-redirects.md). */
  listRedirects() {
    return this.engine.read((s) => (s.data.redirects ?? []).slice());
  }
  /** The same, without a copy: frozen, and the very same array until a redirect is written (find-redirect.ts). */
  listRedirectsShared(): Promise<readonly Redirect[]> {
    return this.engine.read((s) => s.data.redirects ?? NO_REDIRECTS);
  }
  /** ConflictError when the path has one already. */
  addRedirect(input: redirects.NewRedirect) {
    return this.write((s, now) => redirects.addRedirect(s, input, now));
  }
  /** NotFoundError for a missing id; answers the removed redirect. */
  removeRedirect(id: number) {
    return this.write((s) => redirects.removeRedirect(s, id));
  }
  /**
   * One batch of an import (src/server/import/), in one write: its posts, tags, authors and
   * redirects are all committed or none is (docs/decisions/250-imports-in-journalled-batches.md).
   */
  importBatch(batch: importing.ImportBatch) {
    return this.write((s, now) => importing.importBatch(s, batch, now));
  }
  /** What importBatch would do now, never committed: a dry run's count of each batch. */
  previewImportBatch(batch: importing.ImportBatch) {
    return this.engine.read((s) => importing.importBatch(s, batch, new Date().toISOString()).result);
  }

  addMessage(input: NewContactMessage) {
    return this.write((s, now) => messages.addMessage(s, input, now));
  }
  /** Newest first. */
  listMessages() {
    return this.engine.read((s) => s.messages.slice());
  }
  getMessage(id: number) {
    return this.engine.read((s) => s.messages.find((m) => m.id === id));
  }
  /** Throws NotFoundError for a missing id. */
  updateMessage(id: number, patch: MessagePatch) {
    return this.write((s) => messages.updateMessage(s, id, patch));
  }
  /** Throws NotFoundError for a missing id; answers the removed message. */
  deleteMessage(id: number) {
    return this.write((s) => messages.deleteMessage(s, id));
  }

  getSettings() {
    return this.engine.read((s) => settings.settingsOf(s));
  }
  updateSettings(patch: Partial<Settings>) {
    return this.write((s) => settings.updateSettings(s, patch));
  }

  /** The site's published content and its draft (the defaults until someone saves). */
  getSite() {
    return this.engine.read((s) => site.siteOf(s));
  }
  /** Replaces the draft with content the caller has validated (src/shared/site-content.ts). */
  saveSiteDraft(draft: SiteContent) {
    return this.write((s) => site.saveDraft(s, draft));
  }
  /**
   * Publishes the draft (or `content`, validated by the caller: a backup's) as a new revision by
   * `by`; ConflictError when it is what is published.
   */
  publishSite(by: site.SitePublisher, content?: SiteContent) {
    return this.write((s, now) => site.publishSite(s, by, now, content));
  }
  /** Publishes an older revision's content again, as a new revision; NotFoundError for a missing id. */
  restoreSiteRevision(id: number, by: site.SitePublisher) {
    return this.write((s, now) => site.restoreSiteRevision(s, id, by, now));
  }
  /** Every published revision, newest first. */
  listSiteRevisions() {
    return this.engine.read((s) => site.siteRevisionsOf(s));
  }

  /** Newsletter readers, oldest first (docs/decisions/245-newsletter-double-opt-in.md). */
  listSubscribers() {
    return this.engine.read((s) => (s.data.subscribers ?? []).slice());
  }
  getSubscriber(id: number) {
    return this.engine.read((s) => (s.data.subscribers ?? []).find((r) => r.id === id));
  }
  subscribe(input: { email: string; name?: string; page?: string }, gapMs: number) {
    return this.write((s, now) => newsletter.addSubscriber(s, input, now, gapMs));
  }
  confirmSubscriber(id: number) {
    return this.write((s, now) => newsletter.confirmSubscriber(s, id, now));
  }
  unsubscribeReader(id: number) {
    return this.write((s, now) => newsletter.unsubscribe(s, id, now));
  }
  /** Each post's newsletter send, oldest first. */
  listNewsletterSends() {
    return this.engine.read((s) => (s.data.newsletterSends ?? []).slice());
  }
  getNewsletterSend(id: number) {
    return this.engine.read((s) => (s.data.newsletterSends ?? []).find((r) => r.id === id));
  }
  queueNewsletterSend(postId: number) {
    return this.write((s, now) => newsletter.queueSend(s, postId, now));
  }
  /** A post's entries of the send ledger (docs/decisions/246-newsletter-send-ledger.md). */
  listNewsletterDeliveries(postId: number) {
    return this.engine.read((s) => (s.data.newsletterDeliveries ?? []).filter((d) => d.postId === postId));
  }
  claimNewsletterDelivery(send: NewsletterSend, expected: newsletter.Expected) {
    return this.write((s, now) => newsletter.claimDelivery(s, send, expected, now));
  }
  recordNewsletterDelivery(id: number, outcome: newsletter.DeliveryOutcome) {
    return this.write((s, now) => newsletter.recordDelivery(s, id, outcome, now));
  }
  finishNewsletterSend(id: number) {
    return this.write((s, now) => newsletter.finishSend(s, id, now));
  }
  /** Each post's ledger entries that are `sent` and `failed`, by post id (the Posts list's line). */
  newsletterDeliveryCounts() {
    return this.engine.read((s) => {
      const counts = new Map<number, { sent: number; failed: number }>();
      for (const d of s.data.newsletterDeliveries ?? []) {
        if (d.state !== "sent" && d.state !== "failed") continue;
        const post = counts.get(d.postId) ?? { sent: 0, failed: 0 };
        post[d.state] += 1;
        counts.set(d.postId, post);
      }
      return counts;
    });
  }
  /** An import of readers, in one write or none (docs/decisions/261-subscribers-imported-with-their-consent.md). */
  importSubscribers(
    rows: readonly subscribers.ImportedReader[],
    note: string,
    log?: (report: ReturnType<typeof subscribers.importSubscribers>["result"]) => ActivityEntry | undefined,
  ) {
    return this.write(withActivity((s, now) => subscribers.importSubscribers(s, rows, note, now), log));
  }
  /** Erases a reader and its ledger entries; NotFoundError for an unknown id. */
  deleteSubscriber(
    id: number,
    log?: (deleted: { subscriber: Subscriber; deliveries: number }) => ActivityEntry | undefined,
  ) {
    return this.write(withActivity((s) => subscribers.deleteSubscriber(s, id), log));
  }
}

/** A write with the newsletter sends its publishes call for, committed with it (newsletter-changes.ts). */
function withNewsletterSends<R>(
  change: (snap: Snapshot, now: string) => Change<R>,
  queued: () => void,
): (snap: Snapshot, now: string) => Change<R> {
  return (snap, now) => {
    const made = change(snap, now);
    if (!made.next) return made;
    const next = newsletter.sendsForPublished(snap, made.next, now);
    if (next === made.next) return made;
    queued();
    return { ...made, next };
  };
}

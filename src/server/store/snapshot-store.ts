import { withActivity, type Change } from "./change";
import { lowerName, type Snapshot } from "./db-snapshot";
import { describeChange } from "./describe-change";
import { revisionsOf } from "~/server/revisions/revision-changes";
import * as messages from "~/server/contact/message-changes";
import * as posts from "~/server/posts/post-changes";
import * as trash from "~/server/posts/post-trash";
import type { SaveOrigin } from "~/server/posts/post-revisions";
import * as settings from "~/server/contact/settings-changes";
import * as site from "~/server/site/site-changes";
import type { SiteContent } from "~/shared/site-content";
import * as users from "~/server/users/user-changes";
import * as tagChanges from "~/server/tags/tag-changes";
import type {
  Actor,
  ChangeKind,
  LogsActivity,
  ContentChange,
  MessagePatch,
  NewContactMessage,
  Post,
  PostInput,
  AddressTakeOver,
  SavedPost,
  Settings,
  User,
  UserPatch,
} from "./types";

/**
 * The Store's reads and writes as queries and change functions on a snapshot, shared by the JSON
 * store and the PostgreSQL store (docs/decisions/040-postgres-store-mirrors-the-records.md): each store says
 * only how it reads its committed snapshot and how it commits a change.
 */
export abstract class SnapshotStore {
  /** Answers a query on the last committed snapshot. */
  protected abstract read<T>(query: (snap: Snapshot) => T): Promise<T>;
  /** Commits a change function's next data, or throws its typed error with nothing written. */
  protected abstract write<R>(change: (snap: Snapshot, now: string) => Change<R>): Promise<R>;

  private readonly listeners = new Set<(kind: ChangeKind, content: ContentChange) => void>();

  onChange(listener: (kind: ChangeKind, content: ContentChange) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Tells every listener of a committed change, from the snapshot before it to the one after. */
  protected emit(kinds: Iterable<ChangeKind>, before: Snapshot, after: Snapshot) {
    const list = [...kinds];
    if (list.length === 0) return;
    const content = describeChange(before, after);
    for (const kind of list) this.tell(kind, content);
  }

  private tell(kind: ChangeKind, content: ContentChange) {
    for (const listener of this.listeners) {
      try {
        listener(kind, content);
      } catch (error) {
        // The write is committed already; a failing listener must not turn it into a reported failure.
        console.error(`A store change listener failed on "${kind}":`, error);
      }
    }
  }

  protected clearListeners() {
    this.listeners.clear();
  }

  listPosts(options: { publishedOnly?: boolean } = {}) {
    return this.read((s) => (options.publishedOnly ? s.published : s.data.posts).slice());
  }
  /**
   * One process holds a data folder, so its committed posts are the current ones; a post written
   * in this process while the job awaits is not held back (docs/decisions/086-writes-decided-under-the-lock.md).
   */
  withPostsSettled<T>(job: (posts: readonly Post[]) => Promise<T>): Promise<T> {
    return this.read((s) => s.data.posts).then(job);
  }
  publishedPosts() {
    return this.read((s) => s.published);
  }
  getPostById(id: number) {
    return this.read((s) => s.postsById.get(id));
  }
  getPostBySlug(slug: string) {
    return this.read((s) => s.postsBySlug.get(slug));
  }
  createPost(input: PostInput & AddressTakeOver, options: SaveOrigin & LogsActivity<Post> = {}) {
    const { activity, ...save } = options;
    return this.write(withActivity((s, now) => posts.createPost(s, input, now, save), activity));
  }
  updatePost(
    id: number,
    changes: posts.PostChanges,
    options: { ifUpdatedAt?: string } & SaveOrigin & LogsActivity<Post> = {},
  ) {
    const { ifUpdatedAt, activity, ...save } = options;
    return this.write(withActivity((s, now) => posts.updatePost(s, id, changes, now, ifUpdatedAt, save), activity));
  }
  deletePost(id: number, by?: Actor, options: LogsActivity<Post> = {}) {
    return this.write(withActivity((s, now) => posts.deletePost(s, id, now, by), options.activity));
  }
  deletePosts(ids: number[], by?: Actor) {
    return this.write((s, now) => posts.trashPosts(s, ids, now, by));
  }
  restorePosts(given: SavedPost[], history: posts.RestoredHistory = {}) {
    return this.write((s, now) => posts.restorePosts(s, given, now, history));
  }

  listRevisions(subject: string, subjectId: number) {
    return this.read((s) => revisionsOf(s.data, subject, subjectId).reverse());
  }
  revisionsOfSubject(subject: string) {
    return this.read((s) => (s.data.revisions ?? []).filter((r) => r.subject === subject));
  }
  /** By the time each was deleted, then by id: the same order whatever order the store keeps them in. */
  listTrash() {
    return this.read((s) =>
      (s.data.trash ?? []).slice().sort((a, b) => Date.parse(a.deletedAt) - Date.parse(b.deletedAt) || a.id - b.id),
    );
  }
  restoreFromTrash(id: number) {
    return this.write((s) => trash.restoreFromTrash(s, id));
  }
  deleteForGood(id: number) {
    return this.write((s) => trash.deleteForGood(s, id));
  }
  sweepHistory(policy: trash.HistoryPolicy) {
    return this.write((s, now) => trash.sweepHistory(s, policy, now));
  }
  resolvePostRedirect(slug: string) {
    return this.read((s) => trash.resolvePostRedirect(s, slug));
  }
  listPostRedirects() {
    return this.read((s) => (s.data.postRedirects ?? []).slice());
  }

  listTags() {
    return this.read((s) => s.tags.slice());
  }
  createTag(input: { name: string; slug: string }) {
    return this.write((s) => tagChanges.createTag(s, input));
  }
  renameTag(id: number, input: { name: string; slug: string }) {
    return this.write((s) => tagChanges.renameTag(s, id, input));
  }
  mergeTags(fromId: number, intoId: number) {
    return this.write((s) => tagChanges.mergeTags(s, fromId, intoId));
  }
  deleteTag(id: number) {
    return this.write((s) => tagChanges.deleteTag(s, id));
  }
  resolveTagRedirect(slug: string) {
    return this.read((s) => tagChanges.resolveTagRedirect(s, slug));
  }

  listUsers() {
    return this.read((s) => s.data.users.slice().sort((a, b) => a.id - b.id));
  }
  countUsers() {
    return this.read((s) => s.data.users.length);
  }
  getUserById(id: number) {
    return this.read((s) => s.usersById.get(id));
  }
  getUserByUsername(username: string) {
    return this.read((s) => s.usersByName.get(lowerName(username)));
  }
  createUser(input: Omit<User, "id" | "createdAt">) {
    return this.write((s, now) => users.createUser(s, input, now));
  }
  updateUser(id: number, patch: UserPatch | ((current: User) => UserPatch)) {
    return this.write((s) => users.updateUser(s, id, patch));
  }
  deleteUser(id: number) {
    return this.write((s) => users.deleteUser(s, id));
  }

  addMessage(input: NewContactMessage) {
    return this.write((s, now) => messages.addMessage(s, input, now));
  }
  listMessages() {
    return this.read((s) => s.messages.slice());
  }
  getMessage(id: number) {
    return this.read((s) => s.messages.find((m) => m.id === id));
  }
  updateMessage(id: number, patch: MessagePatch) {
    return this.write((s) => messages.updateMessage(s, id, patch));
  }
  deleteMessage(id: number) {
    return this.write((s) => messages.deleteMessage(s, id));
  }

  getSettings() {
    return this.read((s) => settings.settingsOf(s));
  }
  updateSettings(patch: Partial<Settings>) {
    return this.write((s) => settings.updateSettings(s, patch));
  }

  getSite() {
    return this.read((s) => site.siteOf(s));
  }
  saveSiteDraft(draft: SiteContent) {
    return this.write((s) => site.saveDraft(s, draft));
  }
  publishSite(by: string, content?: SiteContent) {
    return this.write((s, now) => site.publishSite(s, by, now, content));
  }
  restoreSiteRevision(id: number, by: string) {
    return this.write((s, now) => site.restoreSiteRevision(s, id, by, now));
  }
  listSiteRevisions() {
    return this.read((s) => site.siteRevisionsOf(s));
  }
}

import { API_TOKEN_MESSAGES } from "~/shared/api-tokens";
import { WEBHOOK_MESSAGES } from "~/shared/webhooks";
import { REDIRECT_MESSAGES } from "~/shared/redirects";
import { ACCOUNT_LINK_MESSAGES } from "~/shared/account-links";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConflictError, NotFoundError, ValidationError } from "~/server/http/errors";
import { STORE_CLOSED_MESSAGE } from "~/server/store/json-store";
import { postSlugTakenMessage, tagNameInvalidMessage } from "~/server/posts/post-changes";
import { postNotFoundMessage } from "~/server/posts/post-lifecycle";
import { tagSlugTakenMessage } from "~/server/tags/tag-changes";
import { usernameTakenMessage } from "~/server/users/user-changes";
import type { Post } from "~/server/store/types";
import { REVISION_MESSAGES } from "~/shared/revisions";
import { PAGE_MESSAGES, PAGE_SUBJECT } from "~/shared/pages";
import { SUBSCRIBERS_MESSAGES } from "~/shared/subscribers";
import { makePostInput } from "../helpers/factories";
import type { Store } from "~/server/records/store";

/**
 * What every Store does, whatever keeps its data: run by tests/unit/store.test.ts on the data
 * folder's store and by tests/pg/pg-store.test.ts on PostgreSQL's, so both answer alike.
 */
export type StoreFactory = {
  /** An empty store, without sample posts. `reopen` opens the same storage again once it is closed. */
  open(): Promise<{ store: Store; reopen: () => Promise<Store> }>;
};

/** The error's class and exact message: the API layer shows the message to people. */
export async function expectRejection(
  promise: Promise<unknown>,
  type: new (...args: never[]) => Error,
  message?: string,
) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  if (message !== undefined) expect((error as Error).message).toBe(message);
}

export const storedPost = (id: number, createdAt: string, published = true): Post => ({
  id,
  title: `Post ${id}`,
  slug: `post-${id}`,
  summary: "A summary.",
  content: "<p>Body</p>",
  published,
  createdAt,
  updatedAt: createdAt,
  tags: [],
});

export function storeContract(name: string, factory: StoreFactory) {
  const open: Store[] = [];
  async function emptyStore() {
    const { store } = await factory.open();
    open.push(store);
    return store;
  }
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(open.splice(0).map((s) => s.close()));
  });

  describe(`${name}: posts`, () => {
    it("lists newest first by createdAt, then id, and can leave out drafts", async () => {
      const store = await emptyStore();
      await store.restorePosts([
        storedPost(1, "2026-01-01T00:00:00.000Z"),
        storedPost(2, "2026-03-01T00:00:00.000Z", false),
        storedPost(3, "2026-02-01T00:00:00.000Z"),
        storedPost(4, "2026-01-01T00:00:00.000Z"),
      ]);
      expect((await store.listPosts()).map((p) => p.id)).toEqual([2, 3, 4, 1]);
      expect((await store.listPosts({ publishedOnly: true })).map((p) => p.id)).toEqual([3, 4, 1]);
    });

    it("creates, finds, updates and deletes, with typed errors", async () => {
      const store = await emptyStore();
      const created = await store.createPost(
        makePostInput({ slug: "hello-queues", coverImage: "https://x.test/a.png" }),
      );
      expect(created).toMatchObject({ id: 1, slug: "hello-queues", coverImage: "https://x.test/a.png" });
      expect(created.createdAt).toBe(created.updatedAt);
      expect(await store.getPostBySlug("hello-queues")).toEqual(created);

      await expectRejection(
        store.createPost(makePostInput({ slug: "hello-queues" })),
        ConflictError,
        postSlugTakenMessage("hello-queues"),
      );
      const other = await store.createPost(makePostInput());
      expect(other.id).toBe(2);
      await expectRejection(store.updatePost(other.id, { slug: "hello-queues" }), ConflictError);

      // A minute later by the clock (only Date is faked; the writes run as usual).
      const later = new Date(Date.parse(created.updatedAt) + 60_000);
      vi.useFakeTimers({ toFake: ["Date"], now: later });
      const updated = await store.updatePost(created.id, {
        title: "Renamed",
        coverImage: "",
        slug: "hello-queues",
      });
      expect(updated).toMatchObject({
        title: "Renamed",
        createdAt: created.createdAt,
        summary: created.summary,
      });
      expect(updated).not.toHaveProperty("coverImage");
      expect(updated.updatedAt).toBe(later.toISOString());

      await expectRejection(store.updatePost(999, { title: "Nope" }), NotFoundError, postNotFoundMessage(999));
      await expectRejection(store.deletePost(999), NotFoundError, postNotFoundMessage(999));
      expect(await store.deletePost(created.id)).toEqual(updated);
      expect(await store.getPostById(created.id)).toBeUndefined();
      expect(await store.getPostBySlug("hello-queues")).toBeUndefined();
    });

    it("never hands out a deleted post's id again", async () => {
      const store = await emptyStore();
      const first = await store.createPost(makePostInput());
      const second = await store.createPost(makePostInput());
      await store.deletePost(second.id);
      expect((await store.createPost(makePostInput())).id).toBe(second.id + 1);
      expect((await store.listPosts()).map((p) => p.id).sort()).toEqual([first.id, second.id + 1]);
    });

    it("gives a post another post's old address only when the save confirms it, deciding inside the write", async () => {
      const store = await emptyStore();
      const moved = await store.createPost(makePostInput({ slug: "old-address", published: true }));
      await store.updatePost(moved.id, { slug: "new-address" });
      const draft = await store.createPost(makePostInput({ slug: "a-draft", published: false }));
      for (const [write, message] of [
        [() => store.createPost(makePostInput({ slug: "old-address" })), REVISION_MESSAGES.slugRedirected],
        [
          () => store.createPost({ ...makePostInput({ slug: "old-address" }), takeOverAddress: "not-allowed" }),
          REVISION_MESSAGES.slugRedirectedNoRight,
        ],
        [() => store.updatePost(draft.id, { slug: "old-address" }), REVISION_MESSAGES.slugRedirected],
        [
          () => store.updatePost(draft.id, { slug: "old-address", takeOverAddress: "not-allowed" }),
          REVISION_MESSAGES.slugRedirectedNoRight,
        ],
      ] as const) {
        await expectRejection(write(), ConflictError, message("old-address"));
      }
      expect(await store.listPostRedirects()).toEqual([{ from: "old-address", to: moved.id }]);
      // The post the address leads to may take it back unasked; any other needs a confirmed save.
      await store.updatePost(moved.id, { slug: "old-address" });
      await store.updatePost(moved.id, { slug: "new-address" });
      const taken = await store.updatePost(draft.id, { slug: "old-address", takeOverAddress: "confirmed" });
      expect(taken).not.toHaveProperty("takeOverAddress");
      expect(await store.listPostRedirects()).toEqual([]);
    });

    it("matches tag names to tags by slug and creates new ones once", async () => {
      const store = await emptyStore();
      const first = await store.createPost(makePostInput({ tags: ["Retail", " retail ", "Wait Times!"] }));
      expect(first.tags).toEqual([
        { id: 1, name: "Retail", slug: "retail" },
        { id: 2, name: "Wait Times!", slug: "wait-times" },
      ]);
      const second = await store.createPost(makePostInput({ tags: ["wait times", "Café"] }));
      expect(second.tags.map((t) => [t.id, t.slug])).toEqual([
        [2, "wait-times"],
        [3, "cafe"],
      ]);
      expect((await store.listTags()).map((t) => t.name)).toEqual(["Café", "Retail", "Wait Times!"]);
      await expectRejection(
        store.createTag({ name: "Retail again", slug: "retail" }),
        ConflictError,
        tagSlugTakenMessage("retail"),
      );
      expect(await store.createTag({ name: "Banks", slug: "banks" })).toEqual({
        id: 4,
        name: "Banks",
        slug: "banks",
      });
    });

    it("refuses a tag name without a letter or digit, and writes nothing", async () => {
      const store = await emptyStore();
      await expectRejection(
        store.createPost(makePostInput({ tags: ["Fine", "!!"] })),
        ValidationError,
        tagNameInvalidMessage("!!"),
      );
      expect(await store.listPosts()).toEqual([]);
      expect(await store.listTags()).toEqual([]);
    });

    it("answers frozen records, in arrays the caller may reorder", async () => {
      const store = await emptyStore();
      await store.createPost(makePostInput({ tags: ["Retail"] }));
      const list = await store.listPosts();
      expect(Object.isFrozen(list[0])).toBe(true);
      expect(Object.isFrozen(list[0]!.tags[0])).toBe(true);
      expect(() => {
        (list[0] as Post).title = "changed";
      }).toThrow(TypeError);
      list.reverse().push(list[0]!);
      expect(await store.listPosts()).toHaveLength(1);
    });

    it("deletes many posts at once, answering those that existed", async () => {
      const store = await emptyStore();
      const [a, b, c] = [
        await store.createPost(makePostInput()),
        await store.createPost(makePostInput()),
        await store.createPost(makePostInput()),
      ];
      const removed = await store.deletePosts([a.id, c.id, 999]);
      expect(removed.map((p) => p.id).sort()).toEqual([a.id, c.id]);
      expect((await store.listPosts()).map((p) => p.id)).toEqual([b.id]);
      expect(await store.deletePosts([999])).toEqual([]);
    });
  });

  describe(`${name}: restore`, () => {
    it("adds only missing posts, with their ids, dates, unknown fields and lost tags", async () => {
      const store = await emptyStore();
      const kept = await store.createPost(makePostInput({ slug: "taken-slug", tags: ["Retail"] }));
      const old = {
        ...storedPost(40, "2020-05-01"),
        excerpt: "From an older release.",
        legacyField: { nested: [1, "two"] },
        tags: [
          { id: 1, name: "Retail", slug: "retail" },
          { id: 7, name: "Airports", slug: "airports" },
        ],
      } as Post;
      const result = await store.restorePosts([
        old,
        { ...storedPost(kept.id, "2021-01-01T00:00:00.000Z"), slug: "other" },
        { ...storedPost(41, "2021-01-01T00:00:00.000Z"), slug: "taken-slug" },
      ]);
      expect(result).toEqual({ restored: [40], skipped: [kept.id, 41] });
      // Every field as it was saved, and the public date an older release's published post reads as.
      expect(await store.getPostById(40)).toEqual({ ...old, publishedAt: old.createdAt });
      expect(await store.getPostById(kept.id)).toEqual(kept);
      expect((await store.listTags()).map((t) => [t.id, t.slug])).toEqual([
        [7, "airports"],
        [1, "retail"],
      ]);
      // Ids stay above every restored one.
      expect((await store.createPost(makePostInput())).id).toBe(41);
      expect((await store.createTag({ name: "Banks", slug: "banks" })).id).toBe(8);
    });
  });

  describe(`${name}: a post's search and social settings`, () => {
    it("keeps them across a reopen, and removes those sent empty", async () => {
      const { store, reopen } = await factory.open();
      const settings = {
        metaTitle: "Shorter queues",
        metaDescription: "How a pharmacy cut its wait.",
        socialImage: `/media/${"b".repeat(64)}.png`,
        canonicalUrl: "https://elsewhere.example/post",
        noindex: true,
        coverFocus: "50% 25%",
      };
      const created = await store.createPost(makePostInput(settings));
      expect(created).toMatchObject(settings);
      const cleared = await store.updatePost(created.id, { metaTitle: "", socialImage: "", noindex: false });
      expect(cleared).not.toHaveProperty("metaTitle");
      expect(cleared).not.toHaveProperty("socialImage");
      expect(cleared).not.toHaveProperty("noindex");
      expect(cleared).toMatchObject({
        metaDescription: settings.metaDescription,
        canonicalUrl: settings.canonicalUrl,
        coverFocus: settings.coverFocus,
      });
      await store.close();
      const reopened = await reopen();
      open.push(reopened);
      expect(await reopened.getPostById(created.id)).toEqual(cleared);
    });
  });

  describe(`${name}: a post's schedule`, () => {
    it("keeps the time and who set it across a reopen; null clears it; publishing ends it, marking a late one", async () => {
      const { store, reopen } = await factory.open();
      const by = { id: 7, username: "scheduler" };
      const publishAt = "2031-05-01T07:30:00.000Z";
      const created = await store.createPost(makePostInput({ published: false, publishAt }), { by });
      expect(created).toMatchObject({ publishAt, scheduledBy: by.id });
      const cleared = await store.updatePost(created.id, { publishAt: null });
      expect(cleared).not.toHaveProperty("publishAt");
      expect(cleared).not.toHaveProperty("scheduledBy");

      // A time already past, as after a server that was down: publishing it is late.
      const planned = "2020-01-01T00:00:00.000Z";
      const due = await store.createPost(makePostInput({ published: false, publishAt: planned }), { by });
      const published = await store.updatePost(due.id, { published: true }, { by });
      expect(published).not.toHaveProperty("publishAt");
      expect(published.publishedLate).toEqual({ planned, published: published.updatedAt });
      await store.close();
      const reopened = await reopen();
      open.push(reopened);
      expect(await reopened.getPostById(created.id)).toEqual(cleared);
      expect(await reopened.getPostById(due.id)).toEqual(published);
      const unpublished = await reopened.updatePost(due.id, { published: false });
      expect(unpublished).not.toHaveProperty("publishedLate");
    });
  });

  describe(`${name}: the newsletter`, () => {
    it("keeps readers, a post's send and its ledger across a reopen; a claim succeeds once per reader", async () => {
      const { store, reopen } = await factory.open();
      const { subscriber, confirm } = await store.subscribe({ email: "Ada@Example.com", name: "Ada" }, 60_000);
      expect(confirm).toBe(true);
      expect((await store.subscribe({ email: "ada@example.com" }, 60_000)).confirm).toBe(false);
      expect(await store.confirmSubscriber(subscriber.id)).toMatchObject({ newly: true });
      const post = await store.createPost(makePostInput());
      const send = await store.queueNewsletterSend(post.id);
      const claimed = await store.claimNewsletterDelivery(send, { subscriberId: subscriber.id });
      expect(claimed).toMatchObject({ state: "sending", subscriberId: subscriber.id, postId: post.id });
      // A second claim of the same reader, as another instance would make it, gets nothing.
      expect(await store.claimNewsletterDelivery(send, { subscriberId: subscriber.id })).toBeUndefined();
      await store.recordNewsletterDelivery(claimed!.id, { state: "sent" });
      await store.close();
      const reopened = await reopen();
      open.push(reopened);
      expect(await reopened.listSubscribers()).toEqual([
        expect.objectContaining({ email: "Ada@Example.com", name: "Ada", status: "confirmed" }),
      ]);
      expect(await reopened.listNewsletterSends()).toEqual([send]);
      expect(await reopened.listNewsletterDeliveries(post.id)).toEqual([
        expect.objectContaining({ id: claimed!.id, state: "sent" }),
      ]);
      expect(await reopened.unsubscribeReader(subscriber.id)).toMatchObject({ status: "unsubscribed" });
    });

    it("imports readers with their consent note in one write, and a deletion takes the reader's ledger entries", async () => {
      const { store, reopen } = await factory.open();
      const { subscriber: pending } = await store.subscribe({ email: "bob@example.com" }, 60_000);
      const report = await store.importSubscribers(
        [{ email: "ada@example.com", name: "Ada" }, { email: "BOB@example.com" }],
        "Trade fair sign-up sheet",
      );
      expect(report).toEqual({ added: 1, confirmed: 1, unchanged: 0, skipped: 0 });
      const post = await store.createPost(makePostInput());
      const send = await store.queueNewsletterSend(post.id);
      const entry = await store.claimNewsletterDelivery(send, { subscriberId: pending.id });
      await store.close();
      const reopened = await reopen();
      open.push(reopened);
      const readers = await reopened.listSubscribers();
      expect(readers).toEqual([
        expect.objectContaining({
          email: "bob@example.com",
          status: "confirmed",
          consentNote: "Trade fair sign-up sheet",
        }),
        expect.objectContaining({
          email: "ada@example.com",
          name: "Ada",
          status: "confirmed",
          importedAt: expect.any(String),
        }),
      ]);
      expect(await reopened.deleteSubscriber(pending.id)).toMatchObject({ deliveries: 1 });
      expect(await reopened.listNewsletterDeliveries(post.id)).toEqual([]);
      expect((await reopened.listSubscribers()).map((s) => s.email)).toEqual(["ada@example.com"]);
      expect(entry?.subscriberId).toBe(pending.id);
      await expectRejection(
        reopened.deleteSubscriber(pending.id),
        NotFoundError,
        SUBSCRIBERS_MESSAGES.notFound(pending.id),
      );
    });
  });

  describe(`${name}: a post's preview links`, () => {
    it("revoking raises previewGeneration without saving the post, and it is kept across a reopen", async () => {
      const { store, reopen } = await factory.open();
      const created = await store.createPost(makePostInput({ published: false }));
      expect(created).not.toHaveProperty("previewGeneration");
      await store.revokePreviewLinks(created.id);
      const revoked = await store.revokePreviewLinks(created.id);
      expect(revoked).toEqual({ ...created, previewGeneration: 2 });
      expect(await store.listRevisions("post", created.id)).toHaveLength(1);
      await expectRejection(store.revokePreviewLinks(999_999), NotFoundError, postNotFoundMessage(999_999));
      await store.close();
      const reopened = await reopen();
      open.push(reopened);
      expect(await reopened.getPostById(created.id)).toEqual(revoked);
    });
  });

  describe(`${name}: a post's public date`, () => {
    it("is set by the first publish, kept over an unpublish and a republish and across a reopen, reset by publishAsNew", async () => {
      const { store, reopen } = await factory.open();
      const draft = await store.createPost(makePostInput({ published: false }));
      expect(draft).not.toHaveProperty("publishedAt");
      const published = await store.updatePost(draft.id, { published: true });
      expect(published.publishedAt).toBe(published.updatedAt);
      expect(published.createdAt).toBe(draft.createdAt);
      const unpublished = await store.updatePost(draft.id, { published: false });
      expect(unpublished.publishedAt).toBe(published.publishedAt);
      const republished = await store.updatePost(draft.id, { published: true });
      expect(republished.publishedAt).toBe(published.publishedAt);
      await store.updatePost(draft.id, { published: false });
      const asNew = await store.updatePost(draft.id, { published: true, publishAsNew: true });
      expect(asNew.publishedAt).toBe(asNew.updatedAt);
      expect(asNew).not.toHaveProperty("publishAsNew");
      const createdPublic = await store.createPost(makePostInput({ published: true }));
      expect(createdPublic.publishedAt).toBe(createdPublic.createdAt);
      await store.close();
      const reopened = await reopen();
      open.push(reopened);
      expect(await reopened.getPostById(draft.id)).toEqual(asNew);
      expect(await reopened.getPostById(createdPublic.id)).toEqual(createdPublic);
    });

    it("orders the published list by it, the full list by createdAt; an older post without it reads createdAt", async () => {
      const store = await emptyStore();
      const dated = (post: Post, publishedAt: string): Post => ({ ...post, publishedAt });
      await store.restorePosts([
        dated(storedPost(1, "2026-01-01T00:00:00.000Z"), "2026-05-01T00:00:00.000Z"),
        dated(storedPost(2, "2026-03-01T00:00:00.000Z"), "2026-03-01T00:00:00.000Z"),
        // From a release before publishedAt: published when it was created, as far as anyone knows.
        storedPost(3, "2026-04-01T00:00:00.000Z"),
        storedPost(4, "2026-06-01T00:00:00.000Z", false),
      ]);
      expect((await store.listPosts()).map((p) => p.id)).toEqual([4, 3, 2, 1]);
      expect((await store.listPosts({ publishedOnly: true })).map((p) => p.id)).toEqual([1, 3, 2]);
      expect((await store.publishedPosts()).map((p) => p.id)).toEqual([1, 3, 2]);
      expect((await store.getPostById(3))!.publishedAt).toBe("2026-04-01T00:00:00.000Z");
      expect(await store.getPostById(4)).not.toHaveProperty("publishedAt");
      // Published later than every other, it moves to the top of the published list only.
      const now = await store.updatePost(4, { published: true });
      expect((await store.listPosts({ publishedOnly: true })).map((p) => p.id)).toEqual([4, 1, 3, 2]);
      expect((await store.listPosts()).map((p) => p.id)).toEqual([4, 3, 2, 1]);
      expect(now.publishedAt).toBe(now.updatedAt);
      // An edit that moves no date leaves the order; the patched index and a rebuild agree.
      await store.updatePost(1, { title: "Post 1, edited" });
      expect((await store.listPosts({ publishedOnly: true })).map((p) => p.id)).toEqual([4, 1, 3, 2]);
    });
  });

  describe(`${name}: users and messages`, () => {
    it("keeps usernames unique regardless of case", async () => {
      const store = await emptyStore();
      const admin = await store.createUser({
        username: "Admin",
        role: "admin",
        passwordHash: "scrypt$1$2$3$salt$hash",
      });
      expect(admin).toMatchObject({ id: 1, username: "Admin", role: "admin" });
      await expectRejection(
        store.createUser({ username: "admin", role: "writer", passwordHash: "scrypt$1$2$3$salt$hash" }),
        ConflictError,
        usernameTakenMessage("admin"),
      );
      expect(await store.getUserByUsername("ADMIN")).toEqual(admin);
      expect(await store.getUserById(1)).toEqual(admin);
      expect(await store.countUsers()).toBe(1);
    });

    it("appends messages with an id and a time, newest first", async () => {
      const store = await emptyStore();
      const input = { name: "Ada", email: "ada@example.com", message: "Hello there, queues!", ip: "127.0.0.1" };
      const first = await store.addMessage(input);
      const second = await store.addMessage({ ...input, company: "Acme" });
      expect(first).toMatchObject({ id: 1, ...input });
      expect(first).not.toHaveProperty("company");
      expect(second.company).toBe("Acme");
      expect(Number.isNaN(Date.parse(first.createdAt))).toBe(false);
      expect((await store.listMessages()).map((m) => m.id)).toEqual([second.id, first.id]);
    });
  });

  describe(`${name}: API tokens`, () => {
    it("adds, finds by hash, records the last use and revokes, never reusing an id, across a reopen", async () => {
      const { store, reopen } = await factory.open();
      const input = { userId: 7, name: "CI", scopes: ["content:read" as const], tokenHash: "a".repeat(64) };
      const first = await store.addApiToken(input);
      const second = await store.addApiToken({
        ...input,
        tokenHash: "b".repeat(64),
        expiresAt: "2030-01-01T00:00:00.000Z",
      });
      expect(first).toMatchObject({ id: 1, ...input });
      expect(second.id).toBe(2);
      expect((await store.findApiToken("b".repeat(64)))?.id).toBe(2);
      const touched = await store.touchApiToken(1, "2026-11-29T01:00:00.000Z");
      expect(touched?.lastUsedAt).toBe("2026-11-29T01:00:00.000Z");
      await expectRejection(store.revokeApiToken(8, 2), NotFoundError, API_TOKEN_MESSAGES.notFound(2));
      await store.revokeApiToken(7, 2);
      expect(await store.findApiToken("b".repeat(64))).toBeUndefined();
      expect(await store.touchApiToken(2, "2026-11-29T01:00:00.000Z")).toBeUndefined();
      await store.close();
      const reopened = await reopen();
      open.push(reopened);
      expect(await reopened.listApiTokens(7)).toEqual([touched]);
      expect((await reopened.addApiToken({ ...input, tokenHash: "c".repeat(64) })).id).toBe(3);
    });
  });

  describe(`${name}: webhooks`, () => {
    it("writes a publish's deliveries with it, records attempts, removes an endpoint's with it, never reusing an id, across a reopen", async () => {
      const { store, reopen } = await factory.open();
      const hook = await store.addWebhook({
        url: "https://hooks.example.com/a",
        events: ["post.published"],
        secret: "s".repeat(20),
      });
      const quiet = await store.addWebhook({
        url: "https://hooks.example.com/b",
        events: ["post.deleted"],
        secret: "t".repeat(20),
      });
      expect([hook.id, quiet.id]).toEqual([1, 2]);
      let told = 0;
      store.onWebhookDeliveries(() => told++);
      const draft = await store.createPost(makePostInput({ published: false }));
      expect(await store.pendingWebhookDeliveries()).toEqual([]);
      await store.updatePost(draft.id, { published: true });
      expect(told).toBe(1);
      const [delivery] = await store.listWebhookDeliveries(hook.id);
      expect(delivery).toMatchObject({
        event: "post.published",
        state: "pending",
        attempts: 0,
        payload: { post: { id: draft.id } },
      });
      expect(await store.pendingWebhookDeliveries()).toEqual([delivery!.id]);
      expect(await store.listWebhookDeliveries(quiet.id)).toEqual([]);
      const at = "2026-11-29T01:00:00.000Z";
      await store.recordWebhookAttempt(delivery!.id, {
        state: "pending",
        lastAttemptAt: at,
        responseCode: 500,
        nextAttemptAt: at,
      });
      const delivered = await store.recordWebhookAttempt(delivery!.id, {
        state: "delivered",
        lastAttemptAt: at,
        responseCode: 200,
      });
      expect(delivered).toMatchObject({ state: "delivered", attempts: 2, responseCode: 200 });
      expect(delivered?.nextAttemptAt).toBeUndefined();
      expect(await store.pendingWebhookDeliveries()).toEqual([]);
      // CONTACT_WEBHOOK_URL is for a site that never had an endpoint.
      expect(await store.addContactWebhook("https://hooks.example.com/c", "u".repeat(20))).toBeUndefined();
      await store.removeWebhook(hook.id);
      await expectRejection(store.removeWebhook(hook.id), NotFoundError, WEBHOOK_MESSAGES.notFound(hook.id));
      expect(await store.listWebhookDeliveries(hook.id)).toEqual([]);
      await store.close();
      const reopened = await reopen();
      open.push(reopened);
      expect((await reopened.listWebhooks()).map((w) => w.id)).toEqual([quiet.id]);
      expect(
        (
          await reopened.addWebhook({
            url: "https://hooks.example.com/d",
            events: ["post.updated"],
            secret: "v".repeat(20),
          })
        ).id,
      ).toBe(3);
    });

    it("makes CONTACT_WEBHOOK_URL the first endpoint once, and a contact message fires it", async () => {
      const store = await emptyStore();
      const adopted = await store.addContactWebhook("https://hooks.example.com/contact", "w".repeat(20));
      expect(adopted).toMatchObject({ id: 1, events: ["contact.message.received"], fromContactWebhookUrl: true });
      expect(await store.addContactWebhook("https://hooks.example.com/contact", "w".repeat(20))).toBeUndefined();
      const message = await store.addMessage({
        name: "Ada",
        email: "ada@example.com",
        message: "Hello there",
        ip: "203.0.113.9",
      });
      const [delivery] = await store.listWebhookDeliveries(1);
      expect(delivery).toMatchObject({
        event: "contact.message.received",
        payload: { type: "contact-message", message: { id: message.id, name: "Ada" } },
      });
      expect(JSON.stringify(delivery)).not.toContain("203.0.113.9");
    });
  });

  describe(`${name}: redirects and imports`, () => {
    it("keeps redirects and an import's batch across a reopen, updating by source and creating nothing twice", async () => {
      const { store, reopen } = await factory.open();
      const added = await store.addRedirect({ path: "/old", target: "/blog" });
      await expectRejection(
        store.addRedirect({ path: "/old", target: "/" }),
        ConflictError,
        REDIRECT_MESSAGES.taken("/old"),
      );
      const post = {
        source: "wordpress:1",
        title: "Imported",
        slug: "imported",
        summary: "An imported post.",
        content: "<p>Imported text</p>",
        tags: [{ name: "Retail", slug: "retail" }],
        authors: ["wordpress:author:jane"],
        state: "published" as const,
        createdAt: "2024-05-03T10:00:00.000Z",
        updatedAt: "2024-05-03T10:00:00.000Z",
        publishedAt: "2024-05-03T10:00:00.000Z",
      };
      const batch = {
        authors: [{ source: "wordpress:author:jane", username: "jane" }],
        posts: [post],
        redirects: [{ path: "/?p=1", post: "wordpress:1", source: "wordpress:1" }],
      };
      const first = await store.importBatch(batch);
      expect(first).toMatchObject({
        tagsCreated: ["retail"],
        authorsCreated: ["wordpress:author:jane"],
        redirectsAdded: 1,
      });
      await store.close();
      const reopened = await reopen();
      open.push(reopened);
      const again = await reopened.importBatch({ ...batch, posts: [{ ...post, title: "Imported, edited" }] });
      expect(again.posts.map((p) => p.action)).toEqual(["update"]);
      expect(again.authorsCreated).toEqual([]);
      const [kept] = await reopened.listPosts();
      expect(kept).toMatchObject({ title: "Imported, edited", source: "wordpress:1", published: true });
      expect((await reopened.listRedirects()).map((r) => [r.path, r.target])).toEqual([
        ["/old", "/blog"],
        ["/?p=1", "/blog/imported"],
      ]);
      expect((await reopened.removeRedirect(added.id)).path).toBe("/old");
      expect((await reopened.addRedirect({ path: "/new", target: "/" })).id).toBe(3);
    });

    it("leads an imported post's link to a page of a later batch by the run's last write, across a reopen", async () => {
      const { store, reopen } = await factory.open();
      const at = "2024-05-03T10:00:00.000Z";
      const links = [{ source: "wordpress:2", href: "/?page_id=2" }];
      const first = await store.importBatch({
        authors: [],
        posts: [
          {
            source: "wordpress:1",
            title: "Linking",
            slug: "linking",
            summary: "A post linking a page.",
            content: '<p><a href="/?page_id=2">Our blog page</a></p>',
            tags: [],
            authors: [],
            state: "published",
            createdAt: at,
            updatedAt: at,
            links,
          },
        ],
        redirects: [],
      });
      expect(first.pendingLinks).toEqual([{ source: "wordpress:1", links }]);
      // Its slug is the blog's address: the page is at /blog-2.
      const page = { id: "text", type: "richText" as const, html: "<p>The blog page</p>" };
      await store.importBatch({
        authors: [],
        posts: [],
        pages: [
          {
            source: "wordpress:2",
            title: "Blog",
            slug: "blog",
            blocks: [page],
            authors: [],
            state: "published",
            createdAt: at,
            updatedAt: at,
          },
        ],
        redirects: [],
      });
      await store.importBatch({ authors: [], posts: [], redirects: [], relink: first.pendingLinks });
      await store.close();
      const reopened = await reopen();
      open.push(reopened);
      const [kept] = await reopened.listPosts();
      expect(kept!.content).toBe('<p><a href="/blog-2">Our blog page</a></p>');
    });
  });

  describe(`${name}: invitations and email addresses`, () => {
    it("keeps addresses unique without case, spends an invitation in the write that makes its account, across a reopen", async () => {
      const { store, reopen } = await factory.open();
      const hash = "scrypt$1$2$3$salt$hash";
      const ada = await store.createUser({ username: "ada", role: "admin", passwordHash: hash });
      await store.updateUser(ada.id, {
        email: "Ada@Example.com",
        passwordReset: { tokenHash: "r".repeat(64), expiresAt: "2030-01-01T00:00:00.000Z" },
      });
      expect((await store.getUserByEmail("ada@example.COM"))?.id).toBe(ada.id);
      expect((await store.findUserByResetHash("r".repeat(64)))?.id).toBe(ada.id);
      const expiresAt = "2030-01-01T00:00:00.000Z";
      const invite = { email: "grace@example.com", role: "editor" as const, tokenHash: "i".repeat(64), expiresAt };
      await expectRejection(
        store.addInvitation({ ...invite, email: "ADA@example.com", tokenHash: "j".repeat(64) }),
        ConflictError,
        ACCOUNT_LINK_MESSAGES.emailTaken,
      );
      const made = await store.addInvitation(invite);
      expect(made).toMatchObject({ id: 1, ...invite });
      const bob = await store.createUser({ username: "bob", role: "writer", passwordHash: hash });
      await expectRejection(
        store.updateUser(bob.id, { email: "GRACE@example.com" }),
        ConflictError,
        ACCOUNT_LINK_MESSAGES.emailTaken,
      );
      const { user } = await store.acceptInvitation("i".repeat(64), { username: "grace", passwordHash: hash });
      expect(user).toMatchObject({ username: "grace", role: "editor", email: "grace@example.com" });
      await expectRejection(
        store.acceptInvitation("i".repeat(64), { username: "grace2", passwordHash: hash }),
        ValidationError,
        ACCOUNT_LINK_MESSAGES.linkRefused,
      );
      await store.updateUser(ada.id, { passwordReset: null });
      await store.close();
      const reopened = await reopen();
      open.push(reopened);
      expect(await reopened.listInvitations()).toEqual([]);
      expect(await reopened.getUserByEmail("grace@EXAMPLE.com")).toEqual(user);
      const again = await reopened.getUserById(ada.id);
      expect(again?.email).toBe("Ada@Example.com");
      expect(again).not.toHaveProperty("passwordReset");
      expect((await reopened.addInvitation({ ...invite, email: "lin@example.com" })).id).toBe(2);
    });
  });

  describe(`${name}: restored email addresses`, () => {
    it("adds a backup's user without an address someone holds now, and without a reset link", async () => {
      const store = await emptyStore();
      const hash = "scrypt$1$2$3$salt$hash";
      const ada = await store.createUser({ username: "ada", role: "admin", passwordHash: hash });
      await store.updateUser(ada.id, { email: "ada@example.com" });
      const at = "2026-01-01T00:00:00.000Z";
      const reset = { tokenHash: "r".repeat(64), expiresAt: "2030-01-01T00:00:00.000Z" };
      await store.restoreRecords({
        users: [
          { id: 9, username: "old-ada", role: "writer", passwordHash: hash, createdAt: at, email: "ADA@example.com" },
          {
            id: 10,
            username: "lin",
            role: "writer",
            passwordHash: hash,
            createdAt: at,
            email: "lin@example.com",
            passwordReset: reset,
          },
        ],
      });
      const oldAda = await store.getUserByUsername("old-ada");
      expect(oldAda).toBeDefined();
      expect(oldAda).not.toHaveProperty("email");
      const lin = await store.getUserByUsername("lin");
      expect(lin?.email).toBe("lin@example.com");
      expect(lin).not.toHaveProperty("passwordReset");
    });
  });

  describe(`${name}: pages of blocks`, () => {
    const page = (path: string, published = false) => ({
      title: `Page at ${path}`,
      path,
      blocks: [{ id: "a", type: "richText" as const, html: "<p>Hello</p>" }],
      published,
    });

    it("keeps pages with their blocks, refuses a taken path, and reads them back after a reopen", async () => {
      const { store, reopen } = await factory.open();
      const made = await store.createPage(page("/pricing", true), { by: { id: 1, username: "ed" } });
      expect(made).toMatchObject({ id: 1, path: "/pricing", published: true, publishedAt: made.createdAt });
      await expectRejection(store.createPage(page("/pricing")), ConflictError, PAGE_MESSAGES.pathTaken("/pricing"));
      const moved = await store.updatePage(made.id, { path: "/plans" });
      expect(await store.resolvePageRedirect("/pricing")).toEqual({ address: "/plans", shown: true });
      await store.deletePage(moved.id);
      expect(await store.listPages()).toEqual([]);
      await expectRejection(store.createPage(page("/plans")), ConflictError, PAGE_MESSAGES.pathInTrash("/plans"));
      const second = await store.createPage(page("/careers"));
      expect(second.id).toBe(2); // the trashed page keeps its id retired
      await store.close();
      const reopened = await reopen();
      open.push(reopened);
      expect(await reopened.listPages()).toEqual([second]);
      expect((await reopened.listPageTrash()).map((p) => p.id)).toEqual([made.id]);
      expect(await reopened.listPageRedirects()).toEqual([{ from: "/pricing", to: made.id }]);
      expect((await reopened.listRevisions(PAGE_SUBJECT, made.id)).length).toBeGreaterThan(0);
    });

    it("publishes a due schedule once, and says so to change listeners as a page change", async () => {
      const store = await emptyStore();
      const kinds: string[] = [];
      store.onChange((kind) => kinds.push(kind));
      const made = await store.createPage({ ...page("/later"), publishAt: "2000-01-01T00:00:00.000Z" });
      expect(made).toMatchObject({ published: false, publishAt: "2000-01-01T00:00:00.000Z" });
      const published = await store.updatePage(made.id, { published: true });
      expect(published.publishAt).toBeUndefined();
      expect(kinds).toEqual(["pages", "pages"]);
    });
  });

  describe(`${name}: change listeners and closing`, () => {
    it("tells listeners what changed after each committed write", async () => {
      const store = await emptyStore();
      const kinds: string[] = [];
      const stop = store.onChange((kind) => kinds.push(kind));
      await store.createPost(makePostInput({ tags: ["New"] }));
      await store.addMessage({ name: "A", email: "a@b.c", message: "Hello", ip: "::1" });
      await store.createPost(makePostInput({ slug: (await store.listPosts())[0]!.slug })).catch(() => {});
      stop();
      await store.createPost(makePostInput());
      expect(kinds).toEqual(["tags", "posts", "messages"]);
    });

    it("waits for queued writes, then refuses every call; the data is there when reopened", async () => {
      const { store, reopen } = await factory.open();
      const pending = store.createPost(makePostInput({ slug: "last-words", tags: ["Kept"] }));
      await store.close();
      const written = await pending;
      expect(written).toMatchObject({ slug: "last-words" });
      await expect(store.listPosts()).rejects.toThrow(STORE_CLOSED_MESSAGE);
      await expect(store.createPost(makePostInput())).rejects.toThrow(STORE_CLOSED_MESSAGE);
      const reopened = await reopen();
      open.push(reopened);
      expect(await reopened.listPosts()).toEqual([written]);
      expect(await reopened.listTags()).toEqual(written.tags);
    });
  });
}

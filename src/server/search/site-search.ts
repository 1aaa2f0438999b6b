import type { Store } from "~/server/records/store";
import type { Page, Post } from "~/server/store/types";
import { shownIndustries } from "~/shared/site-content";
import { SEARCH_PAGE_SIZE, type SearchAnswer } from "~/shared/search";
import { industryDoc, pageDoc, postDoc, tagDoc } from "./search-docs";
import { createSearchIndex, type SearchDoc, type SearchIndex } from "./search-index";

export type SiteSearch = {
  /** One page of results; waits for the index to hold every write committed before the call. */
  search(query: string, page?: number, pageSize?: number): Promise<SearchAnswer>;
  /** Resolves once the index holds what the store held when it was last told of a change. */
  settled(): Promise<void>;
  /** Stops listening to the store and waits for a catch-up under way (before the store closes). */
  stop(): Promise<void>;
};

/**
 * The public site's search kept current with the store (docs/architecture.md, "Search"): built
 * at start from what is public, then brought up to date after every write the store announces,
 * this instance's or, on PostgreSQL, another's (the same change notices that drop the page cache).
 * Only published posts and pages, shown industries and tags on a published post are ever indexed.
 *
 * Posts and pages are compared by identity: the store hands out frozen records and replaces the
 * object of every one a write changes, so one pass over the published list finds what to index again.
 */
export function createSiteSearch(store: Store, index: SearchIndex = createSearchIndex()): SiteSearch {
  /** The published post and page objects the index holds, by their documents' ids. */
  const held = new Map<string, Post | Page>();
  let heldIndustries = "";
  let heldTags = "";

  /**
   * Brings one kind of record up to date: what left `published` leaves the index, and only the
   * records whose object changed are indexed again (all of them, in chunks, at the first sync).
   */
  async function syncRecords<R extends Post | Page>(
    prefix: "post" | "page",
    published: readonly R[],
    docOf: (record: R) => SearchDoc,
    first: boolean,
  ) {
    const now = new Set<string>();
    const changed: R[] = [];
    for (const record of published) {
      const id = `${prefix}:${record.id}`;
      now.add(id);
      if (held.get(id) !== record) {
        held.set(id, record);
        changed.push(record);
      }
    }
    for (const id of index.idsOf(prefix)) {
      if (!now.has(id)) {
        index.remove(id);
        held.delete(id);
      }
    }
    if (first) await index.putAll(changed.map(docOf));
    else for (const record of changed) index.put(docOf(record));
  }

  async function syncTags(published: readonly Post[]) {
    const counts = new Map<string, number>();
    for (const post of published) for (const t of post.tags) counts.set(t.slug, (counts.get(t.slug) ?? 0) + 1);
    const tags = (await store.listTags()).filter((t) => counts.has(t.slug));
    const docs = tags.map((t) => tagDoc(t, counts.get(t.slug)!));
    const key = JSON.stringify(docs);
    if (key === heldTags) return;
    heldTags = key;
    for (const id of index.idsOf("tag")) index.remove(id);
    for (const doc of docs) index.put(doc);
  }

  async function syncSite() {
    const docs = shownIndustries((await store.getSite()).published).map(industryDoc);
    const key = JSON.stringify(docs);
    if (key === heldIndustries) return;
    heldIndustries = key;
    for (const id of index.idsOf("industry")) index.remove(id);
    for (const doc of docs) index.put(doc);
  }

  async function sync(first = false) {
    const published = await store.publishedPosts();
    await syncRecords("post", published, postDoc, first);
    const pages = (await store.listPages()).filter((page) => page.published);
    await syncRecords("page", pages, pageDoc, first);
    await syncTags(published);
    await syncSite();
  }

  // One sync at a time; writes heard while one runs are caught up by a single sync after it.
  let running = sync(true);
  let queued: Promise<void> | undefined;
  const again = () => {
    queued ??= running.then(
      () => {
        queued = undefined;
        return (running = sync());
      },
      () => {
        queued = undefined;
        return (running = sync());
      },
    );
    return queued;
  };
  const unsubscribe = store.onChange((kind) => {
    if (kind === "posts" || kind === "pages" || kind === "tags" || kind === "site") void again().catch(logFailure);
  });
  running.catch(logFailure);

  return {
    async settled() {
      let seen: Promise<void> | undefined;
      while (seen !== (queued ?? running)) {
        seen = queued ?? running;
        await seen.catch(() => undefined);
      }
    },
    async stop() {
      unsubscribe();
      await this.settled();
    },
    async search(query, page = 1, pageSize = SEARCH_PAGE_SIZE) {
      await this.settled();
      return index.search(query, page, pageSize);
    },
  };
}

function logFailure(error: unknown) {
  console.error("The search index could not catch up with the store:", error);
}

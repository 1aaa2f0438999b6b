import MiniSearch, { type SearchOptions } from "minisearch";
import { SEARCH_PAGE_SIZE, normalQuery, type SearchAnswer, type SearchType } from "~/shared/search";
import { snippetOf } from "./snippet";
import { STOP_WORDS } from "./stop-words";

/** One thing a reader can find: a post, an industry or a tag, by its public address. */
export type SearchDoc = {
  /** Unique across types: `post:12`, `industry:airports`, `tag:queues`. */
  id: string;
  type: SearchType;
  title: string;
  /** Plain text (no HTML), searched and cut into the snippet. */
  text: string;
  url: string;
  /** A post's public date (ISO): newer posts rank a little higher. */
  date?: string;
};

const DAY_MS = 86_400_000;
/** A title word counts this many times a word of the text, so titles rank above text. */
const TITLE_BOOST = 4;
/**
 * At most this factor for a post published today, falling towards 1 over the years: recent above
 * old among results that match alike, too little to lift a text match over a title match.
 */
const RECENT_BOOST = 0.5;

/** Words of a query searched at most: each costs a lookup, a fuzzy one the most. */
const MAX_QUERY_WORDS = 4;

/** Lower case, without the stop words (stop-words.ts), for the documents and the queries alike. */
const processTerm = (term: string) => {
  const lower = term.toLowerCase();
  return STOP_WORDS.has(lower) ? null : lower;
};

/**
 * Typo tolerance and prefix matching (MiniSearch's own options,
 * https://lucaong.github.io/minisearch/): one edit in five letters, none in a word of three or
 * fewer; the last word of the query is also taken as the start of a word (as the reader may not
 * have finished typing it), if it has three letters or more. A prefix of every word, or of a one-
 * or two-letter word, would expand to most of the index and cost most of a query's time.
 */
const SEARCH_OPTIONS: SearchOptions = {
  boost: { title: TITLE_BOOST },
  combineWith: "AND",
  prefix: (term, i, terms) => i === terms.length - 1 && term.length > 2,
  fuzzy: (term) => (term.length > 3 ? 0.2 : false),
};

export type SearchIndex = ReturnType<typeof createSearchIndex>;

/**
 * The full-text index of the public site's search (docs/architecture.md, "Search"): MiniSearch over
 * titles and text, with the documents themselves kept beside it for snippets and addresses. It
 * knows nothing of the store: site-search.ts feeds it what is public.
 */
export function createSearchIndex({ now = () => Date.now() }: { now?: () => number } = {}) {
  const docs = new Map<string, SearchDoc & { time?: number }>();
  const index = new MiniSearch<SearchDoc>({
    fields: ["title", "text"],
    storeFields: [],
    processTerm,
    searchOptions: { maxFuzzy: 2 },
  });

  // Called for every matching document of every query word: a lookup, the date read once per query.
  let queryNow = now();
  const recency = (id: string) => {
    const time = docs.get(id)?.time;
    if (time === undefined) return 1;
    const years = Math.max(0, queryNow - time) / (365 * DAY_MS);
    return 1 + RECENT_BOOST / (1 + years);
  };

  const withTime = (doc: SearchDoc) => ({ ...doc, ...(doc.date && { time: Date.parse(doc.date) }) });

  return {
    /** Adds a document, or replaces the one with its id. */
    put(doc: SearchDoc) {
      if (docs.has(doc.id)) index.discard(doc.id);
      docs.set(doc.id, withTime(doc));
      index.add(doc);
    },
    /** Adds many new documents, yielding to other work between chunks (a start on 10,000 posts). */
    async putAll(list: readonly SearchDoc[]) {
      const fresh = list.filter((doc) => {
        if (docs.has(doc.id)) index.discard(doc.id);
        docs.set(doc.id, withTime(doc));
        return true;
      });
      await index.addAllAsync(fresh, { chunkSize: 500 });
    },
    remove(id: string) {
      if (!docs.delete(id)) return;
      index.discard(id);
    },
    has: (id: string) => docs.has(id),
    /** The ids held of one type. */
    idsOf: (type: SearchType) => [...docs.values()].filter((d) => d.type === type).map((d) => d.id),
    get size() {
      return docs.size;
    },
    /** One page of results for `query`, best first; an empty query finds nothing. */
    search(query: string, page = 1, pageSize = SEARCH_PAGE_SIZE): SearchAnswer {
      const q = normalQuery(query);
      queryNow = now();
      const words = q.split(" ").slice(0, MAX_QUERY_WORDS).join(" ");
      const found = q ? index.search(words, { ...SEARCH_OPTIONS, boostDocument: recency }) : [];
      const total = found.length;
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      const results = found.slice((page - 1) * pageSize, page * pageSize).map((hit) => {
        const doc = docs.get(hit.id as string)!;
        return {
          type: doc.type,
          title: doc.title,
          url: doc.url,
          snippet: snippetOf(doc.text, [...hit.terms, ...hit.queryTerms]),
          ...(doc.date && { date: doc.date }),
        };
      });
      return { query: q, results, total, page, pageCount, pageSize };
    },
  };
}

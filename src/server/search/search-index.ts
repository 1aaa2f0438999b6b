import MiniSearch, { type SearchOptions, type SearchResult } from "minisearch";
import { SEARCH_PAGE_SIZE, normalQuery, type SearchAnswer, type SearchType } from "~/shared/search";
import { ByteLru } from "~/server/page-cache/byte-lru";
import { snippetOf } from "./snippet";
import { STOP_WORDS } from "./stop-words";

/** One thing a reader can find: a post, an industry or a tag, by its public address. */
export type SearchDoc = {
  /** Unique across types: `post:12`, `industry:airports`, `tag:queues`. */
  id: string;
  type: SearchType;
  title: string;
  /**
   * Plain text (no HTML), searched and cut into the snippet. Given as a function (a post's, read
   * from the store's record), the index keeps no copy: it reads the text once to index it and
   * again only for the results a page shows.
   */
  text: string | (() => string);
  url: string;
  /** A post's public date (ISO): newer posts rank a little higher. */
  date?: string;
};

/** What the index keeps of a document beside MiniSearch's postings: what a result shows. */
type Entry = Omit<SearchDoc, "date"> & { date: string | undefined; time: number | undefined };

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
/**
 * Recent queries' ranked results are kept until the index changes, so the next page of a query,
 * or the same query from another reader, costs no new scoring: up to this many results in all (a
 * word in every post of 10,000 is 10,000 of them, a few megabytes).
 */
const KEPT_RESULTS = 40_000;
/** A kept ranking is scored again after this long, as its recency factors have moved on. */
const KEPT_FOR_MS = 3_600_000;
/** Documents added between two pauses of a build, so the server answers meanwhile. */
const CHUNK = 500;

/** Lower case, without the stop words (stop-words.ts), for the documents and the queries alike. */
const processTerm = (term: string) => {
  const lower = term.toLowerCase();
  return STOP_WORDS.has(lower) ? null : lower;
};
const tokenize = MiniSearch.getDefault("tokenize") as (text: string) => string[];

/**
 * Typo tolerance and prefix matching (MiniSearch's own options,
 * https://lucaong.github.io/minisearch/): one edit in five letters, none in a word of three or
 * fewer; the last word of the query is also taken as the start of a word (as the reader may not
 * have finished typing it), if it has three letters or more. A prefix of every word, or of a one-
 * or two-letter word, would expand to most of the index and cost most of a query's time.
 */
const prefix = (term: string, i: number, terms: string[]) => i === terms.length - 1 && term.length > 2;
const fuzzy = (term: string) => (term.length > 3 ? 0.2 : false);
const SEARCH_OPTIONS: SearchOptions = { boost: { title: TITLE_BOOST }, combineWith: "AND", prefix, fuzzy };

const textOf = (doc: Pick<SearchDoc, "text">) => (typeof doc.text === "string" ? doc.text : doc.text());

/** The query's terms as MiniSearch reads them: its own tokenizer, then processTerm. */
const termsOf = (words: string) => tokenize(words).flatMap((t) => processTerm(t) ?? []);

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

export type SearchIndex = ReturnType<typeof createSearchIndex>;

/**
 * The full-text index of the public site's search (docs/architecture.md, "Search"): MiniSearch over
 * titles and text, beside it what a result shows (type, title, address, date) but not the text,
 * which is read again from its document for the snippets of the page shown
 * (docs/decisions/235-search-index-keeps-no-text.md). It knows nothing of the store:
 * site-search.ts feeds it what is public.
 *
 * MiniSearch knows each document by a small number (its slot here), so the recency boost, asked
 * for every posting a query reads, is an array read rather than a lookup by string.
 */
export function createSearchIndex({ now = () => Date.now() }: { now?: () => number } = {}) {
  const slots = new Map<string, number>();
  const entries: (Entry | undefined)[] = [];
  const freeSlots: number[] = [];
  const index = new MiniSearch<{ id: number; title: string; text: string }>({
    fields: ["title", "text"],
    storeFields: [],
    processTerm,
    searchOptions: { maxFuzzy: 2 },
  });

  // Called for every posting a query reads: an array read, the date read once per query.
  let queryNow = now();
  const recency = (slot: number) => {
    const time = entries[slot]!.time;
    if (time === undefined) return 1;
    const years = Math.max(0, queryNow - time) / (365 * DAY_MS);
    return 1 + RECENT_BOOST / (1 + years);
  };

  /**
   * Takes a document's words out of MiniSearch at once, read again from the document as it was
   * indexed. MiniSearch's `discard` would leave them in its postings until a later clean-up, and
   * meanwhile they would count in every query's scores (each query taking off one occurrence).
   */
  function unindex(slot: number) {
    const entry = entries[slot]!;
    index.remove({ id: slot, title: entry.title, text: textOf(entry) });
  }

  /**
   * Recent queries' results (ByteLru sized by their count of results, not bytes), emptied by every
   * change of the index.
   */
  const kept = new ByteLru<{ hits: SearchResult[]; at: number }>(KEPT_RESULTS);

  /** `find`, from the kept results when the same words were asked since the last change. */
  function ranked(words: string): SearchResult[] {
    const old = kept.get(words);
    if (old && queryNow - old.at < KEPT_FOR_MS) return old.hits;
    const hits = find(words);
    kept.set(words, { hits, at: queryNow }, hits.length);
    return hits;
  }

  function put(doc: SearchDoc) {
    kept.clear();
    const text = textOf(doc);
    let slot = slots.get(doc.id);
    if (slot === undefined) {
      slot = freeSlots.pop() ?? entries.length;
      slots.set(doc.id, slot);
    } else unindex(slot);
    const time = doc.date ? Date.parse(doc.date) : undefined;
    entries[slot] = {
      id: doc.id,
      type: doc.type,
      title: doc.title,
      text: doc.text,
      url: doc.url,
      date: doc.date,
      time,
    };
    index.add({ id: slot, title: doc.title, text });
  }

  /**
   * The slots of the documents matching every one of `terms`, each term with the options the whole
   * query gives it (prefix, fuzzy), or none when no document does. MiniSearch answers "every word"
   * by scoring each word's documents in full and keeping those all words share: a word in nearly
   * every post (as "queue" is on this site) would cost a score and a result for each of them. Here
   * each word only narrows a set (a boost of 0 is MiniSearch's way to pass a document by), the
   * longest word first, as the longer a word the fewer posts hold it; an empty set ends the search.
   */
  function matchingAll(terms: string[]): Set<number> {
    const order = terms.map((term, i) => ({ term, i })).sort((a, b) => b.term.length - a.term.length);
    let within: Set<number> | undefined;
    for (const { term, i } of order) {
      const next = new Set<number>();
      const seen = within;
      index.search(term, {
        ...SEARCH_OPTIONS,
        prefix: prefix(term, i, terms),
        fuzzy: fuzzy(term),
        boostDocument: (slot: number) => {
          if (!seen || seen.has(slot)) next.add(slot);
          return 0;
        },
      });
      within = next;
      if (next.size === 0) break;
    }
    return within ?? new Set();
  }

  /** Every match of `words`, best first, scored by MiniSearch as one query. */
  function find(words: string): SearchResult[] {
    const terms = termsOf(words);
    if (terms.length === 0) return [];
    if (terms.length === 1) return index.search(words, { ...SEARCH_OPTIONS, boostDocument: recency });
    const within = matchingAll(terms);
    if (within.size === 0) return [];
    // The same query over the documents every word matched: the same scores and order as the
    // whole index would give them, without a result for a document one word alone matched.
    return index.search(words, {
      ...SEARCH_OPTIONS,
      boostDocument: (slot: number) => (within.has(slot) ? recency(slot) : 0),
    });
  }

  return {
    /** Adds a document, or replaces the one with its id. */
    put,
    /** Adds many documents, yielding to other work between chunks (a start on 10,000 posts). */
    async putAll(list: readonly SearchDoc[]) {
      for (let i = 0; i < list.length; i++) {
        put(list[i]!);
        if ((i + 1) % CHUNK === 0) await pause();
      }
    },
    remove(id: string) {
      const slot = slots.get(id);
      if (slot === undefined) return;
      kept.clear();
      unindex(slot);
      slots.delete(id);
      entries[slot] = undefined;
      freeSlots.push(slot);
    },
    has: (id: string) => slots.has(id),
    /** The ids held of one type. */
    idsOf: (type: SearchType) => [...slots.keys()].filter((id) => entries[slots.get(id)!]!.type === type),
    get size() {
      return slots.size;
    },
    /** One page of results for `query`, best first; an empty query finds nothing. */
    search(query: string, page = 1, pageSize = SEARCH_PAGE_SIZE): SearchAnswer {
      const q = normalQuery(query);
      queryNow = now();
      const found = q ? ranked(q.split(" ").slice(0, MAX_QUERY_WORDS).join(" ")) : [];
      const total = found.length;
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      const results = found.slice((page - 1) * pageSize, page * pageSize).map((hit) => {
        const entry = entries[hit.id as number]!;
        return {
          type: entry.type,
          title: entry.title,
          url: entry.url,
          snippet: snippetOf(textOf(entry), [...hit.terms, ...hit.queryTerms]),
          ...(entry.date && { date: entry.date }),
        };
      });
      return { query: q, results, total, page, pageCount, pageSize };
    },
  };
}

import MiniSearch from "minisearch";
import { describe, expect, it, vi } from "vitest";
import { createSearchIndex, type SearchDoc } from "~/server/search/search-index";
import { highlight, snippetOf, textOfHtml } from "~/server/search/snippet";
import { MAX_QUERY_LENGTH, readSearchParams, SEARCH_MESSAGES } from "~/shared/search";

const NOW = Date.parse("2026-06-01T00:00:00Z");

const post = (id: number, title: string, text: string, date = "2026-05-01T00:00:00Z"): SearchDoc => ({
  id: `post:${id}`,
  type: "post",
  title,
  text,
  url: `/blog/post-${id}`,
  date,
});

function sample() {
  const index = createSearchIndex({ now: () => NOW });
  index.put(post(1, "Airport security lines", "How terminals cut the wait at the checkpoint."));
  index.put(post(2, "Hospital waiting rooms", "Triage, then a forecast of the wait-time for every patient."));
  index.put(post(3, "Retail checkout", "Stores that mention the airport only in passing."));
  return index;
}

const urls = (index: ReturnType<typeof sample>, q: string) => index.search(q).results.map((r) => r.url);

describe("the search index", () => {
  it("finds a post by a word of its title", () => {
    expect(urls(sample(), "hospital")).toEqual(["/blog/post-2"]);
  });

  it("finds a post by a word of its text only", () => {
    expect(urls(sample(), "triage")).toEqual(["/blog/post-2"]);
  });

  it("finds a word by its start", () => {
    expect(urls(sample(), "forec")).toEqual(["/blog/post-2"]);
  });

  it("finds a word with one typo", () => {
    expect(urls(sample(), "hospitol")).toEqual(["/blog/post-2"]);
    expect(urls(sample(), "checkpoimt")).toEqual(["/blog/post-1"]);
  });

  it("ranks a title match above a text match, even an older one above a newer", () => {
    const index = createSearchIndex({ now: () => NOW });
    index.put(post(1, "Stores", "Nothing about the subject but airport here.", "2026-05-31T00:00:00Z"));
    index.put(post(2, "Airport lines", "Terminals and gates.", "2019-01-01T00:00:00Z"));
    expect(index.search("airport").results.map((r) => r.url)).toEqual(["/blog/post-2", "/blog/post-1"]);
  });

  it("ranks the newer of two posts that match alike above the older", () => {
    const index = createSearchIndex({ now: () => NOW });
    index.put(post(1, "Queue notes", "Same words.", "2020-01-01T00:00:00Z"));
    index.put(post(2, "Queue notes", "Same words.", "2026-05-01T00:00:00Z"));
    expect(index.search("queue").results.map((r) => r.url)).toEqual(["/blog/post-2", "/blog/post-1"]);
  });

  it("replaces and removes documents", () => {
    const index = sample();
    index.put(post(2, "Clinic lobbies", "Nothing else."));
    expect(urls(index, "hospital")).toEqual([]);
    expect(urls(index, "clinic")).toEqual(["/blog/post-2"]);
    index.remove("post:2");
    expect(urls(index, "clinic")).toEqual([]);
  });

  it("pages the results", () => {
    const index = createSearchIndex({ now: () => NOW });
    for (let i = 1; i <= 25; i++)
      index.put(post(i, `Queue ${i}`, "text", new Date(NOW - i * 86_400_000).toISOString()));
    const second = index.search("queue", 2, 10);
    expect(second).toMatchObject({ total: 25, page: 2, pageCount: 3, pageSize: 10 });
    expect(second.results.map((r) => r.url)).toEqual(Array.from({ length: 10 }, (_, i) => `/blog/post-${i + 11}`));
  });

  it("ranks a query once until the index changes: its next page and a second asking reuse the ranking", () => {
    const index = sample();
    const scoring = vi.spyOn(MiniSearch.prototype, "search");
    try {
      expect(urls(index, "airport")).toEqual(["/blog/post-1", "/blog/post-3"]);
      expect(index.search("airport", 2, 1).results.map((r) => r.url)).toEqual(["/blog/post-3"]);
      expect(urls(index, "airport")).toEqual(["/blog/post-1", "/blog/post-3"]);
      expect(scoring).toHaveBeenCalledTimes(1);
      // A write in between ranks again: the new post is found, a removed one is gone.
      index.put(post(4, "Airport gates", "Boarding."));
      expect(urls(index, "airport")).toContain("/blog/post-4");
      index.remove("post:1");
      expect(urls(index, "airport")).not.toContain("/blog/post-1");
      expect(scoring).toHaveBeenCalledTimes(3);
    } finally {
      scoring.mockRestore();
    }
  });

  it("keeps no copy of a text given as a function: reads it to index, then only for the page shown", () => {
    const index = createSearchIndex({ now: () => NOW });
    const reads = new Map<number, number>();
    for (let i = 1; i <= 25; i++) {
      const text = () => {
        reads.set(i, (reads.get(i) ?? 0) + 1);
        return `Queue notes number ${i}.`;
      };
      index.put({ ...post(i, `Queue ${i}`, "", new Date(NOW - i * 86_400_000).toISOString()), text });
    }
    expect([...reads.values()].every((n) => n === 1)).toBe(true);
    const third = index.search("notes", 3, 10);
    expect(third.results.map((r) => r.snippet)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Queue <mark>notes</mark> number ${i + 21}.`),
    );
    // Only the five posts of the third page were read again, for their snippets.
    expect([...reads].filter(([, n]) => n === 2).map(([i]) => i)).toEqual([21, 22, 23, 24, 25]);
  });

  it("forgets a replaced text at once: its old words neither match nor count in the scores", () => {
    const index = createSearchIndex({ now: () => NOW });
    // As a post's text is read from the store's frozen record: each version from its own.
    index.put({ ...post(1, "Ferry", ""), text: () => "Gondola etiquette gondola lines gondola" });
    index.put(post(2, "Other", "gondola once"));
    index.put({ ...post(1, "Ferry", ""), text: () => "Boarding by time slot" });
    expect(urls(index, "gondola")).toEqual(["/blog/post-2"]);
    expect(index.search("boarding").results[0]).toMatchObject({
      url: "/blog/post-1",
      snippet: "<mark>Boarding</mark> by time slot",
    });
    // The same score as in an index that never held the old words.
    const fresh = createSearchIndex({ now: () => NOW });
    fresh.put(post(2, "Other", "gondola once"));
    fresh.put(post(1, "Ferry", "Boarding by time slot"));
    expect(index.search("gondola")).toEqual(fresh.search("gondola"));
  });

  it("answers a query of several words as MiniSearch would, each word required, one typo and a prefix", () => {
    const index = createSearchIndex({ now: () => NOW });
    index.put(post(1, "Airport queues", "Forecast of the checkpoint wait."));
    index.put(post(2, "Airport lounges", "Nothing about lines."));
    index.put(post(3, "Hospital queues", "A forecast for triage."));
    expect(urls(index, "airport forec")).toEqual(["/blog/post-1"]);
    expect(urls(index, "queues forecast").sort()).toEqual(["/blog/post-1", "/blog/post-3"]);
    expect(urls(index, "hospitol queues triage")).toEqual(["/blog/post-3"]);
    expect(urls(index, "airport hospital")).toEqual([]);
  });

  it("finds nothing for an empty query", () => {
    expect(sample().search("   ")).toMatchObject({ total: 0, results: [] });
  });
});

describe("snippets", () => {
  it("escape every piece of HTML in the text and mark the matches", () => {
    const text = 'A <script>alert("x")</script> & an airport\'s <b>gate</b>';
    expect(highlight(text, ["airport"])).toBe(
      "A &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; an <mark>airport</mark>&#39;s &lt;b&gt;gate&lt;/b&gt;",
    );
  });

  it("escape a snippet the index answers, whose post text holds markup", () => {
    const index = createSearchIndex({ now: () => NOW });
    index.put(post(1, "Gates", textOfHtml("<p>The &lt;img onerror=x&gt; forecast</p>")));
    const [result] = index.search("forecast").results;
    expect(result!.snippet).toBe("The &lt;img onerror=x&gt; <mark>forecast</mark>");
  });

  it("mark the whole word a prefix matched, case-insensitively", () => {
    expect(highlight("Forecasts and forecasting", ["forec"])).toBe(
      "<mark>Forecasts</mark> and <mark>forecasting</mark>",
    );
  });

  it("show the text around a match far into a long text", () => {
    const text = `${"filler ".repeat(200)}the airport gate ${"more ".repeat(200)}`;
    const snippet = snippetOf(text, ["airport"]);
    expect(snippet).toContain("<mark>airport</mark>");
    expect(snippet.startsWith("… ")).toBe(true);
    expect(snippet.length).toBeLessThan(260);
  });
});

describe("search parameters", () => {
  it("refuse a query over the limit and a bad page with field messages", () => {
    const long = readSearchParams(new URLSearchParams({ q: "a".repeat(MAX_QUERY_LENGTH + 1) }));
    expect(long).toMatchObject({ ok: false, errors: { q: [SEARCH_MESSAGES.tooLong] } });
    const page = readSearchParams(new URLSearchParams({ q: "x", page: "0" }));
    expect(page).toMatchObject({ ok: false, errors: { page: [SEARCH_MESSAGES.badPage] } });
    expect(readSearchParams(new URLSearchParams({ q: "  a   b " }))).toEqual({ ok: true, query: "a b", page: 1 });
  });
});

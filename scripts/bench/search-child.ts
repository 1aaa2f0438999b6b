// Run by scripts/bench/search.ts in a process of its own, so its RSS is the index's and the
// posts' alone: builds the public search's index over generated posts, then times queries.
// Prints one JSON line.
import { createSearchIndex, type SearchDoc } from "../../src/server/search/search-index";
import { textOfHtml } from "../../src/server/search/snippet";

const count = Number(process.argv[2] ?? 10_000);
const ROUNDS = 40;

/** A seeded generator, so every run searches the same posts. */
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const SYLLABLES =
  "ba be bi bo bu ka ke ki ko ku la le li lo lu ma me mi mo mu na ne ni no nu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo vu".split(
    " ",
  );
/** 5,000 made-up words: a post draws from them as text does, a few often and most rarely. */
const WORDS = Array.from({ length: 5000 }, () =>
  Array.from({ length: 2 + Math.floor(random() * 3) }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join(
    "",
  ),
);
const ENGLISH = "the of and a to in is that it for as with was on be by this are or at from".split(" ");
/** Made-up words, and a common English word for almost half of them, as English text has. */
const word = () =>
  random() < 0.45
    ? ENGLISH[Math.floor(ENGLISH.length * random() ** 2)]!
    : WORDS[Math.floor(WORDS.length * random() ** 3)]!;
const sentence = (n: number) => Array.from({ length: n }, word).join(" ");

const docs: SearchDoc[] = Array.from({ length: count }, (_, i) => ({
  id: `post:${i + 1}`,
  type: "post",
  title: sentence(6),
  // About 330 words of content, as the bench's other posts have (many-posts.ts), after its summary.
  text: `${sentence(20)} ${textOfHtml(`<h2>${sentence(4)}</h2>${Array.from({ length: 10 }, () => `<p>${sentence(31)}</p>`).join("")}`)}`,
  url: `/blog/post-${i + 1}`,
  date: new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString(),
}));
const before = process.memoryUsage().rss;
const index = createSearchIndex();
const buildStart = performance.now();
await index.putAll(docs);
const buildMs = performance.now() - buildStart;
docs.length = 0;
globalThis.gc?.();
const rss = process.memoryUsage().rss;

const common = WORDS[0]!;
const rare = WORDS[3000]!;
const typo = (w: string) => w.slice(0, 2) + (w[2] === "a" ? "e" : "a") + w.slice(3);
const QUERIES: Record<string, string> = {
  "a common word": common,
  "a rare word": rare,
  "a prefix": rare.slice(0, 4),
  "one typo": typo(WORDS[500]!),
  "two words": `${WORDS[40]} ${WORDS[900]}`,
  "a long query": Array.from({ length: 8 }, (_, i) => WORDS[i * 300]).join(" "),
};
const times: number[] = [];
const perQuery: Record<string, number> = {};
for (const [name, q] of Object.entries(QUERIES)) {
  const own: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    index.search(q, 1 + (i % 3));
    own.push(performance.now() - start);
  }
  own.sort((a, b) => a - b);
  perQuery[name] = own[Math.floor(own.length / 2)]!;
  times.push(...own);
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
console.log(JSON.stringify({ count, buildMs, rssBefore: before, rss, median: at(0.5), p95: at(0.95), perQuery }));

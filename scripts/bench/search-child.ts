// Run by scripts/bench/search.ts in a process of its own, so its RSS is the posts' and the index's
// alone: generates posts as the store holds them, measures the RSS, builds the public search's
// index over them as the server does (search-docs.ts), measures the RSS again, then times queries.
// Prints one JSON line.
import type { Post } from "../../src/server/store/types";
import { postDoc } from "../../src/server/search/search-docs";
import { createSearchIndex } from "../../src/server/search/search-index";

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

/** The heap after full collections, as an idle server's memory reducer leaves it. */
const settledRss = () => {
  for (let i = 0; i < 3; i++) globalThis.gc?.();
  return process.memoryUsage().rss;
};

// The store's records, held all along as its snapshot holds them: a summary of 20 words and about
// 330 words of content in HTML, as the bench's other posts have (many-posts.ts).
const posts: Post[] = Array.from({ length: count }, (_, i) => {
  const at = new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString();
  const title = sentence(6);
  const summary = sentence(20);
  const content = `<h2>${sentence(4)}</h2>${Array.from({ length: 10 }, () => `<p>${sentence(31)}</p>`).join("")}`;
  return {
    id: i + 1,
    title,
    slug: `post-${i + 1}`,
    summary,
    content,
    published: true,
    tags: [],
    createdAt: at,
    updatedAt: at,
  };
});
const rssPosts = settledRss();
const index = createSearchIndex();
const buildStart = performance.now();
await index.putAll(posts.map(postDoc));
const buildMs = performance.now() - buildStart;
const rssIndexed = settledRss();

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
/** The process's CPU time per query: less moved than the wall clock by other work on the machine. */
const cpuTimes: number[] = [];
const perQuery: Record<string, number> = {};
for (const [name, q] of Object.entries(QUERIES)) {
  const own: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    index.search(q, 1 + (i % 3));
    own.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  own.sort((a, b) => a - b);
  perQuery[name] = own[Math.floor(own.length / 2)]!;
  times.push(...own);
}
// The same queries each asked first after a write (which empties the kept rankings): what the
// first reader to ask waits, every other reader's wait being the mix's above.
const firstTimes: number[] = [];
const firstPerQuery: Record<string, number> = {};
for (const [name, q] of Object.entries(QUERIES)) {
  const own: number[] = [];
  for (let i = 0; i < ROUNDS / 2; i++) {
    index.put(postDoc(posts[i]!));
    const start = performance.now();
    index.search(q, 1);
    own.push(performance.now() - start);
  }
  own.sort((a, b) => a - b);
  firstPerQuery[name] = own[Math.floor(own.length / 2)]!;
  firstTimes.push(...own);
}
firstTimes.sort((a, b) => a - b);
times.sort((a, b) => a - b);
cpuTimes.sort((a, b) => a - b);
const at = (p: number, list = times) => list[Math.min(list.length - 1, Math.floor(p * list.length))]!;
console.log(
  JSON.stringify({
    count,
    buildMs,
    rssPosts,
    rssIndexed,
    median: at(0.5),
    p95: at(0.95),
    cpuMedian: at(0.5, cpuTimes),
    cpuP95: at(0.95, cpuTimes),
    perQuery,
    firstMedian: at(0.5, firstTimes),
    firstP95: at(0.95, firstTimes),
    firstPerQuery,
  }),
);

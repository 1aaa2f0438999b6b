import { benchPostContent, benchPostSlug, BENCH_TAG_SLUGS, writeManyPosts } from "./many-posts";
import { targetList } from "./report";
import { withSite } from "./servers";

/**
 * The reader's view of `npm run bench`: what readers wait for while an editor works. 10,000
 * requests at 50 connections spread over the home page, /blog and its first pages, the tags'
 * pages and 200 posts, while an editor saves one of those posts every second (adding a line to its
 * content, as a writer's save does); it counts the answers that were rendered for the reader
 * (`X-Cache: MISS`) rather than kept, and their p99, and times the editor's saves, which are
 * answered once the post's page is rendered again
 * (docs/decisions/142-a-save-answers-once-its-page-is-rendered.md).
 */
const REQUESTS = 10_000;
const READERS = 50;
const POSTS_READ = 200;
const SAVE_EVERY_MS = 1000;
const MISS_SHARE_TARGET = 0.01;
const MISS_P99_TARGET_MS = 250;

export type ReaderResult = {
  times: number[];
  misses: number[];
  /** Misses by the kind of page: a post, a list page, a tag's page, the home page. */
  missedKinds: Record<string, number>;
  /** How long each of the editor's saves took to be answered, sorted. */
  saves: number[];
  seconds: number;
};

const kindOf = (page: string) =>
  page === "/" ? "home" : page.includes("tag=") ? "tag" : page.startsWith("/blog/") ? "post" : "list";

function pagesRead(posts: number): string[] {
  const step = Math.floor(posts / POSTS_READ);
  return [
    "/",
    "/blog",
    ...[2, 3, 4, 5].map((page) => `/blog?page=${page}`),
    ...BENCH_TAG_SLUGS.map((slug) => `/blog?tag=${slug}`),
    ...Array.from({ length: POSTS_READ }, (_, i) => `/blog/${benchPostSlug(posts - i * step)}`),
  ];
}

const percentile = (sorted: number[], share: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]! : 0;

export async function readerView(
  dir: string,
  posts: number,
  env: Record<string, string>,
  signIn: (base: string) => Promise<string>,
): Promise<ReaderResult> {
  writeManyPosts(dir, posts);
  return withSite(dir, env, async (site) => {
    const pages = pagesRead(posts);
    // A site that has been up a while: every page read once already.
    for (const page of pages) await (await fetch(site.url + page)).arrayBuffer();
    const cookie = await signIn(site.url);
    let stop = false;
    const saveTimes: number[] = [];
    const editor = (async () => {
      for (let i = 0; !stop; i++) {
        const next = Date.now() + SAVE_EVERY_MS;
        const id = posts - (i % POSTS_READ) * Math.floor(posts / POSTS_READ);
        // A line added to the post's content, as a writer's save is: its card (reading time included) stays.
        const content = `${benchPostContent(id)}<p>Saved by the editor of npm run bench, save ${i}.</p>`;
        const begun = performance.now();
        const res = await fetch(`${site.url}/api/cms/update-post/${id}`, {
          method: "PUT",
          headers: { "Content-Type": "application/json", Origin: site.url, Cookie: cookie },
          body: JSON.stringify({ content }),
        });
        if (!res.ok) throw new Error(`the editor's save answered ${res.status}`);
        saveTimes.push(performance.now() - begun);
        while (!stop && Date.now() < next) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    const started = performance.now();
    const times: number[] = [];
    const misses: number[] = [];
    const missedKinds: Record<string, number> = {};
    let sent = 0;
    const reader = async () => {
      while (sent < REQUESTS) {
        const page = pages[sent++ % pages.length]!;
        const begun = performance.now();
        const res = await fetch(site.url + page, { headers: { "Accept-Encoding": "gzip, br" } });
        await res.arrayBuffer();
        const ms = performance.now() - begun;
        if (!res.ok) throw new Error(`${page} answered ${res.status}`);
        times.push(ms);
        if (res.headers.get("x-cache") !== "HIT") {
          misses.push(ms);
          missedKinds[kindOf(page)] = (missedKinds[kindOf(page)] ?? 0) + 1;
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: READERS }, reader));
    } finally {
      stop = true;
      await editor;
    }
    const seconds = (performance.now() - started) / 1000;
    const sorted = (list: number[]) => list.sort((a, b) => a - b);
    return { times: sorted(times), misses: sorted(misses), missedKinds, saves: sorted(saveTimes), seconds };
  });
}

export function readerReport({ times, misses, missedKinds, saves, seconds }: ReaderResult, posts: number): string {
  const share = misses.length / times.length;
  const missP99 = percentile(misses, 0.99);
  return `The reader's view: ${times.length.toLocaleString("en-US")} requests at ${READERS} connections over /, /blog, pages 2-5, ${BENCH_TAG_SLUGS.length} tags and ${POSTS_READ} of ${posts.toLocaleString("en-US")} posts in ${seconds.toFixed(1)} s, while an editor saved a post every second (${saves.length} saves, each adding a line to the post's content, answered in p50 ${percentile(saves, 0.5).toFixed(0)} ms, p99 ${percentile(saves, 0.99).toFixed(0)} ms)
all answers: p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms; rendered for the reader (X-Cache: MISS): ${misses.length} (${(100 * share).toFixed(2)}%), their p99 ${missP99.toFixed(0)} ms (${
    Object.entries(missedKinds)
      .map(([kind, count]) => `${count} ${kind}`)
      .join(", ") || "none"
  })
${targetList([
  {
    name: "at most 1% of answers rendered for the reader",
    met: share <= MISS_SHARE_TARGET,
    value: `${(100 * share).toFixed(2)}%`,
  },
  {
    name: `their p99 under ${MISS_P99_TARGET_MS} ms`,
    met: missP99 < MISS_P99_TARGET_MS,
    value: `${missP99.toFixed(0)} ms`,
  },
])}`;
}

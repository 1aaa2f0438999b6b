import { describe, expect, it, vi } from "vitest";
import { sanitizeContent } from "~/server/posts/content";
import { MAX_NESTING, nestsDeeperThan } from "~/server/posts/content-nesting";
import { sanitizeJob } from "~/server/posts/sanitize-job";
import { jobsInWorker, LONG_CONTENT, nestsDeeperOffThread, sanitizeOffThread } from "~/server/posts/sanitize-worker";
import { readingMinutes } from "~/shared/reading-time";
import { expectConsoleError } from "../helpers/fail-on-console-error";
import { longArticle } from "../helpers/long-content";

const LONG = longArticle(475_000);
/** What the allowlist drops and rewrites, over and over, past the length that goes to the worker. */
const HOSTILE = (
  '<p onclick="x()">a <script>alert(1)</script><a href="javascript:alert(1)">b</a>' +
  '<iframe src="https://evil.example/embed/1"></iframe><img src="data:image/png;base64,AA">' +
  '<iframe src="https://www.youtube.com/embed/abc" frameborder="0" allowfullscreen="true"></iframe>' +
  '<span style="color: red; position: fixed">c</span><!-- note --></p>'
).repeat(200);
/** Nested past the parser's limit, which the sanitizer shows as its text. */
const TOO_DEEP = ("<b>".repeat(MAX_NESTING - 1) + "</i>".repeat(MAX_NESTING - 1)).repeat(60);

describe("the sanitize worker", () => {
  it("gives byte for byte what sanitizing on the server's thread gives", async () => {
    for (const html of [LONG, HOSTILE, TOO_DEEP]) {
      expect(html.length).toBeGreaterThanOrEqual(LONG_CONTENT);
      const done = await sanitizeOffThread(html);
      expect(done).toEqual(sanitizeJob(html));
      expect(done.html).toBe(sanitizeContent(html));
      expect(done.minutes).toBe(readingMinutes(sanitizeContent(html)));
      expect(await nestsDeeperOffThread(html)).toBe(nestsDeeperThan(html));
    }
  }, 60_000);

  it("leaves the server's thread free while it works", async () => {
    await sanitizeOffThread(LONG);
    let done = false;
    let turns = 0;
    const turn = () => {
      turns += 1;
      if (!done) setImmediate(turn);
    };
    setImmediate(turn);
    await sanitizeOffThread(LONG.replace("Paragraph 1:", "Paragraph one:"));
    done = true;
    // Sanitizing here would hold the thread for the whole job: no turn in between.
    expect(turns).toBeGreaterThan(10);
  }, 60_000);

  it("sanitizes on the server's thread when its worker fails, and says so once", async () => {
    const broken = jobsInWorker(() => Promise.resolve('throw new Error("no sanitizer in this script");'));
    expectConsoleError(/The sanitize worker failed \(no sanitizer in this script\)/);
    expect(await broken("sanitizeJob", LONG)).toEqual(sanitizeJob(LONG));
    expect(await broken("sanitizeJob", HOSTILE)).toEqual(sanitizeJob(HOSTILE));
    expect(await broken("nestingJob", TOO_DEEP)).toBe(true);
    expect(vi.mocked(console.error)).toHaveBeenCalledTimes(1);
  }, 60_000);
});

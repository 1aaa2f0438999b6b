import { afterEach, describe, expect, it } from "vitest";
import { ValidationError } from "~/server/http/errors";
import { MAX_NESTING, nestsDeeperThan, plainTextOf } from "~/server/posts/content-nesting";
import { sanitizeContent } from "~/server/posts/content";
import { createPostService } from "~/server/posts/posts";
import { POST_MESSAGES } from "~/shared/schemas";
import { makePostInput } from "../helpers/factories";
import { closeStores, storeOf } from "../helpers/cli";
import { runScript } from "../helpers/node-script";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

afterEach(async () => {
  await closeStores();
  await removeTempDirs();
});

const nested = (levels: number, tag = "b") => `${`<${tag}>`.repeat(levels)}deep${`</${tag}>`.repeat(levels)}`;

describe("how deep content nests", () => {
  it("lets what the editor writes through and counts only elements that hold children", () => {
    const quill =
      '<ol><li data-list="bullet"><strong><em><a href="https://x.example">a link</a></em></strong></li></ol>';
    expect(nestsDeeperThan(quill)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_NESTING))).toBe(false);
    expect(nestsDeeperThan(nested(MAX_NESTING + 1))).toBe(true);
    // Closed levels give their depth back; void elements and comments open none.
    expect(nestsDeeperThan("<p>a</p>".repeat(5_000))).toBe(false);
    expect(nestsDeeperThan(`<p>${"<br><img src=x>".repeat(5_000)}</p>`)).toBe(false);
    expect(nestsDeeperThan(`${"<!-- x -->".repeat(5_000)}<p>a</p>`)).toBe(false);
  });

  it("gives back a level only for a closing tag the parser closes an element with", () => {
    const deeper = (round: string) => round.repeat(3);
    // Stray closing tags: the parser ignores them, so they give back nothing.
    expect(nestsDeeperThan(deeper("<b>".repeat(99) + "</i>".repeat(99)))).toBe(true);
    // Closing tags that the parser reads as something else: a comment, an attribute, a script's text.
    expect(nestsDeeperThan(deeper(`${"<b>".repeat(60)}<!--${"</b>".repeat(60)}-->`))).toBe(true);
    expect(nestsDeeperThan(deeper(`${"<b>".repeat(60)}<i title="${"</b>".repeat(60)}">`))).toBe(true);
    expect(nestsDeeperThan(deeper(`${"<b>".repeat(60)}<script>${"</b>".repeat(60)}</script>`))).toBe(true);
    // A void element the parser never opens, so its end tag closes nothing above it.
    expect(nestsDeeperThan(deeper(`<basefont>${"<b>".repeat(60)}</basefont>`))).toBe(true);
    // A name the parser reads whole: </b> does not close <b:x>.
    expect(nestsDeeperThan(deeper(`${"<b:x>".repeat(60)}${"</b>".repeat(60)}`))).toBe(true);
    // What the parser does close still gives its levels back, implied ends included.
    expect(nestsDeeperThan(`${"<b><i>".repeat(30)}${"</b>".repeat(30)}`.repeat(10))).toBe(false);
    expect(nestsDeeperThan("<li>item".repeat(5_000))).toBe(false);
  });

  it("shows too deep content as its text, sanitized like any content", () => {
    const html = `${nested(MAX_NESTING + 5, "div")}<script>alert(1)</script> & more >`;
    expect(plainTextOf(html)).toBe("<p>deep alert(1) & more ></p>");
    expect(sanitizeContent(html)).toBe("<p>deep alert(1) &amp; more &gt;</p>");
    expect(sanitizeContent(sanitizeContent(html))).toBe(sanitizeContent(html));
  });

  it("refuses too deep content on write with the field's message, storing nothing", async () => {
    const store = await storeOf(makeTempDir("nesting-"), { seed: false });
    const posts = createPostService(store);
    const error = await posts.create(makePostInput({ content: nested(MAX_NESTING + 1) + "x".repeat(60) })).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual({ content: [POST_MESSAGES.contentNesting] });
    expect(await store.listPosts()).toEqual([]);
  });

  /**
   * Bounds the work without timing it: two megabytes of nested tags are sanitized in a child that
   * is stopped after a limit far above a linear pass (milliseconds); htmlparser2's stack search,
   * quadratic in the depth, needed minutes for this input.
   */
  it("sanitizes two megabytes of nested tags in one pass", async () => {
    const script = `
      import { sanitizeContent } from "./src/server/posts/content.ts";
      const levels = 666_666;
      const html = "<b>".repeat(levels) + "deep" + "</b>".repeat(levels);
      process.stdout.write(sanitizeContent(html));
    `;
    const { code, stdout } = await runScript(script, { timeoutMs: 60_000 });
    expect({ code, stdout }).toEqual({ code: 0, stdout: "<p>deep</p>" });
  }, 70_000);

  /** The same bound for the shape that walked around a guard counting every closing tag. */
  it("sanitizes half a megabyte of open tags between stray closing tags in one pass", async () => {
    const script = `
      import { sanitizeContent } from "./src/server/posts/content.ts";
      const round = "<b>".repeat(99) + "</i>".repeat(99);
      const html = round.repeat(Math.ceil(480_000 / round.length)) + "deep";
      process.stdout.write(sanitizeContent(html));
    `;
    const { code, stdout } = await runScript(script, { timeoutMs: 60_000 });
    expect({ code, stdout }).toEqual({ code: 0, stdout: "<p>deep</p>" });
  }, 70_000);
});

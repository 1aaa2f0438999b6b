import { describe, expect, it } from "vitest";
import { MAX_URL_LENGTH, sanitizeContent } from "~/server/posts/content";

/**
 * Inputs built to make the sanitizer slow. No timing here (`npm run bench` reports it): these
 * check that each completes and what it leaves. Before the one-pass comment removal, the first
 * took minutes.
 */
const MB_OF_COMMENT_OPENERS = "<!--".repeat(262_144);

describe("sanitizing hostile content", () => {
  it("1 MB of unclosed <!-- in an href: the link keeps its text and loses the address", () => {
    expect(sanitizeContent(`<p><a href="${MB_OF_COMMENT_OPENERS}">x</a></p>`)).toBe("<p><a>x</a></p>");
  });

  it("1 MB of unclosed <!-- in an image or frame source drops the element", () => {
    expect(sanitizeContent(`<p>a<img src="${MB_OF_COMMENT_OPENERS}">b</p>`)).toBe("<p>ab</p>");
    expect(
      sanitizeContent(`<iframe src="https://www.youtube.com/embed/${MB_OF_COMMENT_OPENERS}"></iframe><p>c</p>`),
    ).toBe("<p>c</p>");
  });

  it("1 MB of <!-- as text is one unclosed comment, which leaves nothing", () => {
    expect(sanitizeContent(MB_OF_COMMENT_OPENERS)).toBe("");
  });

  it("many closed comments inside a URL are still seen through", () => {
    const href = `java${"<!--x-->".repeat(200)}script:alert(1)`;
    expect(sanitizeContent(`<a href="${href}">x</a>`)).toBe("<a>x</a>");
  });

  it(`keeps a URL of ${MAX_URL_LENGTH} characters and drops a longer one`, () => {
    const url = (length: number) => `https://example.com/${"a".repeat(length - "https://example.com/".length)}`;
    expect(sanitizeContent(`<a href="${url(MAX_URL_LENGTH)}">x</a>`)).toBe(`<a href="${url(MAX_URL_LENGTH)}">x</a>`);
    expect(sanitizeContent(`<a href="${url(MAX_URL_LENGTH + 1)}">x</a>`)).toBe("<a>x</a>");
  });
});

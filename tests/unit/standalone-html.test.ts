import { describe, expect, it } from "vitest";
import { escapeHtml } from "~/shared/escape-html";
import { buildStandaloneHtml, hasIframe, wrapIframes } from "~/app/lib/standalone-html";

const VIDEO = '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="315"></iframe>';

describe("wrapIframes (docs/product.md section 5: pasted iframes get a responsive container)", () => {
  it("wraps each iframe, closed or not, and leaves other HTML alone", () => {
    expect(wrapIframes(`<p>Hi</p>${VIDEO}<p>Bye</p>`)).toBe(
      `<p>Hi</p><div class="video-container">${VIDEO}</div><p>Bye</p>`,
    );
    expect(wrapIframes('<IFRAME src="https://player.vimeo.com/video/1">')).toBe(
      '<div class="video-container"><IFRAME src="https://player.vimeo.com/video/1"></div>',
    );
    expect(wrapIframes(`${VIDEO}${VIDEO}`)).toBe(`<div class="video-container">${VIDEO}</div>`.repeat(2));
    expect(wrapIframes("<p>No video</p>")).toBe("<p>No video</p>");
  });

  it("never nests containers, so wrapping twice is the same as once", () => {
    const once = wrapIframes(`<p>a</p>${VIDEO}`);
    expect(wrapIframes(once)).toBe(once);
    expect(wrapIframes(`<div class="video-container">\n  ${VIDEO}\n</div>`)).toBe(
      `<div class="video-container">\n  ${VIDEO}\n</div>`,
    );
    // A wrapped and an unwrapped iframe: only the second gets a container.
    expect(wrapIframes(`${once}${VIDEO}`)).toBe(`${once}<div class="video-container">${VIDEO}</div>`);
  });

  it("hasIframe finds an iframe tag in any case, not the word", () => {
    expect(hasIframe("<p>x</p><IFrame src=x>")).toBe(true);
    expect(hasIframe("iframes are great")).toBe(false);
  });
});

describe("buildStandaloneHtml (docs/product.md sections 2 and 5)", () => {
  const page = buildStandaloneHtml({
    title: 'Queues & "Lines" <today>',
    coverImage: "https://example.com/cover.jpg?a=1&b=2",
    summary: "Why <waiting> matters",
    content: `<p>Hello <strong>world</strong></p>${VIDEO}`,
  });

  it("is a complete document with doctype, lang, charset and viewport", () => {
    expect(page.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(page).toContain('<meta charset="utf-8">');
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page.trimEnd().endsWith("</html>")).toBe(true);
  });

  it("escapes the title, summary and cover address, and keeps the content's HTML", () => {
    expect(page).toContain("<title>Queues &amp; &quot;Lines&quot; &lt;today&gt;</title>");
    expect(page).toContain("<h1>Queues &amp; &quot;Lines&quot; &lt;today&gt;</h1>");
    expect(page).toContain('<meta name="description" content="Why &lt;waiting&gt; matters">');
    expect(page).toContain('src="https://example.com/cover.jpg?a=1&amp;b=2"');
    expect(page).toContain("<p>Hello <strong>world</strong></p>");
    expect(page).toContain(`<div class="video-container">${VIDEO}</div>`);
  });

  it("has the responsive video CSS inline", () => {
    expect(page).toMatch(/\.video-container \{[^}]*padding-bottom: 56\.25%/);
    expect(page).toMatch(/\.video-container iframe \{[^}]*position: absolute/);
  });

  it("leaves out the description, summary and cover when they are empty", () => {
    const bare = buildStandaloneHtml({ title: "Only a title", content: "<p>Body</p>", summary: "  ", coverImage: "" });
    expect(bare).not.toContain('name="description"');
    expect(bare).not.toContain('class="summary"');
    expect(bare).not.toContain("<img");
    expect(bare).toContain("<p>Body</p>");
  });

  it("escapeHtml covers both quote kinds", () => {
    expect(escapeHtml(`<a href='x' title="y">&</a>`)).toBe(
      "&lt;a href=&#39;x&#39; title=&quot;y&quot;&gt;&amp;&lt;/a&gt;",
    );
  });
});

/**
 * The alt text and captions the editor gives a post's images (src/app/lib/image-text.ts), and that
 * what it writes survives the content policy of src/server/posts/content.ts unchanged. The code
 * runs in the browser with DOMParser, so these tests run in a DOM (jsdom).
 */
import { describe, expect, it } from "vitest";
import { imagesIn, imagesWithoutAlt, withImageText } from "~/app/lib/image-text";
import { prepareContentForSave } from "~/app/lib/editor-content";
import { sanitizeContent } from "~/server/posts/content";

const A = `/media/${"a".repeat(64)}.png`;
const B = `/media/${"b".repeat(64)}.jpg`;

describe("the images of a post", () => {
  it("are listed in order with their alt text and caption", () => {
    const html = `<p>Intro <img src="${A}"></p><figure><img src="${B}" alt="A queue"><figcaption>Before</figcaption></figure>`;
    expect(imagesIn(html)).toEqual([
      { src: A, alt: "", caption: "" },
      { src: B, alt: "A queue", caption: "Before" },
    ]);
  });

  it("without alt text, or with only spaces, are the ones to warn about", () => {
    const html = `<p><img src="${A}" alt=" "></p><p><img src="${B}" alt="Chart"></p><p><img src="${A}"></p>`;
    expect(imagesWithoutAlt(html).map((i) => i.index)).toEqual([0, 2]);
  });
});

describe("giving an image its alt text and caption", () => {
  it("turns an image on a line of its own into a figure in place of that line", () => {
    const html = `<p>First</p><p><img src="${A}"></p><p>Last</p>`;
    expect(withImageText(html, 0, { alt: "  A clinic's waiting room ", caption: "Morning, before opening" })).toBe(
      `<p>First</p><figure><img src="${A}" alt="A clinic's waiting room"><figcaption>Morning, before opening</figcaption></figure><p>Last</p>`,
    );
  });

  it("moves an image out of a paragraph with text into a figure after it", () => {
    const html = `<p>Look <img src="${A}"> here</p>`;
    expect(withImageText(html, 0, { alt: "Chart", caption: "" })).toBe(
      `<p>Look  here</p><figure><img src="${A}" alt="Chart"></figure>`,
    );
  });

  it("changes a figure's caption, removes it when emptied, and leaves the other images alone", () => {
    const html = `<figure><img src="${A}" alt="One"><figcaption>Old</figcaption></figure><p><img src="${B}"></p>`;
    const renamed = withImageText(html, 0, { alt: "One", caption: "New & <improved>" });
    expect(renamed).toBe(
      `<figure><img src="${A}" alt="One"><figcaption>New &amp; &lt;improved&gt;</figcaption></figure><p><img src="${B}"></p>`,
    );
    expect(withImageText(renamed, 0, { alt: "One", caption: " " })).toBe(
      `<figure><img src="${A}" alt="One"></figure><p><img src="${B}"></p>`,
    );
    expect(withImageText(html, 5, { alt: "x", caption: "" })).toBe(html);
  });

  it("writes what the sanitizer keeps, so alt text and caption are saved as given", () => {
    const html = withImageText(`<p><img src="${A}"></p>`, 0, { alt: "A queue", caption: "Before" });
    const saved = sanitizeContent(prepareContentForSave(html));
    expect(saved).toBe(`<figure><img src="${A}" alt="A queue" /><figcaption>Before</figcaption></figure>`);
    expect(imagesIn(saved)).toEqual([{ src: A, alt: "A queue", caption: "Before" }]);
  });
});

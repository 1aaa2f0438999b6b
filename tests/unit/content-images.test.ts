import { describe, expect, it } from "vitest";
import { sanitizeContent } from "~/server/posts/content";
import { withResponsiveImages, CONTENT_IMAGE_SIZES } from "~/server/media/responsive-html";

const HASH = "a".repeat(64);

describe("the sanitizer's <img> rules", () => {
  it("keeps an uploaded image with alt, width, height, srcset, sizes and loading", () => {
    const html = `<img src="/media/${HASH}.jpg" alt="A queue" width="800" height="600" srcset="/media/${HASH}-480w.jpg 480w, /media/${HASH}.jpg 800w" sizes="(min-width: 48rem) 736px, 100vw" loading="lazy" />`;
    expect(sanitizeContent(html)).toBe(html);
  });

  it("keeps http and https images", () => {
    expect(sanitizeContent('<img src="https://cdn.example.com/a.png" alt="" />')).toBe(
      '<img src="https://cdn.example.com/a.png" alt="" />',
    );
    expect(sanitizeContent('<img src="http://cdn.example.com/a.png" />')).toBe(
      '<img src="http://cdn.example.com/a.png" alt="" />',
    );
  });

  it("drops images from anywhere else: other paths, data:, javascript:, protocol-relative", () => {
    for (const src of [
      "/uploads/a.png",
      "data:image/png;base64,AAAA",
      "javascript:alert(1)",
      "//evil.example/a.png",
      "/media/../db.json",
      "a.png",
    ]) {
      expect(sanitizeContent(`<p>x</p><img src="${src}">`), src).toBe("<p>x</p>");
    }
  });

  it("keeps only the srcset candidates that are allowed addresses", () => {
    const out = sanitizeContent(
      `<img src="/media/${HASH}.png" srcset="/media/${HASH}-480w.png 480w, javascript:alert(1) 2x, /etc/passwd 1x, https://e.com/b.png 960w">`,
    );
    expect(out).toBe(
      `<img src="/media/${HASH}.png" srcset="/media/${HASH}-480w.png 480w, https://e.com/b.png 960w" alt="" />`,
    );
  });

  it("drops malformed width, height, loading and sizes, and every other attribute", () => {
    const out = sanitizeContent(
      `<img src="/media/${HASH}.png" width="100%" height="12" loading="soon" sizes="<script>" onerror="alert(1)" style="x">`,
    );
    expect(out).toBe(`<img src="/media/${HASH}.png" height="12" alt="" />`);
  });
});

describe("images with alt text and captions", () => {
  it("keeps a figure with its image and caption, as a fixed point", () => {
    const html = `<figure><img src="/media/${HASH}.jpg" alt="A queue at a pharmacy" /><figcaption>Morning rush, <em>before</em> QueueWise</figcaption></figure>`;
    expect(sanitizeContent(html)).toBe(html);
    expect(sanitizeContent(sanitizeContent(html))).toBe(html);
  });

  it("gives an image without alt text an empty one, so a screen reader skips it instead of reading its address", () => {
    const out = sanitizeContent(`<figure><img src="/media/${HASH}.jpg"><figcaption>Caption</figcaption></figure>`);
    expect(out).toBe(`<figure><img src="/media/${HASH}.jpg" alt="" /><figcaption>Caption</figcaption></figure>`);
  });

  it("drops what a caption or figure may not carry", () => {
    expect(
      sanitizeContent(
        `<figure onclick="x()"><img src="/media/${HASH}.jpg" alt="A"><figcaption><script>x()</script>Hi</figcaption></figure>`,
      ),
    ).toBe(`<figure><img src="/media/${HASH}.jpg" alt="A" /><figcaption>Hi</figcaption></figure>`);
  });
});

describe("responsive images in post content", () => {
  it("adds srcset, sizes, width, height and lazy loading to our own images only", () => {
    const lookup = (src: string) =>
      src === `/media/${HASH}.jpg`
        ? { src, width: 2000, height: 1000, srcSet: `/media/${HASH}-480w.jpg 480w` }
        : undefined;
    const html = sanitizeContent(`<p>a</p><img src="/media/${HASH}.jpg" alt="Line"><img src="https://e.com/x.png">`);
    expect(withResponsiveImages(html, lookup)).toBe(
      `<p>a</p><img src="/media/${HASH}.jpg" alt="Line" width="2000" height="1000" srcset="/media/${HASH}-480w.jpg 480w" sizes="${CONTENT_IMAGE_SIZES}" loading="lazy" /><img src="https://e.com/x.png" alt="" />`,
    );
  });
});

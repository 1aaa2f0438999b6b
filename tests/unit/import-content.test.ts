import { describe, expect, it } from "vitest";
import { cleanContent, finishContent, type ContentContext } from "~/server/import/clean-content";
import { localFile } from "~/server/import/import-images";
import { parseBackupContents, serializeBackup } from "~/server/backups/backup-file";
import { IMPORT_MESSAGES } from "~/shared/import";
import { redirectKey, redirectKeyOf } from "~/shared/redirects";

/**
 * What an import makes of WordPress's and Ghost's HTML (docs/decisions/253-imported-content-cleaned-not-lost.md),
 * where an image of `--media-dir` is read from, the key an old address is kept under, and the
 * redirects a backup carries.
 */
const context: ContentContext = {
  origins: ["https://old.example"],
  linkTarget: (path, query) =>
    query.get("p") === "5" ? "/blog/five" : path.replace(/\/$/, "") === "/2024/01/02/two" ? "/blog/two" : undefined,
  attachment: (id) =>
    id === "9" ? { url: "https://old.example/wp-content/uploads/g.png", alt: "Gallery <9>" } : undefined,
};
const clean = (html: string) => {
  const cleaned = cleanContent(html, context);
  return { ...cleaned, html: finishContent(cleaned.html, new Map(), context) };
};

describe("cleaning imported content", () => {
  it("strips Gutenberg's comments and makes paragraphs of classic text", () => {
    expect(clean("<!-- wp:paragraph --><p>One</p><!-- /wp:paragraph -->").html).toBe("<p>One</p>");
    expect(clean("First line\nsecond line\n\nNext paragraph").html).toBe(
      "<p>First line<br />second line</p>\n<p>Next paragraph</p>",
    );
  });

  it("turns [caption], [embed], [gallery], oEmbed lines and video iframes into the editor's markup", () => {
    const { html, images, problems } = clean(
      [
        '[caption id="a" width="300"]<a href="https://old.example/x"><img src="/wp-content/uploads/k.png" alt="Kiosk"></a> By the door[/caption]',
        "[embed]https://youtu.be/dQw4w9WgXcQ[/embed]",
        "https://vimeo.com/76979871",
        '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?rel=0"></iframe>',
        '[gallery ids="9,404"]',
        "[[not-a-shortcode]]",
      ].join("\n\n"),
    );
    expect(html).toContain(
      '<figure><img src="https://old.example/wp-content/uploads/k.png" alt="Kiosk" /><figcaption>By the door</figcaption></figure>',
    );
    expect(html.match(/youtube\.com\/embed\/dQw4w9WgXcQ/g)).toHaveLength(2);
    expect(html).toContain("https://player.vimeo.com/video/76979871");
    expect(html).toContain('alt="Gallery &lt;9&gt;"');
    expect(html).toContain("[not-a-shortcode]");
    expect(images).toEqual([
      "https://old.example/wp-content/uploads/k.png",
      "https://old.example/wp-content/uploads/g.png",
    ]);
    expect(problems).toEqual([]);
  });

  it("removes an unknown shortcode keeping its text, drops a foreign iframe, and reports both", () => {
    const { html, problems } = clean(
      '<p>[note type="x"]Keep me[/note] and [poll id=3]</p><iframe src="https://ads.example/f"></iframe>',
    );
    expect(html).toBe("<p>Keep me and </p>");
    expect(problems).toEqual([
      IMPORT_MESSAGES.iframeRemoved("https://ads.example/f"),
      IMPORT_MESSAGES.unknownShortcode("note"),
      IMPORT_MESSAGES.unknownShortcode("poll"),
    ]);
  });

  it("rewrites links to the old site, leaving other sites' alone", () => {
    const { html } = clean(
      '<p><a href="https://old.example/?p=5">a</a> <a href="https://old.example/2024/01/02/two/">b</a> <a href="https://old.example/about/">c</a> <a href="https://elsewhere.example/">d</a></p>',
    );
    expect(html).toBe(
      '<p><a href="/blog/five">a</a> <a href="/blog/two">b</a> <a href="/about/">c</a> <a href="https://elsewhere.example/">d</a></p>',
    );
  });

  it("swaps each stored image for its copy in the media library", () => {
    const cleaned = cleanContent(
      '<p><img src="https://old.example/a.png" alt="A" class="wp-image-3" srcset="x 2x"></p>',
      context,
    );
    const html = finishContent(
      cleaned.html,
      new Map([["https://old.example/a.png", `/media/${"a".repeat(64)}.png`]]),
      context,
    );
    expect(html).toBe(`<p><img src="/media/${"a".repeat(64)}.png" alt="A" /></p>`);
  });
});

describe("images from --media-dir", () => {
  it("reads the path after wp-content/uploads or content/images, never outside the folder", () => {
    expect(localFile("https://old.example/wp-content/uploads/2024/05/a.png", "/srv/up")).toBe("/srv/up/2024/05/a.png");
    expect(localFile("https://ghost-site.invalid/content/images/2024/b%20c.jpg", "/srv/up")).toBe(
      "/srv/up/2024/b c.jpg",
    );
    expect(localFile("https://old.example/wp-content/uploads/../../etc/passwd", "/srv/up")).toBeUndefined();
    expect(localFile("https://old.example/wp-content/uploads/%2e%2e/%2e%2e/etc/passwd", "/srv/up")).toBeUndefined();
    expect(localFile("https://old.example/images/a.png", "/srv/up")).toBeUndefined();
  });
});

describe("an old address's key", () => {
  it("drops the trailing slash and every query parameter but p and page_id", () => {
    expect(redirectKey("/2024/05/kiosk/")).toBe("/2024/05/kiosk");
    expect(redirectKey("/", new URLSearchParams("utm_source=x&p=12"))).toBe("/?p=12");
    expect(redirectKey("/", new URLSearchParams("page_id=4"))).toBe("/?page_id=4");
    expect(redirectKey("/", new URLSearchParams("s=x"))).toBe("/");
    expect(redirectKeyOf("/old/?page_id=3&x=1")).toBe("/old?page_id=3");
  });
});

describe("redirects in a backup", () => {
  it("are written and read back with the site's records", () => {
    const redirect = {
      id: 3,
      path: "/?p=5",
      target: "/blog/five",
      createdAt: "2026-01-01T00:00:00.000Z",
      source: "wordpress:5",
    };
    const text = serializeBackup([], "2026-01-02T00:00:00.000Z", {}, { records: { addressRedirects: [redirect] } });
    expect(parseBackupContents(JSON.parse(text), "backup").addressRedirects).toEqual([redirect]);
  });
});

/**
 * docs/product.md section 4: what the editor's HTML goes through before saving
 * (src/app/lib/editor-content.ts): editor-only decorations stripped, the justano repair, and video
 * preservation; and that an editor video survives the content policy of src/server/posts/content.ts.
 * The code runs in the browser with DOMParser, so these tests run in a DOM (jsdom).
 */
import { describe, expect, it } from "vitest";
import {
  extractIframes,
  iframeSrc,
  isEditorEmpty,
  isImageAddress,
  prepareContentForSave,
  repairJustano,
  restoreLostIframes,
  stripEditorDecorations,
  videoKey,
} from "~/app/lib/editor-content";
import { embedFromUrl } from "~/shared/embeds";
import { sanitizeContent } from "~/server/posts/content";

const YT = "https://www.youtube.com/embed/dQw4w9WgXcQ";
const YT2 = "https://www.youtube.com/embed/9bZkp7q19f0";
const VM = "https://player.vimeo.com/video/76979871";

/** An iframe as the editor's video blot writes it in root.innerHTML (Quill 2's, plus a title). */
const quillVideo = (src: string, width = 560, height = 315) =>
  `<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="${src}" ` +
  `title="${src.includes("vimeo") ? "Vimeo" : "YouTube"} video player" width="${width}" height="${height}"></iframe>`;

function iframes(html: string) {
  return [...new DOMParser().parseFromString(html, "text/html").querySelectorAll("iframe")];
}
const srcs = (html: string) => iframes(html).map((e) => e.getAttribute("src"));
const attributesOf = (e: Element) => Object.fromEntries([...e.attributes].map((a) => [a.name, a.value]));
/** `html` as the DOM writes it back: what code that changes nothing in it answers. */
const asSerialized = (html: string) => new DOMParser().parseFromString(html, "text/html").body.innerHTML;

describe("stripEditorDecorations", () => {
  it("removes elements marked data-editor-only or class editor-only, with their content", () => {
    const html =
      `<p>One</p><div data-editor-only="true"><span>Embedded <b>Video</b></span><div>nested</div></div>` +
      `<p>Two <span class="badge editor-only">hint</span>end</p><p data-editor-only>gone</p><p>Three</p>`;
    expect(stripEditorDecorations(html)).toBe("<p>One</p><p>Two end</p><p>Three</p>");
  });

  it("removes the blue Embedded Video banner but keeps the video", () => {
    const banner = `<div style="background:#dbeafe;color:#1d4ed8;padding:8px">📹 Embedded Video</div>`;
    const html = `<p>Intro</p>${banner}${quillVideo(YT)}<p>After</p>`;
    expect(stripEditorDecorations(html)).toBe(`<p>Intro</p>${quillVideo(YT)}<p>After</p>`);
    expect(stripEditorDecorations(`<div class="embedded-video-banner"><strong>Video</strong></div><p>x</p>`)).toBe(
      "<p>x</p>",
    );
  });

  it("keeps a paragraph or a code block that merely says Embedded Video", () => {
    const html =
      `<p>Embedded Video</p><h2>Embedded video</h2>` +
      `<div class="ql-code-block-container" spellcheck="false"><div class="ql-code-block">Embedded Video</div></div>`;
    expect(stripEditorDecorations(html)).toBe(html);
  });

  it("removes Quill's own list markers and cursor from root.innerHTML", () => {
    const html =
      `<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>One</li>` +
      `<li data-list="ordered"><span class="ql-ui" contenteditable="false"></span>Two</li></ol>` +
      `<p>a<span class="ql-cursor">\uFEFF</span>b</p>`;
    expect(stripEditorDecorations(html)).toBe(
      `<ol><li data-list="bullet">One</li><li data-list="ordered">Two</li></ol><p>ab</p>`,
    );
  });

  it("handles void and self-closed decorations and leaves other content as it was", () => {
    expect(stripEditorDecorations(`<p>a<br class="editor-only">b<img data-editor-only src="x.png"/>c</p>`)).toBe(
      "<p>abc</p>",
    );
    const plain = `<h1 class="ql-align-center">T</h1><p>x &amp; y <a href="https://e.example" title="a > b">l</a></p>${quillVideo(VM, 640, 360)}`;
    expect(stripEditorDecorations(plain)).toBe(asSerialized(plain));
    expect(stripEditorDecorations(plain)).toContain(`<p>x &amp; y <a href="https://e.example"`);
    expect(stripEditorDecorations(plain)).toContain(quillVideo(VM, 640, 360));
    expect(stripEditorDecorations("")).toBe("");
  });

  it("does not treat data-editor-only=false as a decoration", () => {
    expect(stripEditorDecorations(`<p data-editor-only="false">kept</p>`)).toBe(`<p data-editor-only="false">kept</p>`);
  });
});

describe("repairJustano", () => {
  it("turns a justano element back into an iframe", () => {
    expect(
      repairJustano(
        `<p>a</p><justano class="ql-video" frameborder="0" allowfullscreen="true" src="${YT}"></justano><p>b</p>`,
      ),
    ).toBe(`<p>a</p><iframe class="ql-video" frameborder="0" allowfullscreen="true" src="${YT}"></iframe><p>b</p>`);
  });

  it("repairs any case, self-closed and unclosed tags, and drops stray end tags", () => {
    expect(repairJustano(`<JUSTANO src="${YT}"></JUSTANO>`)).toBe(`<iframe src="${YT}"></iframe>`);
    expect(repairJustano(`<justano src="${YT}"/>`)).toBe(`<iframe src="${YT}"></iframe>`);
    expect(repairJustano(`<justano src="${YT}"><p>x</p>`)).toBe(`<iframe src="${YT}"></iframe><p>x</p>`);
    expect(repairJustano(`<p>x</p></justano>`)).toBe("<p>x</p>");
    expect(repairJustano(`<justano title="a > b" src="${YT}"></justano>`)).toBe(
      asSerialized(`<iframe title="a > b" src="${YT}"></iframe>`),
    );
  });

  it("leaves other tags and text alone", () => {
    const html = `<p>justano is a word</p><justanother>x</justanother>${quillVideo(YT)}`;
    expect(repairJustano(html)).toBe(html);
  });

  it("gives an iframe the content policy keeps", () => {
    const repaired = repairJustano(
      `<justano class="ql-video" frameborder="0" allowfullscreen="true" src="${YT}"></justano>`,
    );
    expect(srcs(sanitizeContent(repaired))).toEqual([YT]);
  });
});

describe("extractIframes", () => {
  it("lists every iframe in order, closed and in lower case", () => {
    const html = `<p>a</p>${quillVideo(YT)}<p>b</p><IFRAME src="${VM}"></IFRAME><iframe src="${YT2}">`;
    const closed = [quillVideo(YT), `<iframe src="${VM}"></iframe>`, `<iframe src="${YT2}"></iframe>`];
    expect(extractIframes(html)).toEqual(closed);
    expect(extractIframes(html).map(iframeSrc)).toEqual([YT, VM, YT2]);
    expect(extractIframes("<p>none</p>")).toEqual([]);
  });

  it("does not let an unclosed iframe swallow the next one", () => {
    expect(extractIframes(`<iframe src="${YT}"><p>x</p><iframe src="${VM}"></iframe>`).map(iframeSrc)).toEqual([
      YT,
      VM,
    ]);
    expect(repairJustano(`<iframe src="${YT}"><p>x</p>`)).toBe(`<iframe src="${YT}"></iframe><p>x</p>`);
  });

  it("compares videos by their player address", () => {
    expect(videoKey(`http://youtube.com/embed/dQw4w9WgXcQ`)).toBe(videoKey(YT));
    expect(videoKey(`${VM}?h=abc123&amp;badge=0`)).toBe(videoKey(`${VM}?h=abc123&badge=0`));
    expect(videoKey(YT)).not.toBe(videoKey(YT2));
  });
});

describe("restoreLostIframes", () => {
  const original = `<p>1</p>${quillVideo(YT)}<p>2</p><p>3</p>${quillVideo(VM, 640, 360)}<p>4</p>`;

  it("returns the edited content unchanged when no video was lost", () => {
    const edited = `<p>1 edited</p>${quillVideo(YT)}<p>2</p>${quillVideo(VM, 640, 360)}`;
    expect(restoreLostIframes(original, edited)).toBe(edited);
  });

  it("does not duplicate a video that is still there, whatever its spelling", () => {
    const edited = `<p>1</p><p>2</p><iframe src="http://youtube.com/embed/dQw4w9WgXcQ"></iframe><p>3</p><p>4</p>`;
    const restored = restoreLostIframes(original, edited);
    expect(srcs(restored)).toEqual(["http://youtube.com/embed/dQw4w9WgXcQ", VM]);
  });

  it("puts lost videos back in order, evenly spaced between paragraphs", () => {
    const edited = "<p>1</p><p>2</p><p>3</p><p>4</p><p>5</p><p>6</p>";
    const restored = restoreLostIframes(original, edited);
    expect(restored).toBe(
      `<p>1</p><p>2</p>${quillVideo(YT)}<p>3</p><p>4</p>${quillVideo(VM, 640, 360)}<p>5</p><p>6</p>`,
    );
  });

  it("keeps their order when they land in the same gap", () => {
    const three = `${quillVideo(YT)}${quillVideo(VM, 640, 360)}${quillVideo(YT2)}`;
    expect(srcs(restoreLostIframes(three, "<p>a</p><p>b</p>"))).toEqual([YT, VM, YT2]);
    expect(restoreLostIframes(three, "<p>a</p><p>b</p>")).toBe(`<p>a</p>${three}<p>b</p>`);
  });

  it("appends them when there is no gap between paragraphs", () => {
    expect(restoreLostIframes(original, "<p>only</p>")).toBe(`<p>only</p>${quillVideo(YT)}${quillVideo(VM, 640, 360)}`);
    expect(restoreLostIframes(original, "")).toBe(`${quillVideo(YT)}${quillVideo(VM, 640, 360)}`);
    expect(restoreLostIframes(original, "plain text")).toBe(`plain text${quillVideo(YT)}${quillVideo(VM, 640, 360)}`);
  });

  it("counts each copy of a video", () => {
    const twice = `<p>a</p>${quillVideo(YT)}<p>b</p>${quillVideo(YT)}<p>c</p>`;
    expect(srcs(restoreLostIframes(twice, `<p>a</p>${quillVideo(YT)}<p>b</p><p>c</p>`))).toEqual([YT, YT]);
    expect(srcs(restoreLostIframes(twice, `<p>a</p>${quillVideo(YT)}<p>b</p>${quillVideo(YT)}<p>c</p>`))).toEqual([
      YT,
      YT,
    ]);
  });

  it("only places videos between top-level blocks, never inside a list or quote", () => {
    const edited = `<ol><li data-list="bullet">a</li><li data-list="bullet">b</li></ol><blockquote>q</blockquote><p>c</p>`;
    const restored = restoreLostIframes(`${quillVideo(YT)}`, edited);
    expect(restored).toBe(
      `<ol><li data-list="bullet">a</li><li data-list="bullet">b</li></ol><blockquote>q</blockquote>${quillVideo(YT)}<p>c</p>`,
    );
  });

  it("leaves deleted-on-purpose videos out", () => {
    const edited = "<p>1</p><p>2</p><p>3</p>";
    expect(srcs(restoreLostIframes(original, edited, [YT]))).toEqual([VM]);
    expect(srcs(restoreLostIframes(original, edited, [`//www.youtube.com/embed/dQw4w9WgXcQ`, VM]))).toEqual([]);
  });

  it("restores only YouTube and Vimeo players, and closes an unclosed one", () => {
    const withForeign = `<p>a</p><iframe src="https://evil.example/x"></iframe><iframe src="${YT}"><p>b</p>`;
    expect(restoreLostIframes(withForeign, "<p>a</p><p>b</p>")).toBe(`<p>a</p><iframe src="${YT}"></iframe><p>b</p>`);
  });
});

describe("prepareContentForSave", () => {
  it("repairs, strips and restores in one go", () => {
    const original = `<p>Intro</p>${quillVideo(YT)}<p>Middle</p><justano class="ql-video" src="${VM}"></justano><p>End</p>`;
    const edited = `<p>Intro edited</p><div data-editor-only>Embedded Video</div><p>Middle</p><p>End</p>`;
    const saved = prepareContentForSave(edited, original);
    expect(saved).not.toMatch(/justano|editor-only|Embedded Video/);
    expect(srcs(saved)).toEqual([YT, VM]);
  });

  it("without an original (a new post) only cleans", () => {
    expect(prepareContentForSave(`<p>a</p><justano src="${YT}"></justano><p class="editor-only">x</p>`)).toBe(
      `<p>a</p><iframe src="${YT}"></iframe>`,
    );
  });

  it("keeps Quill 2's own video iframe (no title) through the sanitizer, which names the player", () => {
    const bare = `<p>a</p><iframe class="ql-video" frameborder="0" allowfullscreen="true" src="${YT}"></iframe>`;
    // The policy also drops the obsolete frameborder and writes allowfullscreen as a boolean.
    const titled = `<p>a</p><iframe class="ql-video" allowfullscreen src="${YT}" title="YouTube video player"></iframe>`;
    expect(sanitizeContent(prepareContentForSave(bare, bare))).toBe(titled);
  });

  it("round trip: a video inserted by the editor keeps its src through saving and the sanitizer", () => {
    const { src, width, height } = embedFromUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=5")!;
    const vimeo = embedFromUrl("https://vimeo.com/76979871")!;
    const editorHtml =
      `<p>Watch this:</p>${quillVideo(src, width, height)}` +
      `<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>point</li></ol>` +
      `${quillVideo(vimeo.src, vimeo.width, vimeo.height)}<p><br></p>`;
    const stored = sanitizeContent(prepareContentForSave(editorHtml, editorHtml));
    const frames = iframes(stored);
    expect(frames.map(attributesOf)).toEqual([
      { class: "ql-video", allowfullscreen: "", src: YT, title: "YouTube video player", width: "560", height: "315" },
      { class: "ql-video", allowfullscreen: "", src: VM, title: "Vimeo video player", width: "640", height: "360" },
    ]);
    // Stored content is a fixed point: editing it again and saving changes nothing.
    expect(sanitizeContent(prepareContentForSave(stored, stored))).toBe(stored);
  });

  it("an edited post saved with its videos lost gets them back through the sanitizer", () => {
    const original = sanitizeContent(`<p>a</p>${quillVideo(YT)}<p>b</p><p>c</p>`);
    const stored = sanitizeContent(prepareContentForSave("<p>a</p><p>b</p><p>c changed</p>", original));
    expect(srcs(stored)).toEqual([YT]);
  });
});

describe("isEditorEmpty", () => {
  it("sees Quill's empty document as empty, and text or a video as content", () => {
    expect(isEditorEmpty("<p><br></p>")).toBe(true);
    expect(isEditorEmpty("")).toBe(true);
    expect(isEditorEmpty("<p> &nbsp; </p>")).toBe(true);
    expect(isEditorEmpty("<p>x</p>")).toBe(false);
    expect(isEditorEmpty(quillVideo(YT))).toBe(false);
  });
});

describe("isImageAddress", () => {
  it("accepts http(s) and uploads of this site, which the content policy keeps", () => {
    for (const src of [
      "https://example.com/a.png",
      "http://example.com/a.gif",
      `/media/${"a".repeat(64)}.jpg`,
      " https://e.example/x.bmp ",
    ]) {
      expect(isImageAddress(src)).toBe(true);
    }
  });

  it("refuses data:, javascript:, protocol-relative and junk", () => {
    for (const src of [
      "data:image/png;base64,AAAA",
      "javascript:alert(1)",
      "//evil.example/a.png",
      "/\\evil.example/a.png",
      "a.png",
      "",
      "/uploads/a.jpg",
      "/media/../db.json",
    ]) {
      expect(isImageAddress(src)).toBe(false);
    }
  });
});

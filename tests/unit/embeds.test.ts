/**
 * docs/product.md section 5 "Editor paste rules": which pasted links and embed codes become videos
 * (src/shared/embeds.ts), and that every src made here passes the content policy.
 */
import { describe, expect, it } from "vitest";
import {
  EMBED_CODE_NOTICE,
  EMBED_CODE_REFUSED_NOTICE,
  VIDEOS_FOUND_NOTICE,
  VIMEO_SIZE,
  VIMEO_URL_NOTICE,
  YOUTUBE_SIZE,
  YOUTUBE_URL_NOTICE,
  decodeEntities,
  embedFromUrl,
  embedProvider,
  embedSrc,
  embedsFromCode,
  isEmbedCode,
  embedSize,
  isForeignEmbedCode,
  parseAttributes,
  videoTitle,
  vimeoId,
  youtubeId,
} from "~/shared/embeds";
import { sanitizeContent } from "~/server/posts/content";

const ID = "dQw4w9WgXcQ"; // 11 characters

describe("youtubeId", () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://music.youtube.com/watch?v=${ID}&list=RDAMVM${ID}`,
    `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s`,
    `https://www.youtube.com/watch?v=${ID}#t=1m`,
    `www.youtube.com/watch?v=${ID}`,
    `youtube.com/watch?v=${ID}`,
    `//www.youtube.com/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abcDEF123&t=10`,
    `youtu.be/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://youtube.com/shorts/${ID}?feature=share`,
    `https://www.youtube.com/shorts/${ID}/`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube.com/embed/${ID}?start=30`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/live/${ID}`,
    `  https://www.youtube.com/watch?v=${ID}\n`,
    `HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`,
  ])("finds the id in %s", (url) => {
    expect(youtubeId(url)).toBe(ID);
  });

  it("keeps ids with - and _", () => {
    expect(youtubeId("https://youtu.be/a-b_c-d_e-f")).toBe("a-b_c-d_e-f");
  });

  it.each([
    ["10 characters", `https://www.youtube.com/watch?v=${ID.slice(0, 10)}`],
    ["12 characters", `https://www.youtube.com/watch?v=${ID}x`],
    ["10 characters short link", `https://youtu.be/${ID.slice(0, 10)}`],
    ["12 characters short link", `https://youtu.be/${ID}x`],
    ["12 characters short", `https://www.youtube.com/shorts/${ID}x`],
    ["10 characters embed", `https://www.youtube.com/embed/${ID.slice(0, 10)}`],
    ["a forbidden character", "https://www.youtube.com/watch?v=dQw4w9WgXc!"],
    ["an encoded character", "https://www.youtube.com/watch?v=dQw4w9WgX%3D"],
    ["no id", "https://www.youtube.com/watch"],
    ["a channel page", "https://www.youtube.com/@someone"],
    ["a playlist", "https://www.youtube.com/playlist?list=PL1234567890"],
    ["a host that only contains youtube.com", `https://youtube.com.evil.example/watch?v=${ID}`],
    ["a look-alike host", `https://www.youtube.com-watch.example/watch?v=${ID}`],
    ["a subdomain of another host", `https://youtube.evil.example/watch?v=${ID}`],
    ["youtube in the path", `https://evil.example/youtube.com/watch?v=${ID}`],
    ["youtube in the credentials", `https://www.youtube.com@evil.example/watch?v=${ID}`],
    ["credentials", `https://user:pass@www.youtube.com/watch?v=${ID}`],
    ["a port", `https://www.youtube.com:8443/watch?v=${ID}`],
    ["youtu.be look-alike", `https://youtu.be.evil.example/${ID}`],
    ["another scheme", `javascript://www.youtube.com/watch?v=${ID}`],
    ["ftp", `ftp://www.youtube.com/watch?v=${ID}`],
    ["text around the URL", `watch https://youtu.be/${ID} now`],
    ["a backslash", `https://www.youtube.com\\@evil.example/watch?v=${ID}`],
    ["a nocookie watch page", `https://www.youtube-nocookie.com/watch?v=${ID}`],
    ["an extra path segment", `https://youtu.be/${ID}/extra`],
    ["empty", ""],
  ])("refuses %s", (_, url) => {
    expect(youtubeId(url)).toBeUndefined();
  });

  it("tolerates things that are not strings", () => {
    expect(youtubeId(undefined as unknown as string)).toBeUndefined();
  });
});

describe("vimeoId", () => {
  it.each([
    ["https://vimeo.com/76979871", "76979871"],
    ["http://vimeo.com/76979871", "76979871"],
    ["https://www.vimeo.com/76979871", "76979871"],
    ["vimeo.com/76979871", "76979871"],
    ["https://vimeo.com/76979871?share=copy", "76979871"],
    ["https://vimeo.com/76979871/8272103f6e", "76979871"],
    ["https://player.vimeo.com/video/76979871", "76979871"],
    ["https://player.vimeo.com/video/76979871?h=8272103f6e&badge=0", "76979871"],
  ])("finds the id in %s", (url, id) => {
    expect(vimeoId(url)).toBe(id);
  });

  it.each([
    "https://vimeo.com/channels/staffpicks",
    "https://vimeo.com/user123",
    "https://vimeo.com/12a45",
    "https://vimeo.com/",
    "https://vimeo.com.evil.example/76979871",
    "https://evil.example/vimeo.com/76979871",
    "https://player.vimeo.com/76979871",
    "https://player.vimeo.com/video/abc",
    "https://vimeo.com/76979871/not-a-hash!",
    "https://notvimeo.com/76979871",
  ])("refuses %s", (url) => {
    expect(vimeoId(url)).toBeUndefined();
  });
});

describe("embedFromUrl", () => {
  it("turns a YouTube watch, short or shorts URL into a 560x315 embed", () => {
    for (const url of [
      `https://www.youtube.com/watch?v=${ID}&t=5`,
      `https://youtu.be/${ID}`,
      `https://youtube.com/shorts/${ID}`,
    ]) {
      expect(embedFromUrl(url)).toEqual({
        provider: "youtube",
        src: `https://www.youtube.com/embed/${ID}`,
        width: 560,
        height: 315,
      });
    }
    expect(YOUTUBE_SIZE).toEqual({ width: 560, height: 315 });
  });

  it("turns a Vimeo numeric URL into a 640x360 embed", () => {
    expect(embedFromUrl("https://vimeo.com/76979871")).toEqual({
      provider: "vimeo",
      src: "https://player.vimeo.com/video/76979871",
      width: 640,
      height: 360,
    });
    expect(VIMEO_SIZE).toEqual({ width: 640, height: 360 });
  });

  it("keeps the privacy hash an unlisted Vimeo video needs", () => {
    expect(embedFromUrl("https://vimeo.com/76979871/8272103f6e")?.src).toBe(
      "https://player.vimeo.com/video/76979871?h=8272103f6e",
    );
  });

  it("leaves other text alone", () => {
    for (const text of [
      "hello",
      "https://example.com/watch?v=dQw4w9WgXcQ",
      `see https://youtu.be/${ID}`,
      "https://vimeo.com/about",
    ]) {
      expect(embedFromUrl(text)).toBeUndefined();
    }
  });

  it("makes addresses the content policy keeps", () => {
    for (const url of [
      `https://youtu.be/${ID}`,
      "https://vimeo.com/76979871",
      "https://vimeo.com/76979871/8272103f6e",
    ]) {
      const { src } = embedFromUrl(url)!;
      const html = sanitizeContent(
        `<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="${src}"></iframe>`,
      );
      expect(parseAttributes(/<iframe([^>]*)>/.exec(html)?.[1] ?? "").src).toBe(src);
    }
  });
});

describe("embedSrc", () => {
  it.each([
    [`https://www.youtube.com/embed/${ID}`, `https://www.youtube.com/embed/${ID}`],
    [`http://www.youtube.com/embed/${ID}`, `https://www.youtube.com/embed/${ID}`],
    [`//www.youtube.com/embed/${ID}`, `https://www.youtube.com/embed/${ID}`],
    [`https://youtube.com/embed/${ID}?start=3`, `https://www.youtube.com/embed/${ID}?start=3`],
    [`https://www.youtube-nocookie.com/embed/${ID}`, `https://www.youtube-nocookie.com/embed/${ID}`],
    ["https://www.youtube.com/embed/videoseries?list=PL123", "https://www.youtube.com/embed/videoseries?list=PL123"],
    ["https://player.vimeo.com/video/76979871/", "https://player.vimeo.com/video/76979871"],
    [
      "https://player.vimeo.com/video/76979871?h=8272103f6e&amp;badge=0",
      "https://player.vimeo.com/video/76979871?h=8272103f6e&badge=0",
    ],
  ])("%s gives %s", (src, expected) => {
    expect(embedSrc(src)).toBe(expected);
  });

  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://www.youtube.com.evil.example/embed/${ID}`,
    "https://player.vimeo.com.evil.example/video/1",
    "https://evil.example/embed/x",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "https://player.vimeo.com/video/abc",
    `https://www.youtube.com/embed/${ID}/more`,
    "",
  ])("refuses %s", (src) => {
    expect(embedSrc(src)).toBeUndefined();
  });

  it("gives each provider its default size and an accessible title", () => {
    expect(embedSize(`https://www.youtube.com/embed/${ID}`)).toEqual({ width: 560, height: 315 });
    expect(embedSize("https://player.vimeo.com/video/1")).toEqual({ width: 640, height: 360 });
    expect(videoTitle(`https://www.youtube.com/embed/${ID}`)).toBe("YouTube video player");
    expect(videoTitle("https://player.vimeo.com/video/1")).toBe("Vimeo video player");
  });

  it("names the provider", () => {
    expect(embedProvider(`https://www.youtube-nocookie.com/embed/${ID}`)).toBe("youtube");
    expect(embedProvider("https://player.vimeo.com/video/1")).toBe("vimeo");
    expect(embedProvider("https://example.com/")).toBeUndefined();
  });
});

const YOUTUBE_CODE = `<iframe width="560" height="315" src="https://www.youtube.com/embed/${ID}?si=Ab12Cd34" title="YouTube video player" frameborder="0" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>`;
const VIMEO_CODE = `<div style="padding:56.25% 0 0 0;position:relative;"><iframe src="https://player.vimeo.com/video/76979871?h=8272103f6e&amp;badge=0&amp;autopause=0" frameborder="0" allow="autoplay; fullscreen" style="position:absolute;top:0;left:0;width:100%;height:100%;" title="Demo"></iframe></div><script src="https://player.vimeo.com/api/player.js"></script>`;

describe("isEmbedCode and embedsFromCode", () => {
  it("recognises YouTube's share code and keeps its size", () => {
    expect(isEmbedCode(YOUTUBE_CODE)).toBe(true);
    expect(embedsFromCode(YOUTUBE_CODE)).toEqual([
      { provider: "youtube", src: `https://www.youtube.com/embed/${ID}?si=Ab12Cd34`, width: 560, height: 315 },
    ]);
  });

  it("recognises Vimeo's share code with its wrapper and script, sized 640x360 by default", () => {
    expect(isEmbedCode(VIMEO_CODE)).toBe(true);
    expect(embedsFromCode(VIMEO_CODE)).toEqual([
      {
        provider: "vimeo",
        src: "https://player.vimeo.com/video/76979871?h=8272103f6e&badge=0&autopause=0",
        width: 640,
        height: 360,
      },
    ]);
  });

  it("takes several frames, single-quoted and unquoted attributes, and surrounding whitespace", () => {
    const code = `\n  <iframe src='https://player.vimeo.com/video/1' width=320 height=180></iframe>\n<IFRAME SRC="//www.youtube.com/embed/${ID}"></IFRAME>  `;
    expect(isEmbedCode(code)).toBe(true);
    expect(embedsFromCode(code)).toEqual([
      { provider: "vimeo", src: "https://player.vimeo.com/video/1", width: 320, height: 180 },
      { provider: "youtube", src: `https://www.youtube.com/embed/${ID}`, width: 560, height: 315 },
    ]);
  });

  it("refuses frames from other hosts, look-alikes and mixed content", () => {
    const foreign = `<iframe src="https://evil.example/embed/${ID}"></iframe>`;
    expect(isEmbedCode(foreign)).toBe(false);
    expect(isForeignEmbedCode(foreign)).toBe(true);
    expect(isEmbedCode(`<iframe src="https://www.youtube.com.evil.example/embed/${ID}"></iframe>`)).toBe(false);
    expect(isEmbedCode(`${YOUTUBE_CODE}${foreign}`)).toBe(false);
    expect(isEmbedCode(`<iframe srcdoc="<script>alert(1)</script>"></iframe>`)).toBe(false);
    expect(isEmbedCode(`<p>Read this</p>${YOUTUBE_CODE}`)).toBe(false);
    expect(isEmbedCode(`Watch: ${YOUTUBE_CODE}`)).toBe(false);
    expect(isForeignEmbedCode(`Watch: ${YOUTUBE_CODE}`)).toBe(false);
    expect(isForeignEmbedCode(YOUTUBE_CODE)).toBe(false);
    expect(isEmbedCode(`https://youtu.be/${ID}`)).toBe(false);
    expect(isEmbedCode("")).toBe(false);
  });

  it("does not let a quoted > hide text", () => {
    expect(isEmbedCode(`<iframe title="a > b" src="https://www.youtube.com/embed/${ID}"></iframe>`)).toBe(true);
    expect(isEmbedCode(`<iframe title="a > b" src="https://www.youtube.com/embed/${ID}"></iframe> and more`)).toBe(
      false,
    );
  });
});

describe("helpers", () => {
  it("decodes the character references embed code uses", () => {
    expect(decodeEntities("a&amp;b&#38;c&#x26;d&quot;&lt;&gt;&unknown;&#0;")).toBe('a&b&c&d"<>&unknown;&#0;');
  });

  it("parses attributes, the first of a repeated name winning", () => {
    expect(parseAttributes(` src="a" SRC="b" width=5 allowfullscreen title='x y'`)).toEqual({
      src: "a",
      width: "5",
      allowfullscreen: "",
      title: "x y",
    });
  });
});

describe("editor notices (docs/product.md section 8)", () => {
  it("has a title and a description for each", () => {
    for (const notice of [
      VIDEOS_FOUND_NOTICE,
      EMBED_CODE_NOTICE,
      EMBED_CODE_REFUSED_NOTICE,
      YOUTUBE_URL_NOTICE,
      VIMEO_URL_NOTICE,
    ]) {
      expect(notice.title.length).toBeGreaterThan(5);
      expect(notice.description.length).toBeGreaterThan(10);
    }
    expect(YOUTUBE_URL_NOTICE.title).toMatch(/YouTube/);
    expect(VIMEO_URL_NOTICE.title).toMatch(/Vimeo/);
  });
});

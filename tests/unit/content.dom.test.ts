/**
 * The post-content policy (docs/architecture.md section 5): no vector of the XSS corpus leaves
 * anything executable, while Quill 2's formats and YouTube/Vimeo embeds survive.
 * The checks below restate the allowlist (all but the harmless classes) independently of
 * src/server/posts/content.ts on purpose, and read its output with a browser's HTML parser (jsdom), as a
 * reader's browser will.
 */
import { describe, expect, it } from "vitest";
import { DIV_CLASSES, QUILL_CLASSES, sanitizeContent } from "~/server/posts/content";
import corpus from "../fixtures/xss-payloads.json";

const TAGS = new Set(
  "p br h1 h2 h3 h4 h5 h6 strong b em i u s ol ul li blockquote pre code a span sub sup img iframe div".split(" "),
);
const ATTRIBUTES: Record<string, string[]> = {
  "*": ["class", "style"],
  a: ["href", "target", "rel"],
  img: ["src", "alt", "width", "height"],
  iframe: ["src", "width", "height", "frameborder", "allow", "allowfullscreen", "title"],
  li: ["data-list"],
  pre: ["spellcheck"],
  div: ["spellcheck", "data-language"],
};
// Classes carry no script, so the allowed ones are the policy's own lists rather than a copy.
const CLASSES = new Set([...QUILL_CLASSES, ...DIV_CLASSES]);
const URL_ATTRIBUTES = ["href", "src", "action", "formaction", "xlink:href", "srcset", "poster", "background"];
const STYLE_PROPERTIES = new Set(["color", "background-color", "text-align"]);
const EMBED =
  /^https:\/\/(?:(?:www\.youtube\.com|www\.youtube-nocookie\.com)\/embed\/[\w-]+|player\.vimeo\.com\/video\/\d+)(?:[?#][^\s\\]*)?$/;

/**
 * `html` parsed as a browser parses markup put into a page (a template's content: nothing is moved
 * to a <head>, nothing runs or loads), with every node of it in document order.
 */
function nodesOf(html: string): Node[] {
  const template = document.createElement("template");
  template.innerHTML = html;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_ALL);
  const nodes: Node[] = [];
  while (walker.nextNode()) nodes.push(walker.currentNode);
  return nodes;
}

const elements = (html: string): Element[] => nodesOf(html).filter((n): n is Element => n instanceof Element);
const nameOf = (el: Element) => el.localName.toLowerCase();
const attributesOf = (el: Element) => Object.fromEntries([...el.attributes].map((a) => [a.name, a.value]));

const ODD_NODES: Partial<Record<number, string>> = {
  [Node.COMMENT_NODE]: "comment",
  [Node.DOCUMENT_TYPE_NODE]: "directive",
  [Node.CDATA_SECTION_NODE]: "cdata",
  [Node.PROCESSING_INSTRUCTION_NODE]: "directive",
};

/** Every reason `html` (sanitizer output) could run code or break the allowlist; [] when clean. */
function problems(html: string): string[] {
  const found: string[] = [];
  const nodes = nodesOf(html);
  const odd = nodes.flatMap((n) => {
    const rawText = n instanceof Element && ["script", "style"].includes(nameOf(n)) ? nameOf(n) : undefined;
    const kind = ODD_NODES[n.nodeType] ?? rawText;
    return kind ? [kind] : [];
  });
  if (odd.length) found.push(`non-element markup: ${odd.join(", ")}`);
  for (const el of nodes.filter((n): n is Element => n instanceof Element)) {
    const tag = nameOf(el);
    if (!TAGS.has(tag)) found.push(`element <${tag}>`);
    const allowed = [...(ATTRIBUTES["*"] ?? []), ...(ATTRIBUTES[tag] ?? [])];
    for (const [name, value] of Object.entries(attributesOf(el))) {
      if (!allowed.includes(name)) found.push(`attribute ${name} on <${tag}>`);
      if (name.startsWith("on")) found.push(`event handler ${name}`);
      if (name === "srcdoc") found.push("srcdoc");
      const bare = value.replace(/[\s\p{C}]/gu, "").toLowerCase();
      if (URL_ATTRIBUTES.includes(name) && /^(?:javascript|data|vbscript):/.test(bare)) {
        found.push(`${name}=${value}`);
      }
      if (/^(?:javascript|vbscript|data):/.test(bare)) found.push(`script URL in ${name}`);
      if (name === "style") {
        if (/expression|url\(|javascript|@import|behavior|binding|\\/i.test(value)) found.push(`style ${value}`);
        for (const decl of value.split(";").filter((d) => d.trim())) {
          const prop = decl.split(":")[0]?.trim().toLowerCase() ?? "";
          if (!STYLE_PROPERTIES.has(prop)) found.push(`style property ${prop}`);
        }
      }
      if (name === "class") {
        for (const c of value.split(/\s+/)) if (!CLASSES.has(c)) found.push(`class ${c}`);
      }
    }
    const src = el.getAttribute("src");
    if (tag === "iframe" && !EMBED.test(src ?? "")) found.push(`iframe src ${src}`);
    if (tag === "a" && el.getAttribute("target") === "_blank" && el.getAttribute("rel") !== "noopener noreferrer") {
      found.push("target=_blank without rel");
    }
  }
  return found;
}

const vectors = corpus.vectors;

describe("sanitizeContent: XSS corpus", () => {
  it("holds well over 50 vectors from both sources", () => {
    expect(vectors.length).toBeGreaterThan(300);
    expect(vectors.filter((v) => v.from === "queuesite").length).toBeGreaterThan(100);
    expect(corpus.source.dompurify).toMatch(/DOMPurify/);
  });

  vectors.forEach((vector, i) => {
    const label = vector.title || vector.payload.slice(0, 60);
    it(`#${i} ${vector.from}: ${label}`, () => {
      const once = sanitizeContent(vector.payload);
      expect(problems(once), once).toEqual([]);
      expect(sanitizeContent(once)).toBe(once);
    });
  });

  it("the checker itself catches what it should (so a pass means something)", () => {
    expect(problems("<img src=x onerror=alert(1)>")).not.toEqual([]);
    expect(problems('<a href="java&#x09;script:alert(1)">x</a>')).not.toEqual([]);
    expect(problems('<iframe src="https://www.youtube.com.evil.com/embed/x"></iframe>')).not.toEqual([]);
    expect(problems('<span style="color:red;background:url(x)">x</span>')).not.toEqual([]);
    expect(problems("<svg><script>alert(1)</script></svg>")).not.toEqual([]);
    expect(problems('<p class="ql-align-center">ok</p>')).toEqual([]);
  });
});

describe("sanitizeContent: embeds survive", () => {
  const cases = [
    "https://www.youtube.com/embed/dQw4w9WgXcQ",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    "https://player.vimeo.com/video/123456",
    "https://www.youtube.com/embed/dQw4w9WgXcQ?start=30&rel=0",
  ];
  for (const src of cases) {
    it(src, () => {
      const html = `<iframe src="${src.replace(/&/g, "&amp;")}" width="560" height="315" frameborder="0" allow="autoplay; fullscreen" allowfullscreen></iframe>`;
      const out = sanitizeContent(html);
      const [iframe] = elements(out).filter((el) => nameOf(el) === "iframe");
      expect(iframe && attributesOf(iframe)).toEqual({
        src,
        width: "560",
        height: "315",
        allow: "autoplay; fullscreen",
        allowfullscreen: "",
        title: src.includes("vimeo") ? "Vimeo video player" : "YouTube video player",
      });
    });
  }

  it("keeps Quill's video blot and the responsive container, as valid HTML", () => {
    const quill =
      '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube video player"></iframe>';
    const valid =
      '<iframe class="ql-video" allowfullscreen src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube video player"></iframe>';
    expect(sanitizeContent(quill)).toBe(valid);
    expect(sanitizeContent(valid)).toBe(valid);
    expect(sanitizeContent(`<div class="video-container">${quill}</div>`)).toBe(
      `<div class="video-container">${valid}</div>`,
    );
  });

  it("drops foreign iframes whole, content and all", () => {
    expect(sanitizeContent('<p>a</p><iframe src="https://evil.example/">fallback</iframe><p>b</p>')).toBe(
      "<p>a</p><p>b</p>",
    );
    expect(sanitizeContent('<iframe src="http://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>')).toBe("");
  });
});

describe("sanitizeContent: Quill formats survive", () => {
  const kept = [
    "<h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six</h6>",
    "<p><strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u> <s>s</s> <sub>2</sub><sup>3</sup> <code>c</code></p>",
    '<ol><li data-list="bullet">one</li><li data-list="ordered" class="ql-indent-1">two</li></ol>',
    "<ul><li>semantic bullet</li></ul><ol><li>semantic number</li></ol>",
    '<p class="ql-align-center">c</p><p class="ql-align-right">r</p><p class="ql-align-justify ql-indent-8">j</p>',
    '<p><span class="ql-font-serif">serif</span> <span class="ql-font-monospace ql-size-huge">mono</span> <span class="ql-size-small">s</span> <span class="ql-size-large">l</span></p>',
    '<p><span style="color:rgb(230, 0, 0)">red</span> <span style="background-color:#ffff00">yellow</span> <span style="color:rebeccapurple;background-color:#fff">named</span></p>',
    '<p style="text-align:center">centred</p>',
    "<blockquote>quoted</blockquote>",
    '<pre class="ql-syntax" spellcheck="false">const x = 1;\nif (a &lt; b) {}</pre>',
    '<div class="ql-code-block-container" spellcheck="false"><div class="ql-code-block" data-language="plain">let y = 2;</div></div>',
    '<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">link</a></p>',
    '<p><a href="mailto:hello@example.com">mail</a> <a href="tel:+15551234567">call</a> <a href="/blog/hello">relative</a> <a href="#top">anchor</a></p>',
    '<p><img src="https://example.com/a.png" alt="A chart" width="320" height="200" /></p>',
    "<p>caf\u00e9 &amp; \u201cquotes\u201d &lt;not a tag&gt;<br /></p><p><br /></p>",
  ];
  for (const html of kept) {
    it(html.slice(0, 70), () => {
      expect(sanitizeContent(html)).toBe(html);
    });
  }

  it("adds rel to links that open a new tab and drops other targets", () => {
    expect(sanitizeContent('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeContent('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeContent('<a href="https://example.com" target="_top">x</a>')).toBe(
      '<a href="https://example.com">x</a>',
    );
  });

  it("gives any other link a blank address but keeps its text (docs/product.md section 5)", () => {
    expect(sanitizeContent('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeContent('<a href="ftp://example.com/f">x</a>')).toBe("<a>x</a>");
    expect(sanitizeContent('<a href="sms:+1555">x</a>')).toBe("<a>x</a>");
  });

  it("trims classes, styles and attributes to the allowlist", () => {
    expect(sanitizeContent('<p class="ql-align-center evil" id="x" data-x="1">a</p>')).toBe(
      '<p class="ql-align-center">a</p>',
    );
    expect(sanitizeContent('<span style="color: red; position: fixed; font-size: 90px">a</span>')).toBe(
      '<span style="color:red">a</span>',
    );
    expect(sanitizeContent('<li data-list="evil">a</li>')).toBe("<li>a</li>");
    expect(sanitizeContent("<div>plain</div>")).toBe("plain");
    expect(sanitizeContent('<img src="data:image/png;base64,AAAA" alt="x">')).toBe("");
  });

  it("is idempotent on a whole Quill document", () => {
    const doc = kept.join("");
    expect(sanitizeContent(sanitizeContent(doc))).toBe(sanitizeContent(doc));
  });
});

describe("embedded players have an accessible name", () => {
  it("an untitled YouTube or Vimeo frame gets its player's name; a given title is kept", () => {
    expect(sanitizeContent('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>')).toContain(
      'title="YouTube video player"',
    );
    expect(sanitizeContent('<iframe src="https://player.vimeo.com/video/76979871"></iframe>')).toContain(
      'title="Vimeo video player"',
    );
    expect(
      sanitizeContent('<iframe title="Our tour" src="https://player.vimeo.com/video/76979871"></iframe>'),
    ).toContain('title="Our tour"');
  });
});

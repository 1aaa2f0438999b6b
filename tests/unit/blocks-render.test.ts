import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HERO_ILLUSTRATION_LABEL } from "~/app/components/hero-illustration";
import { BLOCK_TYPES, BLOCK_VARIANTS, emptyBlock, type Block } from "~/shared/blocks";
import { INDUSTRIES } from "~/shared/industries";
import { NEWSLETTER_MESSAGES } from "~/shared/newsletter";
import { MEDIA_PLACEHOLDER } from "~/shared/blocks/media-placeholder";
import { BACKGROUND, BLOCK_DATA, EVERY_BLOCK, inVariant, renderBlocks } from "../helpers/block-page";
import { root } from "../helpers/cli";
import { asHtml, headingsOf } from "../helpers/html";
import { pageText } from "../helpers/page-text";

const text = (html: string) => pageText(`<body>${html}`);
const IMAGE = `/media/${"c".repeat(64)}.jpg`;

describe("a page of every block type, rendered on the server", () => {
  const html = renderBlocks(EVERY_BLOCK);
  const shown = text(html);

  it("holds one block of each type", () => {
    expect(new Set(EVERY_BLOCK.map((b) => b.type))).toEqual(new Set(BLOCK_TYPES));
  });

  it("shows each block's words, in page order", () => {
    const expected = [
      "Queues without the line",
      "Let visitors wait wherever they like",
      "Virtual queues, appointments and live wait times in one place.",
      "See industries",
      "Talk to us",
      "Trusted by",
      "Why queues matter",
      "Nobody likes standing in line.",
      "What you get",
      "Three things every site gets.",
      "Shorter waits",
      "Wait times that learn from the day.",
      "How it works",
      "Step 1: Scan the code",
      "Step 3: Get called",
      "In figures",
      // A figure's label comes first in the markup (the term, then its figure), as on the home page.
      "Queues that never close",
      "24/7",
      "Our waiting room is empty and our patients are happier.",
      "Dana Whitfield",
      "Operations lead, Northwind Clinics",
      "The dashboard at a clinic's front desk.",
      "Two minutes with the dashboard.",
      "Industry use cases",
      "Healthcare",
      "Airports",
      "Explore all industries",
      "From the blog",
      "Queues in spring",
      "Text alerts arrive",
      "Pricing",
      "Starter",
      "Free",
      "Most popular",
      "€49",
      "per month",
      "Choose Business",
      "Questions",
      "Do visitors need an app?",
      "No: a browser is enough.",
      "Ready for shorter lines?",
      "Contact us",
      "Get in touch",
      "We answer within a day.",
      "Send Message",
      "Hear about new posts",
      "One email per post, nothing else.",
      NEWSLETTER_MESSAGES.button,
    ];
    let from = 0;
    for (const line of expected) {
      const at = shown.indexOf(line, from);
      expect(at, `"${line}" after position ${from}`).toBeGreaterThanOrEqual(0);
      from = at + line.length;
    }
  });

  it("leaves hidden blocks out, and posts beyond a block's count", () => {
    expect(shown).not.toContain("Never shown");
    expect(shown).not.toContain("Not shown: third");
  });

  it("keeps the anchors the team gave, so /#about, /#industries and /#contact find their sections", () => {
    for (const anchor of ["about", "industries", "contact", "newsletter"])
      expect(html).toContain(`<section id="${anchor}"`);
  });

  it("shows only the chosen industries, with as many features as the block says", () => {
    const [healthcare, airports] = ["healthcare", "airports"].map((id) => INDUSTRIES.find((i) => i.id === id)!);
    expect(shown).toContain(healthcare!.features[1]);
    expect(shown).not.toContain(healthcare!.features[2]);
    expect(shown).toContain(airports!.description);
    expect(headingsOf(html, 3)).toEqual(expect.arrayContaining(["Healthcare", "Airports & Transportation"]));
    expect(headingsOf(html, 3)).not.toContain("Hospitality");
  });

  it("gives the page one h1, the hero's, and the sections h2", () => {
    expect(headingsOf(html, 1)).toEqual(["Let visitors wait wherever they like"]);
    expect(headingsOf(html, 2)).toEqual(
      expect.arrayContaining([
        "What you get",
        "How it works",
        "Pricing",
        "Questions",
        "Get in touch",
        "Hear about new posts",
      ]),
    );
  });

  it("plays the video at the embed address and draws the placeholder image as a named frame", () => {
    expect(html).toContain('src="https://www.youtube.com/embed/dQw4w9WgXcQ"');
    expect(html).toContain('title="A tour of the dashboard"');
    expect(html).toContain('role="img" aria-label="The front desk&#x27;s dashboard"');
    expect(html).not.toContain(`/media/${"0".repeat(64)}`);
  });

  it("offers the page's industries in the contact form, the block's one chosen", () => {
    expect(html).toMatch(/<option value="healthcare" selected="">Healthcare<\/option>/);
    expect(html.match(/<option value=/g)).toHaveLength(BLOCK_DATA.industries.length + 2);
  });

  it.each(BLOCK_VARIANTS)("shows the same words in the %s variant", (variant) => {
    expect(text(renderBlocks(inVariant(EVERY_BLOCK, variant)))).toBe(shown);
  });
});

describe("a block's variant", () => {
  /** The first section's class, the band a block is drawn on. */
  const bandOf = (html: string) => /<section[^>]*class="([^"]*)"/.exec(html)![1]!;
  const visible = EVERY_BLOCK.filter((block) => !block.hidden);

  it.each(visible.map((block) => [block.type, block] as const))(
    "%s is drawn on the band of each variant",
    (_, block) => {
      const bands = BLOCK_VARIANTS.map((variant) => bandOf(renderBlocks(inVariant([block], variant))));
      expect(bands.map((band) => /\bbg-(white|brand-50|brand-950)\b/.exec(band)?.[1])).toEqual([
        "white",
        "brand-50",
        "brand-950",
        "brand-950",
      ]);
    },
  );

  it("image lays the block's library picture, decorative and lazy, under an overlay that keeps its words legible", () => {
    const html = renderBlocks(inVariant([emptyBlock("callToAction", "c")], "image"));
    expect(html).toMatch(
      new RegExp(`<img src="${BACKGROUND}" alt="" loading="lazy" decoding="async" class="absolute inset-0 -z-20 `),
    );
    expect(html).toMatch(
      /<div aria-hidden="true" class="absolute inset-0 -z-10 [^"]*from-brand-950\/90 via-brand-950\/80/,
    );
    expect(bandOf(html)).toContain("isolate");
    // The page's opening asks for its picture at once: it is the first screen.
    expect(renderBlocks(inVariant([emptyBlock("hero", "h")], "image"))).toContain(
      `<img src="${BACKGROUND}" alt="" loading="eager"`,
    );
  });

  it("image without a picture, or with a new block's placeholder, is the dark band and asks for nothing", () => {
    for (const background of [undefined, MEDIA_PLACEHOLDER]) {
      const html = renderBlocks([{ ...emptyBlock("faq", "f"), variant: "image", background }]);
      expect(html).not.toContain("<img");
      expect(bandOf(html)).toContain("bg-brand-950");
    }
  });

  it("a picture kept from the image variant is not shown in another", () => {
    expect(renderBlocks([{ ...emptyBlock("faq", "f"), variant: "dark", background: BACKGROUND }])).not.toContain(
      "<img",
    );
  });

  it("a feature grid stands open on a plain band and puts its features on panels on the others", () => {
    const grid = emptyBlock("featureGrid", "g");
    const panels = (html: string) => html.match(/<div class="[^"]*rounded-2xl[^"]*p-6"/g)?.length ?? 0;
    expect(panels(renderBlocks([grid]))).toBe(0);
    expect(panels(renderBlocks([{ ...grid, variant: "plain" }]))).toBe(0);
    for (const variant of ["tinted", "dark", "image"] as const)
      expect(panels(renderBlocks(inVariant([grid], variant)))).toBe(grid.items.length);
  });
});

describe("a block's choices", () => {
  const hero = (changes: Partial<Extract<Block, { type: "hero" }>>) =>
    renderBlocks([{ ...emptyBlock("hero", "h"), ...changes }]);

  it("a hero shows the product mock, a library image at its size, or its words alone", () => {
    expect(hero({})).toContain(`aria-label="${asHtml(HERO_ILLUSTRATION_LABEL)}"`);
    const image = hero({ visual: { kind: "image", src: IMAGE, alt: "A clinic", width: 1200, height: 900 } });
    expect(image).toMatch(new RegExp(`<img src="${IMAGE}" alt="A clinic" width="1200" height="900" loading="eager"`));
    expect(image).not.toContain(asHtml(HERO_ILLUSTRATION_LABEL));
    const none = hero({ visual: { kind: "none" }, buttons: [] });
    expect(none).not.toContain("<img");
    expect(none).not.toContain('role="img"');
    expect(none).not.toContain("<a ");
  });

  it("a button scrolls to a section, follows a path on the site, or opens an outside address in a new tab", () => {
    const html = hero({
      buttons: [
        { label: "Pricing", href: "/pricing" },
        { label: "Docs", href: "https://docs.example.com/" },
      ],
    });
    expect(html).toMatch(/<a [^>]*href="\/pricing"[^>]*>Pricing<\/a>/);
    expect(html).toMatch(
      /<a target="_blank" rel="noopener noreferrer" href="https:\/\/docs.example.com\/"[^>]*>Docs<span class="sr-only"> \(opens in a new tab\)<\/span><\/a>/,
    );
    expect(hero({})).toMatch(/<a href="#contact"[^>]*>Get in touch<\/a>/);
  });

  it("a section without a title gives its items the h2s, so no heading level is skipped", () => {
    const grid = { ...emptyBlock("featureGrid", "g"), title: "" };
    expect(headingsOf(renderBlocks([grid]), 2)).toEqual(["First feature", "Second feature", "Third feature"]);
  });

  it("latest posts without a tag link to the blog, with one to the tag's list", () => {
    const all = renderBlocks([{ ...emptyBlock("latestPosts", "p"), count: 1 }], {
      ...BLOCK_DATA,
      posts: { "": BLOCK_DATA.posts.product! },
    });
    expect(text(all)).toContain("Queues in spring");
    expect(text(all)).not.toContain("Text alerts arrive");
    expect(all).toContain('href="/blog"');
    expect(renderBlocks([{ ...emptyBlock("latestPosts", "p"), tag: "product" }])).toContain('href="/blog?tag=product"');
  });

  it("industry cards with none chosen show every shown industry, in the site's order", () => {
    const html = renderBlocks([{ ...emptyBlock("industryCards", "i"), title: "" }]);
    expect(headingsOf(html, 2)).toEqual(BLOCK_DATA.industries.map((i) => i.title));
  });

  it("a subscribe block is the newsletter's form, sent to /newsletter with the page's path as where the reader came from", () => {
    const html = renderBlocks(
      [emptyBlock("subscribe", "s1"), { ...emptyBlock("subscribe", "s2"), intro: "" }],
      BLOCK_DATA,
      "/company/careers",
    );
    expect(html.match(/<form [^>]*action="\/newsletter" method="post">/g)).toHaveLength(2);
    expect(html.match(/<input type="hidden" name="page" value="\/company\/careers"\/>/g)).toHaveLength(2);
    // Two blocks on one page: each form's fields and heading have ids of their own.
    expect(html).toContain('id="block-s1-email"');
    expect(html).toContain('id="block-s2-email"');
    expect(headingsOf(html, 2)).toEqual([NEWSLETTER_MESSAGES.heading, NEWSLETTER_MESSAGES.heading]);
    expect(html.match(new RegExp(asHtml(NEWSLETTER_MESSAGES.intro), "g"))).toHaveLength(1);
  });

  it("the highlighted plan says so, and only it", () => {
    const html = renderBlocks([emptyBlock("pricingTable", "t")]);
    expect(html.match(/Most popular/g)).toHaveLength(1);
  });
});

/**
 * The block components run in the browser on every block page: they import only types from the
 * schemas (zod stays out of the public JavaScript, docs/decisions/002-small-public-javascript.md)
 * and the few shared modules written without it.
 */
it("the block components import no schema code", () => {
  const folder = path.join(root, "src/app/components/blocks");
  const valueImports = readdirSync(folder).flatMap((name) =>
    [
      ...readFileSync(path.join(folder, name), "utf8").matchAll(
        /^import (?!type )[^;]*from "(~\/shared\/[^"]+|zod[^"]*)"/gm,
      ),
    ].map((m) => m[1]!),
  );
  expect(new Set(valueImports)).toEqual(
    new Set([
      "~/shared/blocks/media-placeholder",
      "~/shared/blocks/latest-posts-key",
      "~/shared/blocks/browser-code",
      "~/shared/embeds",
    ]),
  );
});

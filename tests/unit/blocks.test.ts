import { describe, expect, it } from "vitest";
import {
  BLOCK_LIMITS as L,
  BLOCK_MESSAGES as M,
  BLOCK_TYPES,
  BLOCK_VARIANTS,
  RESERVED_ANCHORS,
  blockCacheTopics,
  blockListSchema,
  blockSchema,
  emptyBlock,
  faqJsonLd,
  latestPostsQueries,
  type Block,
} from "~/shared/blocks";
import { BLOCK_ICON_NAMES } from "~/shared/blocks/block-icons";
import { MEDIA_PLACEHOLDER } from "~/shared/blocks/media-placeholder";
import { fieldErrors } from "~/shared/field-errors";
import { NEWSLETTER_MESSAGES } from "~/shared/newsletter";
import { SHOWS_POST_LIST, SHOWS_SITE_INDUSTRIES, showsCard, showsTag } from "~/shared/page-cache";
import { ICON_NAMES } from "~/app/components/icon-names";
import { EVERY_BLOCK } from "../helpers/block-page";

const IMAGE = `/media/${"b".repeat(64)}.webp`;

/** The field messages a block gets, by field path; {} when it is valid. */
function messages(block: unknown): Record<string, string[]> {
  const result = blockSchema.safeParse(block);
  return result.success ? {} : fieldErrors(result.error);
}

/** A block of `type` as the palette makes it, with `changes` over it. */
const make = (type: Block["type"], changes: Record<string, unknown> = {}) => ({
  ...emptyBlock(type, "b1"),
  ...changes,
});

describe("a new block from the palette", () => {
  it.each(BLOCK_TYPES)("%s is valid as it stands", (type) => {
    const block = emptyBlock(type, "new-1");
    expect(block.type).toBe(type);
    expect(block.id).toBe("new-1");
    expect(messages(block)).toEqual({});
  });

  it("is a fresh copy each time, so editing one leaves the next alone", () => {
    const first = emptyBlock("featureGrid", "a");
    first.items[0]!.title = "Changed";
    expect(emptyBlock("featureGrid", "b").items[0]!.title).not.toBe("Changed");
  });

  it("covers every type the union has, once each", () => {
    expect(new Set(BLOCK_TYPES).size).toBe(16);
    expect(BLOCK_TYPES).toEqual(expect.arrayContaining(["hero", "richText", "pricingTable", "contactForm"]));
  });
});

describe("what every block has", () => {
  it("an anchor the team edits, in the form an element id and a /#link take", () => {
    expect(messages(make("faq", { anchor: "core-tech" }))).toEqual({});
    expect(messages(make("faq", { anchor: "Core Tech" }))).toEqual({ anchor: [M.anchor] });
    expect(messages(make("faq", { anchor: "a".repeat(L.anchor + 1) }))).toEqual({ anchor: [M.tooLong(L.anchor)] });
  });

  it("no anchor the site's own parts use on every page, nor a block heading's id", () => {
    for (const anchor of [...RESERVED_ANCHORS, "block-hero-heading"])
      expect(messages(make("faq", { anchor }))).toEqual({ anchor: [M.reservedAnchor] });
    expect(messages(make("faq", { anchor: "contact" }))).toEqual({});
  });

  it("an id, a variant of the four, and a type the union knows", () => {
    expect(messages(make("faq", { id: "not an id" }))).toEqual({ id: [M.blockId] });
    expect(messages(make("faq", { variant: "neon" }))).toHaveProperty("variant");
    expect(messages({ id: "x", type: "carousel" })).toEqual({ type: [M.unknownType] });
  });

  it.each(BLOCK_TYPES)("%s takes each variant, the image one over a picture of the media library", (type) => {
    expect(BLOCK_VARIANTS).toEqual(["plain", "tinted", "dark", "image"]);
    for (const variant of BLOCK_VARIANTS)
      expect(messages(make(type, { variant, ...(variant === "image" && { background: IMAGE }) }))).toEqual({});
    expect(messages(make(type, { variant: "image", background: "https://elsewhere.example/x.jpg" }))).toEqual({
      background: [M.mediaImage],
    });
  });
});

describe("each block's limits and messages", () => {
  it("hero: a headline, at most two buttons with safe links, the mock or a library image with alt text", () => {
    expect(messages(make("hero", { headline: "  " }))).toEqual({ headline: [M.required] });
    expect(messages(make("hero", { headline: "x".repeat(L.headline + 1) }))).toEqual({
      headline: [M.tooLong(L.headline)],
    });
    const button = { label: "Go", href: "/pricing" };
    expect(messages(make("hero", { buttons: [button, button, button] }))).toEqual({ buttons: [M.tooMany(2)] });
    expect(messages(make("hero", { buttons: [{ label: "Go", href: "javascript:alert(1)" }] }))).toEqual({
      "buttons.0.href": [M.link],
    });
    for (const href of ["#contact", "/company/careers", "https://example.com/x"])
      expect(messages(make("hero", { buttons: [{ label: "Go", href }] }))).toEqual({});
    expect(messages(make("hero", { visual: { kind: "image", src: IMAGE, alt: "A clinic" } }))).toEqual({});
    expect(messages(make("hero", { visual: { kind: "image", src: "https://evil.example/x.png", alt: "" } }))).toEqual({
      "visual.src": [M.mediaImage],
      "visual.alt": [M.altRequired],
    });
    expect(messages(make("hero", { visual: { kind: "none" } }))).toEqual({});
  });

  it("rich text: at most the post content's length", () => {
    expect(messages(make("richText", { html: "x".repeat(L.html + 1) }))).toEqual({ html: [M.tooLong(L.html)] });
  });

  it("feature grid: 2 to 4 columns of built-in icons, titles and texts", () => {
    expect(messages(make("featureGrid", { columns: 5 }))).toEqual({ columns: [M.columns] });
    expect(messages(make("featureGrid", { columns: 4 }))).toEqual({});
    expect(messages(make("featureGrid", { items: [] }))).toEqual({ items: [M.tooFew(1)] });
    expect(messages(make("featureGrid", { items: [{ icon: "skull", title: "", text: "t" }] }))).toEqual({
      "items.0.icon": [M.icon],
      "items.0.title": [M.required],
    });
  });

  it("feature grid and steps offer only icons the site's sprite draws", () => {
    expect((ICON_NAMES as readonly string[]).filter((n) => n === "rss")).toEqual(["rss"]);
    expect(BLOCK_ICON_NAMES.filter((name) => !(ICON_NAMES as readonly string[]).includes(name))).toEqual([]);
  });

  it("steps: two to eight", () => {
    const step = { title: "One", text: "First" };
    expect(messages(make("steps", { items: [step] }))).toEqual({ items: [M.tooFew(2)] });
    expect(messages(make("steps", { items: Array(L.steps + 1).fill(step) }))).toEqual({ items: [M.tooMany(L.steps)] });
  });

  it("call to action: a headline and one button", () => {
    expect(messages(make("callToAction", { headline: "", button: { label: "", href: "" } }))).toEqual({
      headline: [M.required],
      "button.label": [M.required],
      "button.href": [M.required],
    });
  });

  it("FAQ: questions with answers", () => {
    expect(messages(make("faq", { items: [{ question: "Why?", answer: "" }] }))).toEqual({
      "items.0.answer": [M.required],
    });
    expect(
      messages(make("faq", { items: [{ question: "x".repeat(L.line + 1), answer: "y".repeat(L.paragraph + 1) }] })),
    ).toEqual({ "items.0.question": [M.tooLong(L.line)], "items.0.answer": [M.tooLong(L.paragraph)] });
  });

  it("testimonial: a quote and a name; a photo from the library", () => {
    expect(messages(make("testimonial", { quote: "", name: "", photo: "/uploads/me.png" }))).toEqual({
      quote: [M.required],
      name: [M.required],
      photo: [M.mediaImage],
    });
  });

  it("logo strip: images from the media library, each with alt text", () => {
    expect(messages(make("logoStrip", { logos: [{ src: IMAGE, alt: "" }] }))).toEqual({
      "logos.0.alt": [M.altRequired],
    });
    expect(messages(make("logoStrip", { logos: [{ src: IMAGE }] }))).toEqual({ "logos.0.alt": [M.altRequired] });
    expect(messages(make("logoStrip", { logos: [{ src: "https://cdn.example/logo.png", alt: "Acme" }] }))).toEqual({
      "logos.0.src": [M.mediaImage],
    });
    expect(messages(make("logoStrip", { logos: [] }))).toEqual({ logos: [M.tooFew(1)] });
    expect(messages(make("logoStrip", { logos: Array(L.logos + 1).fill({ src: IMAGE, alt: "A" }) }))).toEqual({
      logos: [M.tooMany(L.logos)],
    });
  });

  it("figures: short figures with labels, at most six", () => {
    expect(messages(make("figures", { items: [{ figure: "x".repeat(L.figure + 1), label: "" }] }))).toEqual({
      "items.0.figure": [M.tooLong(L.figure)],
      "items.0.label": [M.required],
    });
    expect(messages(make("figures", { items: Array(7).fill({ figure: "1", label: "one" }) }))).toEqual({
      items: [M.tooMany(L.figures)],
    });
  });

  it("image: a library image with alt text, a caption and a size in whole pixels", () => {
    expect(messages(make("image", { src: IMAGE, alt: "", caption: "c".repeat(L.caption + 1) }))).toEqual({
      alt: [M.altRequired],
      caption: [M.tooLong(L.caption)],
    });
    expect(messages(make("image", { src: IMAGE, width: 1.5, height: 0 }))).toEqual({
      width: [M.whole(1, L.imageSide)],
      height: [M.whole(1, L.imageSide)],
    });
    expect(messages(make("image", { src: IMAGE, width: 1200, height: 800 }))).toEqual({});
  });

  it("video: YouTube and Vimeo links under the post editor's embed rules, nothing else", () => {
    for (const url of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://vimeo.com/76979871",
      "https://player.vimeo.com/video/76979871",
    ])
      expect(messages(make("video", { url }))).toEqual({});
    for (const url of [
      "https://www.youtube.com/watch?v=short",
      "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
      "https://example.com/video.mp4",
      "javascript:alert(1)",
      "",
    ])
      expect(messages(make("video", { url }))).toEqual({ url: [M.video] });
  });

  it("industry cards: industry ids, one to ten features, a link label", () => {
    expect(messages(make("industryCards", { industries: ["Health Care"], featureCount: 11, linkLabel: "" }))).toEqual({
      "industries.0": [M.industryId],
      featureCount: [M.whole(1, 10)],
      linkLabel: [M.required],
    });
  });

  it("latest posts: one to twelve, and a tag's slug", () => {
    expect(messages(make("latestPosts", { count: 0, tag: "Product News" }))).toEqual({
      count: [M.whole(1, L.latestPosts)],
      tag: [M.tag],
    });
    expect(messages(make("latestPosts", { count: 12, tag: "product-news" }))).toEqual({});
  });

  it("contact form: a title and an industry id to preselect", () => {
    expect(messages(make("contactForm", { title: "", industry: "Not one" }))).toEqual({
      title: [M.required],
      industry: [M.industryId],
    });
  });

  it("subscribe: a title and an optional intro, the newsletter's words to start with", () => {
    expect(make("subscribe")).toMatchObject({ title: NEWSLETTER_MESSAGES.heading, intro: NEWSLETTER_MESSAGES.intro });
    expect(messages(make("subscribe", { title: " ", intro: undefined }))).toEqual({ title: [M.required] });
    expect(messages(make("subscribe", { title: "x".repeat(L.title + 1), intro: "y".repeat(L.text + 1) }))).toEqual({
      title: [M.tooLong(L.title)],
      intro: [M.tooLong(L.text)],
    });
    expect(messages(make("subscribe", { anchor: "newsletter", variant: "dark", intro: "" }))).toEqual({});
  });

  it("pricing table: one to four plans with a name, a price and a button", () => {
    const plan = emptyBlock("pricingTable", "p").plans[0]!;
    expect(messages(make("pricingTable", { plans: [] }))).toEqual({ plans: [M.tooFew(1)] });
    expect(messages(make("pricingTable", { plans: Array(5).fill(plan) }))).toEqual({ plans: [M.tooMany(L.plans)] });
    expect(messages(make("pricingTable", { plans: [{ ...plan, name: "", price: "" }] }))).toEqual({
      "plans.0.name": [M.required],
      "plans.0.price": [M.required],
    });
  });

  it("pricing table: one plan highlighted at most, the message on the second one's switch", () => {
    const plan = emptyBlock("pricingTable", "p").plans[0]!;
    const on = { ...plan, highlighted: true };
    expect(messages(make("pricingTable", { plans: [plan, on, plan] }))).toEqual({});
    expect(messages(make("pricingTable", { plans: [plan, plan] }))).toEqual({});
    expect(messages(make("pricingTable", { plans: [on, plan, on, on] }))).toEqual({
      "plans.2.highlighted": [M.oneHighlighted],
      "plans.3.highlighted": [M.oneHighlighted],
    });
  });
});

describe("a page's blocks together", () => {
  const errorsOf = (blocks: unknown[]) => {
    const result = blockListSchema.safeParse(blocks);
    return result.success ? {} : fieldErrors(result.error);
  };

  it("have unique ids and anchors, and one contact form, each clash named on the later block", () => {
    expect(errorsOf(EVERY_BLOCK)).toEqual({});
    expect(
      errorsOf([
        make("faq", { id: "a", anchor: "contact" }),
        make("faq", { id: "a" }),
        make("contactForm", { id: "c" }),
        make("contactForm", { id: "d", anchor: "form" }),
      ]),
    ).toEqual({ "1.id": [M.duplicateBlockId], "2.anchor": [M.duplicateAnchor], "3.type": [M.oneContactForm] });
  });

  it("have one hero at most, whose headline is the page's h1", () => {
    expect(errorsOf([make("hero", { id: "h1" }), make("faq"), make("hero", { id: "h2" })])).toEqual({
      "2.type": [M.oneHero],
    });
  });

  it("name the picture of a block in the image variant, on its background field", () => {
    expect(errorsOf([make("faq", { id: "a", variant: "image" }), make("faq", { id: "b", variant: "dark" })])).toEqual({
      "0.background": [M.backgroundRequired],
    });
    expect(errorsOf([make("faq", { id: "a", variant: "image", background: IMAGE })])).toEqual({});
    // A picture kept from the image variant while another is chosen is harmless: it is not shown.
    expect(errorsOf([make("faq", { id: "a", variant: "tinted", background: IMAGE })])).toEqual({});
  });

  it("are at most sixty", () => {
    const many = Array.from({ length: L.blocks + 1 }, (_, i) => make("faq", { id: `f${i}` }));
    expect(errorsOf(many)).toEqual({ _: [M.tooMany(L.blocks)] });
  });
});

describe("faqJsonLd", () => {
  it("is the FAQPage of every shown FAQ block's questions, in page order", () => {
    const first = make("faq", { id: "f1", items: [{ question: "Q1?", answer: "A1." }] });
    const hidden = make("faq", { id: "f2", hidden: true, items: [{ question: "Hidden?", answer: "No." }] });
    const second = make("faq", { id: "f3", items: [{ question: "Q2?", answer: "A2." }] });
    expect(faqJsonLd([first, make("hero"), hidden, second])).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [
        { "@type": "Question", name: "Q1?", acceptedAnswer: { "@type": "Answer", text: "A1." } },
        { "@type": "Question", name: "Q2?", acceptedAnswer: { "@type": "Answer", text: "A2." } },
      ],
    });
  });

  it("is undefined for a page without a shown FAQ", () => {
    expect(faqJsonLd([make("hero")])).toBeUndefined();
    expect(faqJsonLd([make("faq", { hidden: true })])).toBeUndefined();
  });
});

describe("latestPostsQueries", () => {
  it("asks once per tag, as many as the longest block wants, skipping hidden blocks", () => {
    const blocks = [
      make("latestPosts", { id: "a", count: 3 }),
      make("hero"),
      make("latestPosts", { id: "b", count: 6, tag: "product" }),
      make("latestPosts", { id: "c", count: 5 }),
      make("latestPosts", { id: "d", count: 2, tag: "product" }),
      make("latestPosts", { id: "e", count: 12, tag: "hidden", hidden: true }),
    ] as Block[];
    expect(latestPostsQueries(blocks)).toEqual([{ count: 5 }, { tag: "product", count: 6 }]);
  });

  it("asks nothing of a page without latest posts", () => {
    expect(latestPostsQueries([make("hero"), make("faq")])).toEqual([]);
  });
});

describe("blockCacheTopics", () => {
  it("names the industries for industry cards, the post list or a tag for latest posts, and the shown cards", () => {
    const blocks = [
      make("industryCards"),
      make("latestPosts", { id: "all" }),
      make("latestPosts", { id: "tagged", tag: "product" }),
    ] as Block[];
    expect(blockCacheTopics(blocks, [{ slug: "a-post" }])).toEqual(
      [SHOWS_SITE_INDUSTRIES, SHOWS_POST_LIST, showsTag("product"), showsCard("a-post")].sort(),
    );
  });

  it("names nothing for blocks that show only the page's own fields, or are hidden", () => {
    const own = BLOCK_TYPES.filter((t) => t !== "industryCards" && t !== "latestPosts").map((t) => emptyBlock(t, t));
    expect(blockCacheTopics(own)).toEqual([]);
    expect(blockCacheTopics([make("latestPosts", { hidden: true })])).toEqual([]);
  });
});

it("the placeholder image is a media address that passes the schema and no upload has", () => {
  expect(messages(make("image", { src: MEDIA_PLACEHOLDER }))).toEqual({});
});

import { describe, expect, it } from "vitest";
import { generateSlug, SLUG_PATTERN, slugify } from "~/shared/slug";

const NOW = 1_767_225_600_123; // the last 3 digits, "123", are what a short slug gets

describe("slug generation (docs/product.md section 5)", () => {
  it.each([
    ["lowercases", "Queue Insights", "queue-insights"],
    ["removes punctuation", "What's new? Queues, lines & waits!", "whats-new-queues-lines-waits"],
    ["turns spaces into hyphens", "wait  where\tyou like", "wait-where-you-like"],
    ["collapses repeated hyphens", "Queues -- the  - end", "queues-the-end"],
    ["drops leading and trailing hyphens", "- Hello -", "hello"],
    ["drops accents (beyond docs/product.md)", "Café Déjà Vu", "cafe-deja-vu"],
    ["turns underscores into hyphens (beyond docs/product.md)", "snake_case__title", "snake-case-title"],
    ["keeps digits", "Top 10 tips for 2026", "top-10-tips-for-2026"],
  ])("%s", (_, title, slug) => {
    expect(generateSlug(title, NOW)).toBe(slug);
  });

  it("appends a hyphen and the last 3 digits of the time to a slug shorter than 3", () => {
    expect(generateSlug("Hi", NOW)).toBe("hi-123");
    expect(generateSlug("¿¡ A !?", NOW)).toBe("a-123");
  });

  it("an empty or all-punctuation title still gets a slug", () => {
    expect(generateSlug("", NOW)).toBe("post-123");
    expect(generateSlug("!!! ???", NOW)).toBe("post-123");
    expect(slugify("")).toBe("");
  });

  it("uses the current time when none is given", () => {
    expect(generateSlug("ab")).toMatch(/^ab-\d{3}$/);
  });

  it("every generated slug matches SLUG_PATTERN", () => {
    const titles = [
      "",
      " ",
      "-",
      "_",
      "a",
      "Ab",
      "Hello, World!",
      "  --Leading and trailing--  ",
      "Ünïcödé ßtraße",
      "日本語のタイトル",
      "x_y-z",
      "100%",
      "a\u00a0b",
    ];
    for (const title of titles) {
      for (const now of [NOW, 5, 0]) expect(generateSlug(title, now)).toMatch(SLUG_PATTERN);
    }
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildSprite, SPRITE_FILE } from "../../scripts/build-icon-sprite";
import { titleHash } from "~/app/components/generated-cover";
import { ICON_NAMES } from "~/app/components/icon-names";
import { staggerClass, STAGGER_PLACES } from "~/app/lib/stagger";
import { BLOG_PAGE_SIZE } from "~/shared/blog";
import { INDUSTRIES } from "~/shared/industries";
import { readingMinutes, readingTimeLabel, WORDS_PER_MINUTE } from "~/shared/reading-time";

describe("reading time", () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");

  it("counts the words of the text, not the markup, at least one minute", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes(`<p>${words(WORDS_PER_MINUTE * 3)}</p>`)).toBe(3);
    expect(
      readingMinutes(`<p class="a b c d e f">${words(WORDS_PER_MINUTE * 2 + 10)}</p><ul><li>&amp; &nbsp;</li></ul>`),
    ).toBe(2);
    expect(
      readingMinutes(`<p>${words(WORDS_PER_MINUTE)}</p><iframe src="https://www.youtube.com/embed/x"></iframe>`),
    ).toBe(1);
    expect(readingMinutes(`<p>${words(WORDS_PER_MINUTE * 7 + 120)}</p>`)).toBe(8);
    expect(readingTimeLabel(4)).toBe("4 min read");
  });
});

describe("generated covers", () => {
  it("hash a title the same way every time, and different titles differently", () => {
    expect(titleHash("How We Predict Wait Times")).toBe(titleHash("How We Predict Wait Times"));
    const hashes = new Set(Array.from({ length: 200 }, (_, i) => titleHash(`Post number ${i}`)));
    expect(hashes.size).toBe(200);
    // Spread over every pattern and palette, not stuck on one.
    expect(new Set([...hashes].map((h) => (h >>> 4) % 4)).size).toBe(4);
    expect(new Set([...hashes].map((h) => h % 6)).size).toBe(6);
  });
});

describe("the icon sprite", () => {
  it("is what npm run icons writes, one symbol per icon name", () => {
    const sprite = readFileSync(SPRITE_FILE, "utf8");
    expect(sprite).toBe(buildSprite());
    for (const name of ICON_NAMES) expect(sprite).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`);
    expect(sprite).toContain("ISC");
  });
});

describe("the stagger of card lists", () => {
  const css = readFileSync("src/app/app.css", "utf8");

  it("has a keyframes rule and a class for every place of the longest list", () => {
    expect(STAGGER_PLACES).toBeGreaterThanOrEqual(Math.max(BLOG_PAGE_SIZE, INDUSTRIES.length));
    for (let place = 0; place < STAGGER_PLACES; place++) {
      expect(css).toContain(`@keyframes fade-up-${place} {`);
      expect(css).toContain(`.fade-up-${place} {\n    animation: fade-up-${place} `);
    }
  });

  it("gives each card its place, and the cards past the last place the last one", () => {
    expect(staggerClass(0)).toBe("fade-up fade-up-0");
    expect(staggerClass(9)).toBe("fade-up fade-up-9");
    expect(staggerClass(STAGGER_PLACES + 5)).toBe(`fade-up fade-up-${STAGGER_PLACES - 1}`);
  });
});

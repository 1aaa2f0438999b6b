import { describe, expect, it } from "vitest";
import { hasChange, htmlText, mediaChanges, wordDiff } from "~/shared/content-diff";

describe("wordDiff", () => {
  it("marks the words added and removed, keeping the rest as they are", () => {
    expect(wordDiff("Short waits for everyone", "Short happy waits for everyone")).toEqual([
      { value: "Short " },
      { value: "happy ", change: "added" },
      { value: "waits for everyone" },
    ]);
    expect(hasChange(wordDiff("Same words", "Same words"))).toBe(false);
  });
});

describe("reading content for a diff", () => {
  const before =
    '<p>First &amp; foremost.</p><p>Second <strong>paragraph</strong>.</p><p><img src="/media/a.png" alt="The kiosk"></p>';
  const after =
    '<p>First &amp; foremost.</p><p><iframe src="https://www.youtube-nocookie.com/embed/abc" title="x"></iframe></p>';

  it("reads HTML as its text, a paragraph a line", () => {
    expect(htmlText(before)).toBe("First & foremost.\nSecond paragraph.");
  });

  it("names the images and videos one version has and the other lacks", () => {
    expect(mediaChanges(before, after)).toEqual({
      added: [
        {
          kind: "video",
          src: "https://www.youtube-nocookie.com/embed/abc",
          name: "YouTube video (https://www.youtube-nocookie.com/embed/abc)",
        },
      ],
      removed: [{ kind: "image", src: "/media/a.png", name: "The kiosk" }],
    });
  });
});

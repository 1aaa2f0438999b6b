import { describe, expect, it } from "vitest";
import { pageOf, pageOrEmpty } from "~/server/http/paging";

const items = Array.from({ length: 25 }, (_, i) => i + 1);

describe("pageOf", () => {
  it("cuts pages of the given size, the last one short", () => {
    expect(pageOf(items, 1, 12)).toEqual({ items: items.slice(0, 12), page: 1, pageCount: 3, total: 25 });
    expect(pageOf(items, 3, 12)).toEqual({ items: [25], page: 3, pageCount: 3, total: 25 });
  });

  it("gives an empty list its one empty page", () => {
    expect(pageOf([], 1, 12)).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });

  it.each([0, -1, 4, 1.5, Number.NaN])("has no page %s", (page) => {
    expect(pageOf(items, page, 12)).toBeUndefined();
  });

  it("fits a list of exactly one page", () => {
    expect(pageOf(items.slice(0, 12), 2, 12)).toBeUndefined();
    expect(pageOf(items.slice(0, 12), 1, 12)?.pageCount).toBe(1);
  });
});

describe("pageOrEmpty", () => {
  it("is pageOf within the list, and an empty page past its end", () => {
    expect(pageOrEmpty(items, 2, 12)).toEqual(pageOf(items, 2, 12));
    expect(pageOrEmpty(items, 9, 12)).toEqual({ items: [], page: 9, pageCount: 3, total: 25 });
  });
});

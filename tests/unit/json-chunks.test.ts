import { describe, expect, it } from "vitest";
import { prettyJsonChunks } from "~/server/store/json-chunks";
import { makePostInput } from "../helpers/factories";

describe("prettyJsonChunks", () => {
  it.each([
    ["an empty object", {}],
    ["empty arrays and objects", { posts: [], meta: {} }],
    [
      "a db-like file",
      {
        posts: [
          { ...makePostInput(), id: 1, tags: [{ id: 1, name: "A", slug: "a" }] },
          { ...makePostInput(), id: 2, tags: [] },
        ],
        tags: [],
        meta: { nextPostId: 3 },
      },
    ],
    ["text with newlines, quotes and unicode", { a: ['line\none "quoted" café'], b: "x\ny" }],
    ["values JSON leaves out or turns into null", { skipped: undefined, kept: null, list: [undefined, 1] }],
  ])("writes %s exactly as JSON.stringify(value, null, 2) does", (_, value) => {
    expect([...prettyJsonChunks(value)].join("")).toBe(JSON.stringify(value, null, 2) + "\n");
  });

  it("hands out a top-level array one element at a time", () => {
    const pieces = [...prettyJsonChunks({ posts: Array.from({ length: 100 }, (_, id) => ({ id })) })];
    expect(pieces.length).toBeGreaterThan(100);
  });
});

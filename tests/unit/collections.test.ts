import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_AUTHORS } from "~/shared/authors";
import { restoredSchemaOf, RESTORE_LIMITS } from "~/server/backups/restored-schema";
import { LISTS } from "~/server/collections";
import { postRecordSchema } from "~/server/collections/posts";
import { COLLECTIONS } from "~/server/store/pg/pg-records";
import { root } from "../helpers/cli";

/** The record declarations of src/server/collections/ and what is made from them. */
const post = {
  id: 1,
  title: "A title",
  slug: "a-title",
  summary: "A summary",
  content: "<p>Content</p>",
  published: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  tags: [{ id: 1, name: "Queues", slug: "queues" }],
  authors: [1],
};

describe("a backup's post schema, made from the post's declaration", () => {
  const restored = restoredSchemaOf(postRecordSchema);

  it("takes a post as declared and drops a key the declaration does not name", () => {
    const parsed = restored.parse({ ...post, coverImage: "/media/x.png", unknownKey: "dropped" });
    expect(parsed).toEqual({ ...post, coverImage: "/media/x.png" });
  });

  it.each([
    ["title", RESTORE_LIMITS.text],
    ["summary", RESTORE_LIMITS.text * 5],
    ["content", RESTORE_LIMITS.content],
    ["coverImage", RESTORE_LIMITS.url],
    ["canonicalUrl", RESTORE_LIMITS.url],
    ["publishAt", RESTORE_LIMITS.date],
    ["metaDescription", RESTORE_LIMITS.text],
  ])("bounds %s at %i characters", (field, bound) => {
    expect(restored.safeParse({ ...post, [field]: "x".repeat(bound) }).success).toBe(true);
    expect(restored.safeParse({ ...post, [field]: "x".repeat(bound + 1) }).success).toBe(false);
  });

  it("bounds the lists and the strings inside them, and keeps a list's own minimum", () => {
    const tag = (n: number) => ({ id: n, name: `t${n}`, slug: `t${n}` });
    const many = Array.from({ length: RESTORE_LIMITS.tags + 1 }, (_, i) => tag(i + 1));
    expect(restored.safeParse({ ...post, tags: many }).success).toBe(false);
    const longName = { ...tag(1), name: "x".repeat(RESTORE_LIMITS.tagText + 1) };
    expect(restored.safeParse({ ...post, tags: [longName] }).success).toBe(false);
    expect(
      restored.safeParse({ ...post, authors: Array.from({ length: MAX_AUTHORS + 1 }, (_, i) => i + 1) }).success,
    ).toBe(false);
    expect(restored.safeParse({ ...post, authors: [] }).success).toBe(false);
  });

  it("leaves db.json's own schema unbounded, so a start never refuses what an older release saved", () => {
    expect(postRecordSchema.safeParse({ ...post, title: "x".repeat(RESTORE_LIMITS.text * 10) }).success).toBe(true);
    expect(z.array(postRecordSchema).safeParse([post]).success).toBe(true);
  });
});

describe("the declarations", () => {
  it("give every list a table whose columns are its fields in snake case", () => {
    expect(COLLECTIONS.map((c) => c.key)).toEqual(LISTS.map((l) => l.key));
    const posts = COLLECTIONS.find((c) => c.key === "posts")!;
    expect(posts.columns).toContainEqual(["coverImage", "cover_image", undefined]);
    expect(posts.columns).toContainEqual(["createdAt", "created_at", "time"]);
  });

  it("name a post's fields in one place: at most four server files name its cover", () => {
    const files = execFileSync("grep", ["-rlw", "coverImage", "src/server"], { cwd: root, encoding: "utf8" })
      .trim()
      .split("\n");
    expect(files).toContain("src/server/collections/posts.ts");
    expect(files.length).toBeLessThanOrEqual(4);
  });
});

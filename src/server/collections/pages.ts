import { z } from "zod";
import type { ListDeclaration } from "./collection";
import { id, listOf, nonEmpty, text } from "./fields";
import { lifecycleFields, trashedFields } from "./lifecycle";

/**
 * A page the marketing team builds of blocks (docs/cms-guide.md "Pages"): its title, its address
 * (one or two segments), its blocks and the lifecycle's fields it shares with posts
 * (lifecycle.ts; docs/decisions/206-one-publishing-lifecycle.md). A block is kept loose here:
 * its own schema (src/shared/blocks/) is checked on every save, and db.json keeps a block of
 * another release's type as it was, never refusing to start.
 */
export const storedBlockSchema = z.looseObject({ id: nonEmpty("name"), type: nonEmpty("name") });

export const pageRecordSchema = z.object({
  id,
  title: text(),
  path: nonEmpty(),
  blocks: listOf(storedBlockSchema, "blocks"),
  ...lifecycleFields,
});
export const storedPageSchema = pageRecordSchema.loose();

/** What a revision keeps of a page: the fields a writer changes. */
export const pageSnapshotSchema = pageRecordSchema.pick({
  title: true,
  path: true,
  blocks: true,
  published: true,
  publishAt: true,
  metaTitle: true,
  metaDescription: true,
  socialImage: true,
  canonicalUrl: true,
  noindex: true,
  authors: true,
});

/** A deleted page, kept with its revisions and its path reserved until the trash period ends. */
export const trashedPageRecordSchema = pageRecordSchema.extend(trashedFields);
const trashedPageSchema = trashedPageRecordSchema.loose();

const pageKeys = [{ of: (p: { id: number }) => p.id }, { of: (p: { path: string }) => p.path }];

export const pages: ListDeclaration = {
  key: "pages",
  whenMissing: "leave",
  stored: storedPageSchema,
  // migrations/029
  table: "pages",
  columns: [
    ["id"],
    ["title"],
    ["path"],
    ["blocks"],
    ["published"],
    ["createdAt", "time"],
    ["updatedAt", "time"],
    ["publishAt", "time"],
    ["publishedAt", "time"],
  ],
  unique: pageKeys,
  counter: { name: "nextPageId", whenAny: true },
};

export const pageTrash: ListDeclaration = {
  key: "pageTrash",
  whenMissing: "leave",
  stored: trashedPageSchema,
  table: "page_trash",
  columns: [["id"], ["deletedAt", "time"]],
  unique: pageKeys.map((key) => ({ ...key, alsoIn: "pages" as const })),
  counter: { name: "nextPageId", whenAny: true },
};

import { z } from "zod";
import type { ListDeclaration } from "./collection";
import { id, nonEmpty } from "./fields";

/** A tag: its posts carry a copy of it (posts.ts), renamed with it. */
export const tagRecordSchema = z.object({ id, name: nonEmpty("name"), slug: nonEmpty("name") });
export const storedTagSchema = tagRecordSchema.loose();

export const tags: ListDeclaration = {
  key: "tags",
  whenMissing: "empty",
  stored: storedTagSchema,
  table: "tags",
  columns: [["id"], ["name"], ["slug"]],
  counted: true,
  unique: [{ of: (t: { id: number }) => t.id }, { of: (t: { slug: string }) => t.slug }],
  counter: { name: "nextTagId" },
};

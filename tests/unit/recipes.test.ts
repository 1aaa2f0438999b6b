import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../helpers/cli";

/**
 * The recipes in docs/recipes/ walk a newcomer through the files to touch: every file or folder
 * they name exists, but for the example's own new files, listed here by recipe.
 */
const recipes = path.join(root, "docs/recipes");
const EXAMPLE_FILES: Record<string, string[]> = {
  "add-a-public-page.md": ["src/app/routes/pricing.tsx"],
  "add-a-collection.md": ["src/server/collections/subscribers.ts", "src/server/subscribers/subscriber-changes.ts"],
  "add-a-block.md": ["src/shared/blocks/team.ts", "src/app/components/blocks/team-block.tsx"],
};

/**
 * The repository paths a recipe names: in code spans (`src/...`, `tests/...`, `docs/...`,
 * `scripts/...`) and in its command blocks.
 */
function namedPaths(text: string): string[] {
  const spans = [...text.matchAll(/`((?:src|tests|docs|scripts)\/[^`\s]*)`/g)].map(([, named]) => named!);
  const blocks = [...text.matchAll(/```\w*\n([\s\S]*?)```/g)].flatMap(([, block]) =>
    [...block!.matchAll(/(?:^|\s)((?:src|tests|docs|scripts)\/\S+)/g)].map(([, named]) => named!),
  );
  return [...spans, ...blocks].map((named) => named.replace(/#.*$/, ""));
}

describe("the recipes", () => {
  const names = fs.readdirSync(recipes).filter((name) => name.endsWith(".md"));

  it("are found", () => {
    expect(names).toEqual(
      expect.arrayContaining(["add-a-post-field.md", "add-a-public-page.md", "add-a-collection.md", "add-a-block.md"]),
    );
  });

  it.each(names)("%s names only paths that exist", (name) => {
    const named = namedPaths(fs.readFileSync(path.join(recipes, name), "utf8"));
    expect(named.length).toBeGreaterThan(0);
    const missing = named.filter((p) => !EXAMPLE_FILES[name]?.includes(p) && !fs.existsSync(path.join(root, p)));
    expect(missing).toEqual([]);
  });
});

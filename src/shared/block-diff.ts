import { hasChange, htmlText, wordDiff, type DiffPart } from "./content-diff";

/** A block as a revision keeps it: its id and type, and its own fields. */
type KeptBlock = { id: string; type: string } & Record<string, unknown>;

/**
 * One block's change between two versions of a page, as the page's history reads it: added,
 * removed, moved, hidden or shown, or changed; a block's text (a rich-text block's HTML read as
 * its words) compared word by word.
 */
export type BlockChange = {
  id: string;
  type: string;
  change: "added" | "removed" | "moved" | "changed";
  /** The words of a changed block's text, when it has text. */
  words?: DiffPart[];
};

const textOf = (block: KeptBlock) => (typeof block.html === "string" ? htmlText(block.html) : undefined);

/** What changed of a page's blocks from `before` to `after`, in the order of `after`, then the removed. */
export function blockChanges(before: readonly KeptBlock[] = [], after: readonly KeptBlock[] = []): BlockChange[] {
  const was = new Map(before.map((block, index) => [block.id, { block, index }]));
  const kept = after.filter((block) => was.has(block.id)).map((block) => block.id);
  const keptBefore = before.filter((block) => after.some((b) => b.id === block.id)).map((block) => block.id);
  const changes: BlockChange[] = [];
  for (const block of after) {
    const old = was.get(block.id)?.block;
    if (!old) {
      changes.push({ id: block.id, type: block.type, change: "added" });
      continue;
    }
    const [a, b] = [textOf(old), textOf(block)];
    const words = a !== undefined && b !== undefined ? wordDiff(a, b) : undefined;
    if (JSON.stringify(old) !== JSON.stringify(block)) {
      changes.push({
        id: block.id,
        type: block.type,
        change: "changed",
        ...(words && hasChange(words) && { words }),
      });
    } else if (kept.indexOf(block.id) !== keptBefore.indexOf(block.id)) {
      changes.push({ id: block.id, type: block.type, change: "moved" });
    }
  }
  for (const block of before) {
    if (!after.some((b) => b.id === block.id)) changes.push({ id: block.id, type: block.type, change: "removed" });
  }
  return changes;
}

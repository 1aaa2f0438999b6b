import { diffIndices } from "node-diff3";
import { blocksHtml, contentBlocks, type ContentBlock } from "~/app/lib/content-blocks";

/**
 * Both edits of a post's content, block by block (docs/decisions/200-conflicts-merged-by-block.md):
 * what each side changed since the version this form loaded (the base) is found by block, and the
 * changes that touch different blocks are all kept. Where both sides changed the same blocks, the
 * two versions of those blocks are an overlap, and the writer picks one of them.
 */
export type Side = "theirs" | "mine";

export type MergePart =
  | { kind: "kept"; blocks: ContentBlock[] }
  | { kind: "overlap"; base: ContentBlock[]; mine: ContentBlock[]; theirs: ContentBlock[] };

export type ContentMerge = { parts: MergePart[]; overlaps: number };

/** One side's change: base blocks [start, end) became that side's blocks [from, to). */
type Hunk = { side: Side; start: number; end: number; from: number; to: number; blocks: ContentBlock[] };

const keysOf = (blocks: readonly ContentBlock[]) => blocks.map((block) => block.key);
const sameBlocks = (a: readonly ContentBlock[], b: readonly ContentBlock[]) =>
  a.length === b.length && a.every((block, i) => block.key === b[i]!.key);

/**
 * What `edited` changed of `base`. A run of blocks replaced by as many blocks is one change per
 * block, so that editing two neighbouring blocks on two sides is not taken for an overlap.
 */
function changes(base: ContentBlock[], edited: ContentBlock[], side: Side): Hunk[] {
  return diffIndices(keysOf(base), keysOf(edited)).flatMap(({ buffer1: [start, removed], buffer2: [from, added] }) =>
    removed === added
      ? Array.from({ length: removed }, (_, i) => ({
          side,
          start: start + i,
          end: start + i + 1,
          from: from + i,
          to: from + i + 1,
          blocks: edited.slice(from + i, from + i + 1),
        }))
      : [{ side, start, end: start + removed, from, to: from + added, blocks: edited.slice(from, from + added) }],
  );
}

/**
 * Changes in base order; at one place an insertion goes before a change of the blocks there, and
 * their insertion before mine.
 */
const inOrder = (x: Hunk, y: Hunk) =>
  x.start - y.start || Number(x.end > x.start) - Number(y.end > y.start) || (x.side === "theirs" ? -1 : 1);

/** One side's blocks over base [start, end), given its changes there. */
function span(side: Side, edited: ContentBlock[], hunks: Hunk[], start: number, end: number): ContentBlock[] {
  const own = hunks.filter((hunk) => hunk.side === side);
  const first = own[0]!;
  const last = own.at(-1)!;
  return edited.slice(first.from - (first.start - start), last.to + (end - last.end));
}

/**
 * The merge of two edits of `base`. Changes overlap only when they touch a block in common (or one
 * inserts inside blocks the other changed): changes to neighbouring blocks, and insertions at the
 * same place (theirs first), are all kept. The same change made on both sides is kept once.
 */
export function mergeContent(baseHtml: string, mineHtml: string, theirsHtml: string): ContentMerge {
  const [base, mine, theirs] = [contentBlocks(baseHtml), contentBlocks(mineHtml), contentBlocks(theirsHtml)];
  const hunks = [...changes(base, mine, "mine"), ...changes(base, theirs, "theirs")].sort(inOrder);
  const parts: MergePart[] = [];
  const keep = (blocks: ContentBlock[]) => {
    if (!blocks.length) return;
    const last = parts.at(-1);
    if (last?.kind === "kept") last.blocks.push(...blocks);
    else parts.push({ kind: "kept", blocks: [...blocks] });
  };
  let at = 0;
  let overlaps = 0;
  for (let i = 0; i < hunks.length;) {
    const group = [hunks[i++]!];
    const start = group[0]!.start;
    let end = group[0]!.end;
    while (i < hunks.length && hunks[i]!.start < end) {
      end = Math.max(end, hunks[i]!.end);
      group.push(hunks[i++]!);
    }
    keep(base.slice(at, start));
    at = end;
    const sides = new Set(group.map((hunk) => hunk.side));
    if (sides.size === 1) {
      const [hunk] = group;
      const next = hunks[i];
      // Both inserted the same blocks at the same place.
      if (
        hunk!.start === hunk!.end &&
        next?.start === start &&
        next.end === start &&
        sameBlocks(next.blocks, hunk!.blocks)
      ) {
        i++;
      }
      keep(hunk!.blocks);
      continue;
    }
    const mineSpan = span("mine", mine, group, start, end);
    const theirsSpan = span("theirs", theirs, group, start, end);
    if (sameBlocks(mineSpan, theirsSpan)) keep(mineSpan);
    else {
      parts.push({ kind: "overlap", base: base.slice(start, end), mine: mineSpan, theirs: theirsSpan });
      overlaps++;
    }
  }
  keep(base.slice(at));
  return { parts, overlaps };
}

/** The merged content, with `picks[n]` the side taken at the n-th overlap (mine when not given). */
export function mergedContent(merge: ContentMerge, picks: readonly Side[] = []): string {
  let overlap = 0;
  const blocks = merge.parts.flatMap((part) => (part.kind === "kept" ? part.blocks : part[picks[overlap++] ?? "mine"]));
  return blocksHtml(blocks);
}

/** Whether two contents hold the same blocks, however their HTML is spelled. */
export const sameContent = (a: string, b: string) => sameBlocks(contentBlocks(a), contentBlocks(b));

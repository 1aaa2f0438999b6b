import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "~/app/components/ui/button";
import { cn } from "~/app/lib/cn";
import type { Block } from "~/shared/blocks";
import { BLOCK_NAMES } from "~/shared/blocks/block-names";
import { PAGE_EDITOR_MESSAGES as M } from "~/shared/page-editor";
import { BlockPicture } from "./block-pictures";

export type OutlineActions = {
  select: (id: string | undefined) => void;
  move: (from: number, to: number) => void;
  duplicate: (index: number) => void;
  toggleHidden: (index: number) => void;
  remove: (index: number) => void;
};

/** A block's name in the outline: its type's, with its heading when it has one. */
export function blockName(block: Block): string {
  const type = BLOCK_NAMES[block.type].name;
  const record = block as Record<string, unknown>;
  const words = [record.headline, record.title, record.name].find(
    (v): v is string => typeof v === "string" && v.trim() !== "",
  );
  return words ? `${type}: ${words}` : type;
}

/**
 * The page's blocks in order, each with its picture and name, moved by dragging its row or with
 * Move up and Move down (which keep the keyboard's focus where it was, as the row moves with it),
 * duplicated, hidden, removed, and opened to edit its fields below its row.
 */
export function BlockOutline({
  blocks,
  selected,
  actions,
  hasErrors,
  form,
}: {
  blocks: readonly Block[];
  selected?: string;
  actions: OutlineActions;
  hasErrors: (index: number) => boolean;
  form: (block: Block, index: number) => ReactNode;
}) {
  const [dragging, setDragging] = useState<number | null>(null);
  // React may move another row's element rather than the moved one's, which takes the focus
  // away: the moved row's button gets it back, so Move down can be pressed again and again.
  const refocus = useRef<{ id: string; dir: "up" | "down" } | undefined>(undefined);
  useEffect(() => {
    const wanted = refocus.current;
    refocus.current = undefined;
    if (!wanted) return;
    const button = document.querySelector<HTMLElement>(`[data-block-id="${wanted.id}"] [data-move="${wanted.dir}"]`);
    if (button && document.activeElement !== button) button.focus();
  }, [blocks]);
  const move = (id: string, dir: "up" | "down", from: number) => {
    refocus.current = { id, dir };
    actions.move(from, dir === "up" ? from - 1 : from + 1);
  };
  if (blocks.length === 0) return <p className="text-sm text-slate-600">{M.noBlocks}</p>;
  return (
    <ol className="space-y-2" aria-label={M.blocksHeading}>
      {blocks.map((block, i) => {
        const name = blockName(block);
        const open = selected === block.id;
        const first = i === 0;
        const last = i === blocks.length - 1;
        return (
          <li
            key={block.id}
            data-block-id={block.id}
            onDragOver={(e) => {
              if (dragging === null) return;
              e.preventDefault();
              if (dragging !== i) {
                actions.move(dragging, i);
                setDragging(i);
              }
            }}
            onDrop={(e) => e.preventDefault()}
            className={cn(
              "rounded-lg border bg-white",
              open ? "border-brand-600 shadow-sm" : "border-slate-200",
              dragging === i && "opacity-60",
            )}
          >
            <div className="flex flex-wrap items-center gap-2 p-2">
              <span
                draggable
                onDragStart={(e) => {
                  setDragging(i);
                  e.dataTransfer.effectAllowed = "move";
                  e.dataTransfer.setData("text/plain", block.id);
                }}
                onDragEnd={() => setDragging(null)}
                title={M.dragHandle(name)}
                aria-hidden="true"
                className="cursor-grab px-1 text-lg text-slate-500 select-none"
              >
                ⠿
              </span>
              <BlockPicture type={block.type} className={cn(block.hidden && "opacity-40")} />
              <button
                type="button"
                aria-expanded={open}
                onClick={() => actions.select(open ? undefined : block.id)}
                className={cn(
                  "min-w-0 flex-1 truncate rounded px-1 text-left text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-700",
                  block.hidden ? "text-slate-500 line-through" : "text-slate-900",
                )}
              >
                {M.blockLabel(i + 1, name)}
              </button>
              {block.hidden && (
                <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                  {M.hiddenBadge}
                </span>
              )}
              {hasErrors(i) && <span className="text-xs font-semibold text-red-700">{M.blockHasErrors}</span>}
              <div className="flex w-full flex-wrap justify-end gap-1" role="group" aria-label={name}>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-disabled={first}
                  aria-label={`${M.moveUp}: ${name}`}
                  title={M.moveUp}
                  data-move="up"
                  onClick={() => !first && move(block.id, "up", i)}
                >
                  <span aria-hidden="true">↑</span>
                  <span className="sr-only">{M.moveUp}</span>
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-disabled={last}
                  aria-label={`${M.moveDown}: ${name}`}
                  title={M.moveDown}
                  data-move="down"
                  onClick={() => !last && move(block.id, "down", i)}
                >
                  <span aria-hidden="true">↓</span>
                  <span className="sr-only">{M.moveDown}</span>
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`${M.duplicate}: ${name}`}
                  onClick={() => actions.duplicate(i)}
                >
                  {M.duplicate}
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`${block.hidden ? M.show : M.hide}: ${name}`}
                  onClick={() => actions.toggleHidden(i)}
                >
                  {block.hidden ? M.show : M.hide}
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`${M.remove}: ${name}`}
                  onClick={() => actions.remove(i)}
                  className="text-red-700"
                >
                  {M.remove}
                </Button>
              </div>
            </div>
            {open && <div className="border-t border-slate-200 p-3">{form(block, i)}</div>}
          </li>
        );
      })}
    </ol>
  );
}

import { useEffect, useRef } from "react";
import { Button } from "~/app/components/ui/button";
import { BLOCK_TYPES, type BlockType } from "~/shared/blocks";
import { BLOCK_NAMES } from "~/shared/blocks/block-names";
import { PAGE_EDITOR_MESSAGES as M } from "~/shared/page-editor";
import { BlockPicture } from "./block-pictures";

/**
 * The palette of block types, each with its picture, name and what it shows, in a modal dialog
 * (the browser's own <dialog>: focus stays inside, Escape closes). A type the page may hold once
 * (a hero, a contact form) is offered only while the page has none.
 */
export function BlockPalette({
  open,
  onClose,
  onAdd,
  unavailable,
}: {
  open: boolean;
  onClose: () => void;
  onAdd: (type: BlockType) => void;
  unavailable: readonly BlockType[];
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="block-palette-title"
      onClose={onClose}
      className="m-auto max-h-[85vh] w-[min(56rem,calc(100vw-2rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white p-0 shadow-2xl backdrop:bg-slate-900/50"
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
        <div>
          <h2 id="block-palette-title" className="text-lg font-semibold text-slate-900">
            {M.paletteTitle}
          </h2>
          <p className="text-sm text-slate-600">{M.paletteIntro}</p>
        </div>
        <Button type="button" variant="outline" size="sm" onClick={onClose}>
          {M.close}
        </Button>
      </div>
      <ul className="grid gap-3 p-5 sm:grid-cols-2 lg:grid-cols-3">
        {BLOCK_TYPES.filter((type) => !unavailable.includes(type)).map((type) => (
          <li key={type}>
            <button
              type="button"
              onClick={() => onAdd(type)}
              className="flex h-full w-full items-start gap-3 rounded-lg border border-slate-200 p-3 text-left hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <BlockPicture type={type} className="h-14 w-[5.6rem]" />
              <span>
                <span className="block font-medium text-slate-900">{BLOCK_NAMES[type].name}</span>
                <span className="block text-sm text-slate-600">{BLOCK_NAMES[type].hint}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </dialog>
  );
}

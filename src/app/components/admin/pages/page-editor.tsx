import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import type { BlockData } from "~/app/components/blocks/block-data";
import { Button } from "~/app/components/ui/button";
import { toast } from "~/app/lib/toast";
import { blockSchema, type Block } from "~/shared/blocks";
import { BLOCK_NAMES } from "~/shared/blocks/block-names";
import { PAGE_EDITOR_MESSAGES as M } from "~/shared/page-editor";
import { pageStatus, type CmsPage } from "~/shared/pages";
import type { SessionUser } from "~/shared/users";
import { useAdminOutlet } from "../admin-outlet";
import { RestoreOffer } from "../form-notices";
import { isSaveShortcut } from "../post-form-values";
import { BlockOutline, blockName, type OutlineActions } from "./block-outline";
import { BlockPalette } from "./block-palette";
import { addBlock, duplicateBlock, moveBlock, ONCE_A_PAGE, toggleHidden } from "./block-edits";
import { PageActions } from "./page-actions";
import { PageConflict } from "./page-conflict";
import { PageHistory } from "./page-history";
import { PagePreview } from "./page-preview";
import { PageAddressFields, PageSeoFields } from "./page-settings";
import { valuesOf, type PageValues } from "./page-values";
import { ObjectFields } from "./schema-field";
import { usePageDraft } from "./use-page-draft";

/** The fields every block has come after the block's own: its look, then its anchor. */
const SHARED_LAST = ["variant", "anchor"];

/** A block type's fields in the order its form shows them. */
function formFieldsOf(type: Block["type"]): Record<string, z.ZodType> | undefined {
  const schema = blockSchema.options.find((o) => o.shape.type.value === type);
  if (!schema) return undefined;
  const entries = Object.entries(schema.shape as Record<string, z.ZodType>);
  return Object.fromEntries([
    ...entries.filter(([key]) => !SHARED_LAST.includes(key)),
    ...entries.filter(([key]) => SHARED_LAST.includes(key)).reverse(),
  ]);
}

/**
 * The block editor (docs/cms-guide.md "Pages"): the page's title and path, its blocks in order
 * with the palette and each block's form generated from its schema, the search settings,
 * publishing and history on the left; the live preview at desktop or phone width on the right.
 */
export function PageEditor({
  page,
  user,
  blockData,
  mayPublish,
  mayEdit,
}: {
  page: CmsPage;
  user: SessionUser;
  blockData: BlockData;
  mayPublish: boolean;
  mayEdit: boolean;
}) {
  const { setDirty } = useAdminOutlet();
  const draft = usePageDraft(page);
  const { values, edit, saved } = draft;
  const [selected, setSelected] = useState<string | undefined>();
  const [palette, setPalette] = useState(false);
  // What the last change to the order or the set of blocks did, for screen readers.
  const [said, setSaid] = useState("");

  useEffect(() => setDirty(draft.dirty), [draft.dirty, setDirty]);
  useEffect(() => () => setDirty(false), [setDirty]);

  // Ctrl/Cmd+S saves in place, as in the post editor.
  const shortcut = useRef(draft.save);
  useEffect(() => {
    shortcut.current = draft.save;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSaveShortcut(event)) return;
      event.preventDefault();
      void shortcut.current();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  const set = <K extends keyof PageValues>(key: K, value: PageValues[K]) => edit((v) => ({ ...v, [key]: value }));
  const blocks = values.blocks;
  const withBlocks = (next: Block[]) => edit((v) => ({ ...v, blocks: next }));

  const actions: OutlineActions = {
    select: setSelected,
    move: (from, to) => {
      const block = blocks[from];
      if (!block || to < 0 || to >= blocks.length) return;
      withBlocks(moveBlock(blocks, from, to));
      setSaid(M.moved(blockName(block), to + 1, blocks.length));
    },
    duplicate: (index) => {
      const made = duplicateBlock(blocks, index);
      withBlocks(made.blocks);
      if (made.block) {
        setSelected(made.block.id);
        setSaid(M.duplicated(blockName(made.block), made.at + 1));
      }
    },
    toggleHidden: (index) => {
      const block = blocks[index];
      if (!block) return;
      withBlocks(toggleHidden(blocks, index));
      setSaid(block.hidden ? M.shown(blockName(block)) : M.hidden(blockName(block)));
    },
    remove: (index) => {
      const block = blocks[index];
      if (!block) return;
      const name = blockName(block);
      withBlocks(blocks.filter((_, i) => i !== index));
      setSaid(M.removed(name));
      toast({
        ...M.removedToast(name),
        duration: 10_000,
        action: {
          label: M.undo,
          onClick: () => {
            edit((v) =>
              v.blocks.some((b) => b.id === block.id)
                ? v
                : { ...v, blocks: [...v.blocks.slice(0, index), block, ...v.blocks.slice(index)] },
            );
            setSaid(M.restoredBlock(name));
          },
        },
      });
    },
  };

  const add = (type: Block["type"]) => {
    const after = selected ? blocks.findIndex((b) => b.id === selected) : -1;
    const made = addBlock(blocks, type, after);
    withBlocks(made.blocks);
    setSelected(made.block.id);
    setPalette(false);
    setSaid(M.added(BLOCK_NAMES[type].name, made.at + 1));
  };

  const blockForm = (block: Block, index: number) => {
    const fields = formFieldsOf(block.type);
    if (!fields) return null;
    return (
      <fieldset className="space-y-4">
        <legend className="sr-only">{M.blockForm(blockName(block))}</legend>
        <ObjectFields
          fields={fields}
          skip={["id", "type", "hidden"]}
          path={["blocks", index]}
          value={block}
          onChange={(next) => withBlocks(blocks.map((b, i) => (i === index ? (next as Block) : b)))}
          errorOf={draft.errorOf}
        />
      </fieldset>
    );
  };

  const hasErrors = (index: number) =>
    Object.keys(draft.schemaErrors).some((key) => key.startsWith(`blocks.${index}.`) || key === `blocks.${index}`);

  const restored = (next: CmsPage) => {
    draft.adopt(next);
    setSelected(undefined);
  };

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <div className="min-w-0 space-y-5">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-xl font-semibold text-slate-900">{M.heading(saved.title)}</h2>
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-800">
            {pageStatus(saved)}
          </span>
        </div>
        {draft.copy.offer && (
          <RestoreOffer
            savedAt={draft.copy.offer.savedAt}
            newerOnServer={Boolean(draft.copy.offer.baseUpdatedAt && draft.copy.offer.baseUpdatedAt !== page.updatedAt)}
            subject="page"
            onRestore={draft.restoreCopy}
            onDiscard={draft.copy.discard}
          />
        )}
        {draft.conflict && (
          <PageConflict
            key={draft.conflict.updatedAt}
            theirs={draft.conflict}
            base={valuesOf(saved)}
            mine={values}
            busy={draft.state.kind === "saving"}
            onSave={(chosen) => void draft.resolve(chosen)}
          />
        )}
        <PageActions draft={draft} user={user} mayPublish={mayPublish} mayEdit={mayEdit} />
        <PageAddressFields values={values} set={set} errorOf={draft.errorOf} />
        <section aria-labelledby="page-blocks-heading" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="page-blocks-heading" className="font-semibold text-slate-900">
              {M.blocksHeading}
            </h3>
            <Button type="button" size="sm" onClick={() => setPalette(true)}>
              {M.addBlock}
            </Button>
          </div>
          <p className="text-sm text-slate-600">
            {M.dragHint}{" "}
            <a href="#page-preview-heading" className="text-brand-700 underline underline-offset-2 xl:hidden">
              {M.toPreview}
            </a>
          </p>
          {draft.schemaErrors.blocks && <p className="text-sm text-red-700">{draft.schemaErrors.blocks}</p>}
          <BlockOutline blocks={blocks} selected={selected} actions={actions} hasErrors={hasErrors} form={blockForm} />
          <p role="status" aria-live="polite" className="sr-only">
            {said}
          </p>
        </section>
        <PageSeoFields values={values} set={set} errorOf={draft.errorOf} />
        <PageHistory pageId={saved.id} version={saved.updatedAt} onRestored={restored} />
      </div>
      <div className="min-w-0 xl:sticky xl:top-20 xl:self-start">
        <PagePreview title={values.title} blocks={blocks} data={blockData} selected={selected} />
      </div>
      <BlockPalette
        open={palette}
        onClose={() => setPalette(false)}
        onAdd={add}
        unavailable={ONCE_A_PAGE.filter((type) => blocks.some((b) => b.type === type))}
      />
    </div>
  );
}

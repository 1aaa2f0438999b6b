import * as AlertDialog from "@radix-ui/react-alert-dialog";
import type { ComponentProps, ReactNode } from "react";
import { Button, buttonClasses } from "./button";

/**
 * A question that must be answered before a destructive step (Radix alert dialog: focus is
 * trapped, Escape cancels). `trigger` is the button that opens it.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  onConfirm,
  open,
  onOpenChange,
  confirmVariant = "destructive",
}: {
  trigger?: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The confirming button's look: red for what removes, the brand's for what adds (publishing). */
  confirmVariant?: "destructive" | "default";
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">{description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses({ variant: "outline" })}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses({ variant: confirmVariant })} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * A Button that asks the dialog's question before it acts: `title`, `description`, `confirmLabel`
 * and `onConfirm` go to the dialog, every other prop to the button.
 */
export function ConfirmButton({
  title,
  description,
  confirmLabel,
  onConfirm,
  confirmVariant,
  ...button
}: Pick<
  ComponentProps<typeof ConfirmDialog>,
  "title" | "description" | "confirmLabel" | "onConfirm" | "confirmVariant"
> &
  Omit<ComponentProps<typeof Button>, "title">) {
  return (
    <ConfirmDialog
      trigger={<Button {...button} />}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      onConfirm={onConfirm}
      confirmVariant={confirmVariant}
    />
  );
}

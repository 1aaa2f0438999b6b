import type { ComponentProps } from "react";
import { ConfirmButton } from "~/app/components/ui/confirm-dialog";

type Props = Omit<ComponentProps<typeof ConfirmButton>, "type" | "variant" | "confirmLabel" | "children">;

/**
 * A record's Remove (Revoke, Delete) in a panel's list: an outline button named `label` that asks
 * the dialog's question and, once the same word confirms it, runs `onConfirm`.
 */
export function RemoveButton({ label, ...props }: Props & { label: string }) {
  return (
    <ConfirmButton type="button" variant="outline" confirmLabel={label} {...props}>
      {label}
    </ConfirmButton>
  );
}

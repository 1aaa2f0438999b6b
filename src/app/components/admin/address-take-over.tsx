import { CheckboxField } from "~/app/components/ui/checkbox-field";
import { REVISION_MESSAGES } from "~/shared/revisions";

export const ADDRESS_TAKE_OVER_MESSAGES = {
  label: "Take over this address",
  hint: "Readers who follow it are sent to the other post now; they will see this post instead.",
} as const;

/**
 * The slug a save was refused for because it is another post's old address and a confirmation
 * would let it through (docs/decisions/157-old-addresses-taken-over-on-purpose.md); undefined for
 * any other answer, a contributor's refusal included, which no confirmation changes.
 */
export function refusedAddress(errors: Record<string, string[]> | undefined, slug: string): string | undefined {
  return errors?.slug?.includes(REVISION_MESSAGES.slugRedirected(slug)) ? slug : undefined;
}

/** The confirmation the post form shows under the slug once a save was refused for its address. */
export function AddressTakeOver({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <CheckboxField
      id="post-take-over-address"
      label={ADDRESS_TAKE_OVER_MESSAGES.label}
      hint={ADDRESS_TAKE_OVER_MESSAGES.hint}
      checked={checked}
      onChange={onChange}
    />
  );
}

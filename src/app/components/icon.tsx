import sprite from "~/app/assets/icons.svg?url&no-inline";
import { cn } from "~/app/lib/cn";
import type { IconName } from "./icon-names";

/**
 * A decorative line icon from the site's sprite (icon-names.ts). The sprite is one hashed,
 * long-cached file; each icon here is a few bytes of markup, sized so nothing moves when the
 * sprite arrives. Icons repeat what their text says, so screen readers skip them.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn("h-6 w-6 shrink-0", className)}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

/** An icon on a soft brand-coloured tile: the mark of a card; on a dark band (`dark`) a translucent one. */
export function IconTile({ name, dark = false, className }: { name: IconName; dark?: boolean; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex h-12 w-12 items-center justify-center rounded-xl",
        dark ? "bg-white/10 text-brand-200 ring-1 ring-white/15" : "bg-brand-100 text-brand-700",
        className,
      )}
    >
      <Icon name={name} />
    </span>
  );
}

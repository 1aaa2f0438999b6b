import { cn } from "~/app/lib/cn";
import { Icon } from "./icon";

/** A list with a green check before each item, for a product's points or an industry's features. */
export function CheckList({
  items,
  className,
  itemClassName,
}: {
  items: readonly string[];
  className: string;
  itemClassName: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className={cn("flex", itemClassName)}>
          <Icon name="check" className="mt-0.5 h-5 w-5 text-emerald-600" />
          {item}
        </li>
      ))}
    </ul>
  );
}

/**
 * How many places in a list fade in one after another: app.css has a `fade-up-N` keyframes rule
 * and class for each (docs/decisions/034-stagger-in-keyframes.md), enough for a page of the blog
 * and the ten industries. A card further down appears with the last of them.
 */
export const STAGGER_PLACES = 12;

/**
 * The classes of the card at `index` in a list that fades in 0.1 s apart (docs/product.md
 * section 9); under prefers-reduced-motion the classes do nothing. `fade-up` marks every such card.
 */
export function staggerClass(index: number): string {
  return `fade-up fade-up-${Math.min(Math.max(index, 0), STAGGER_PLACES - 1)}`;
}

/**
 * The labels of the block editor's generated forms (src/app/components/admin/pages/schema-field.tsx),
 * by field name: a field the schemas gain later gets its name spelled out ("exploreAllLabel" reads
 * "Explore all label") until a label is added here. No zod here.
 */
export const BLOCK_FIELD_LABELS: Record<string, string> = {
  anchor: "Anchor (the section's address, such as contact for /#contact)",
  variant: "Look",
  badge: "Badge",
  headline: "Headline",
  lead: "Lead",
  buttons: "Buttons",
  button: "Button",
  label: "Label",
  href: "Link (https://…, /path or #section)",
  visual: "Beside the words",
  kind: "Show",
  src: "Image (from the media library, /media/…)",
  photo: "Photo (from the media library, /media/…)",
  alt: "Alt text",
  width: "Width in pixels",
  height: "Height in pixels",
  html: "Text",
  title: "Title",
  intro: "Introduction",
  columns: "Columns",
  items: "Items",
  icon: "Icon",
  text: "Text",
  question: "Question",
  answer: "Answer",
  quote: "Quote",
  name: "Name",
  role: "Role",
  logos: "Logos",
  figure: "Figure",
  url: "Video link (YouTube or Vimeo)",
  caption: "Caption",
  industries: "Industries (ids; none chosen shows every industry)",
  featureCount: "Features per card",
  linkLabel: "Link label",
  exploreAllLabel: "Button to all industries (empty: none)",
  count: "How many posts",
  tag: "Tag (its slug; empty: every post)",
  industry: "Preselected industry (its id)",
  plans: "Plans",
  price: "Price",
  period: "Period",
  description: "Description",
  features: "Features",
  highlighted: "Highlighted",
};

/** Choices of an enum or literal field as they read, by value. */
export const BLOCK_CHOICE_LABELS: Record<string, string> = {
  plain: "Plain",
  tinted: "Tinted",
  dark: "Dark",
  image: "Image",
  mock: "Product mock",
  none: "Nothing",
};

/** A field's label: its own, else its name spelled out. */
export function blockFieldLabel(name: string): string {
  const known = BLOCK_FIELD_LABELS[name];
  if (known) return known;
  const words = name.replace(/([A-Z])/g, " $1").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A choice's label: its own, else the value spelled out. */
export function blockChoiceLabel(value: string | number): string {
  const text = String(value);
  return BLOCK_CHOICE_LABELS[text] ?? blockFieldLabel(text.replaceAll("-", " "));
}

/** An item's name in a list field ("Buttons" -> "Button", "Items" -> "Item"). */
export function itemLabel(listName: string): string {
  const singular: Record<string, string> = {
    buttons: "Button",
    items: "Item",
    logos: "Logo",
    industries: "Industry",
    plans: "Plan",
    features: "Feature",
  };
  return singular[listName] ?? blockFieldLabel(listName);
}

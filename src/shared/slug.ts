/**
 * Slugs (docs/product.md section 5): lowercase; characters other than letters, digits, spaces and hyphens
 * removed; spaces become hyphens; repeated hyphens collapse. Beyond docs/product.md section 5, accents are dropped
 * ("Café" -> "cafe") and underscores, leading and trailing hyphens go, so every slug made here
 * passes the slug pattern below.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "") // accents off before non-word characters are removed
    .toLowerCase()
    .replace(/_/g, " ")
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * A post slug from its title. docs/product.md section 5: a result shorter than 3 characters gets a hyphen
 * and the last 3 digits of the current time appended ("post" stands in for an empty one).
 */
export function generateSlug(title: string, now: number = Date.now()): string {
  const slug = slugify(title);
  return slug.length >= 3 ? slug : `${slug || "post"}-${String(now).slice(-3)}`;
}

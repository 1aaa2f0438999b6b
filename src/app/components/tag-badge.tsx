import { Link } from "react-router";
import type { Tag } from "~/shared/blog";

/** A tag that leads to the blog filtered by it (docs/product.md section 2). */
export function TagBadge({ tag }: { tag: Tag }) {
  return (
    <Link
      to={`/blog?tag=${encodeURIComponent(tag.slug)}`}
      className="inline-flex items-center rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-medium text-brand-900 hover:bg-brand-200"
    >
      {tag.name}
    </Link>
  );
}

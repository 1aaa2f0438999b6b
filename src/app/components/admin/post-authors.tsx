import type { CmsListItem } from "~/shared/blog";
import { ADMIN_MESSAGES } from "./admin-messages";

/**
 * Who created a post and who saved it last, by name, for the posts list and the editor; nothing
 * for a post from before these were kept, or whose user was removed.
 */
export function PostAuthors({
  post,
  inline = false,
}: {
  post: Pick<CmsListItem, "createdByName" | "updatedByName">;
  inline?: boolean;
}) {
  const parts = [
    post.createdByName && ADMIN_MESSAGES.createdBy(post.createdByName),
    post.updatedByName && ADMIN_MESSAGES.updatedBy(post.updatedByName),
  ].filter(Boolean);
  if (parts.length === 0) return null;
  if (inline) return <> · {parts.join(" · ")}</>;
  return <p className="text-sm text-slate-600">{parts.join(" · ")}</p>;
}

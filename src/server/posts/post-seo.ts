import { SEO_TEXT_FIELDS } from "~/shared/schemas";
import type { Post, PostInput } from "~/server/store/types";

/**
 * Puts the search and social settings (and the cover's focal point) a writer sent on a fresh
 * copy of the post: a text setting
 * sent empty, and `noindex` sent false, are removed, so an unset setting is absent from the stored
 * post as on one written before they existed (docs/decisions/116-per-post-search-settings.md).
 * A setting left out keeps its value.
 */
export function applySeoSettings(post: Post, input: Partial<PostInput>): Post {
  for (const key of SEO_TEXT_FIELDS) {
    const value = input[key];
    if (value === undefined) continue;
    if (value) post[key] = value;
    else delete post[key];
  }
  if (input.noindex === true) post.noindex = true;
  else if (input.noindex === false) delete post.noindex;
  return post;
}

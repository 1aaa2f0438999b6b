import { CLEARED_BY_EMPTY } from "~/server/collections/posts";
import type { Post, PostInput } from "~/server/store/types";

/**
 * Puts the optional fields a writer sent (the cover, the search and social settings, the cover's
 * focal point) on a fresh copy of the post: a text field sent empty, and `noindex` sent false, are
 * removed, so an unset field is absent from the stored post as on one written before it existed
 * (docs/decisions/116-per-post-search-settings.md). A field left out keeps its value.
 */
export function applyOptionalFields(post: Post, input: Partial<PostInput>): Post {
  for (const key of CLEARED_BY_EMPTY) {
    const value = input[key];
    if (value === undefined) continue;
    if (value) post[key] = value;
    else delete post[key];
  }
  if (input.noindex === true) post.noindex = true;
  else if (input.noindex === false) delete post.noindex;
  return post;
}

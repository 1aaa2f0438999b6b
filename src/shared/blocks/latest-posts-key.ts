/**
 * Where BlockData keeps the posts of one latest-posts query: by its tag, "" for every post. No
 * zod here, so the public component may import it.
 */
export const latestPostsKey = (tag: string | undefined) => tag ?? "";

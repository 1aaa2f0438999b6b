import type { Post } from "~/server/store/types";

/** Every `/media/<hash>...` address in a text (a cover URL, post HTML, a backup file), as hashes. */
const MEDIA_REF = /\/media\/([0-9a-f]{64})(?:-\d{2,4}w)?\.(?:png|gif|jpg|bmp|ico|webp)/g;

export function mediaHashesIn(text: string | undefined, into = new Set<string>()): Set<string> {
  if (!text) return into;
  for (const match of text.matchAll(MEDIA_REF)) into.add(match[1]!);
  return into;
}

/** The images a post shows: its cover, its social image and those in its content. */
export function postMediaHashes(post: Pick<Post, "coverImage" | "content" | "socialImage">): Set<string> {
  return mediaHashesIn(post.content, mediaHashesIn(post.socialImage, mediaHashesIn(post.coverImage)));
}

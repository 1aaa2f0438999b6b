import { MEDIA_FIELDS } from "~/server/collections/posts";
import type { Post } from "~/server/store/types";

/** Every `/media/<hash>...` address in a text (a cover URL, post HTML, a backup file), as hashes. */
const MEDIA_REF = /\/media\/([0-9a-f]{64})(?:-\d{2,4}w)?\.(?:png|gif|jpg|bmp|ico|webp)/g;

export function mediaHashesIn(text: string | undefined, into = new Set<string>()): Set<string> {
  if (!text) return into;
  for (const match of text.matchAll(MEDIA_REF)) into.add(match[1]!);
  return into;
}

/** The images a post shows: those its declaration's MEDIA_FIELDS name (its cover, its social image, its content's). */
export function postMediaHashes(post: Pick<Post, (typeof MEDIA_FIELDS)[number]>): Set<string> {
  const hashes = new Set<string>();
  for (const field of MEDIA_FIELDS) mediaHashesIn(post[field], hashes);
  return hashes;
}

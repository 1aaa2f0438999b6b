import "../zod-jitless";
import { z } from "zod";
import { MEDIA_URL } from "../media";
import { isHttpUrl, isSitePath } from "../site-content";
import { BLOCK_LIMITS as L, BLOCK_MESSAGES as M } from "./block-messages";

/**
 * The field kinds the block schemas are made of, so every block says "required" and "too long"
 * in the same words. Every text is plain text: the components render it as text, never as HTML
 * (the rich-text block alone holds HTML, sanitized on save).
 */

/** Trimmed text of at least one and at most `max` characters. */
export const blockText = (max: number, required: string = M.required) =>
  z.string({ error: required }).trim().min(1, required).max(max, M.tooLong(max));

/** Trimmed text that may be left empty (absent or ""), at most `max` characters. */
export const optionalText = (max: number) => z.string({ error: M.required }).trim().max(max, M.tooLong(max)).optional();

/** A list of `min` to `max` items. */
export const list = <T extends z.ZodType>(item: T, min: number, max: number) =>
  z.array(item).min(min, M.tooFew(min)).max(max, M.tooMany(max));

/** A section of this page (`#contact`), of the same link rule as an anchor. */
export const isSectionLink = (value: string) => /^#[a-z0-9]+(-[a-z0-9]+)*$/.test(value);

/**
 * Where a button or a link goes: an http(s) address, a path on this site, or a section of the
 * page (`#contact`, scrolled to rather than navigated). `javascript:` and `data:` never pass.
 */
export const href = z
  .string({ error: M.link })
  .trim()
  .min(1, { message: M.required, abort: true })
  .max(L.url, M.tooLong(L.url))
  .refine((v) => isHttpUrl(v) || isSitePath(v) || isSectionLink(v), M.link);

/** A button: its words and where it goes. */
export const button = z.object({ label: blockText(L.label), href });

/** An image of the media library (`/media/<hash>.<ext>`): uploads are checked there, so no outside address is shown. */
export const mediaUrl = z
  .string({ error: M.mediaImage })
  .trim()
  .refine((v) => MEDIA_URL.test(v), M.mediaImage);

/** Alternative text, which an informative image always needs (WCAG 1.1.1). */
export const alt = blockText(L.alt, M.altRequired);

/** A pixel size an image block may give so the page keeps its layout while the image loads. */
export const side = z
  .number({ error: M.whole(1, L.imageSide) })
  .int(M.whole(1, L.imageSide))
  .min(1, M.whole(1, L.imageSide))
  .max(L.imageSide, M.whole(1, L.imageSide));

/** A whole number from `min` to `max`. */
export const whole = (min: number, max: number) =>
  z
    .number({ error: M.whole(min, max) })
    .int(M.whole(min, max))
    .min(min, M.whole(min, max))
    .max(max, M.whole(min, max));

/** A section's optional heading and intro, which most blocks open with. */
export const heading = { title: optionalText(L.title), intro: optionalText(L.text) };

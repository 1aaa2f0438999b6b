import { measureResizeMemory } from "../../tests/helpers/resize-memory";
import { DEFAULT_MAX_IMAGE_PIXELS, RESIZE_MEMORY_BUDGET } from "../../src/server/media/image-bytes";
import { mb } from "./report";

/**
 * `npm run bench`'s resize memory: a 7000x7000 PNG (49 megapixels in about 150 KB) resized by the
 * media library in a process of its own, with the cap lifted for it. The resident growth at its
 * peak over its pixels is what a pixel costs; the default MAX_IMAGE_PIXELS is the resize budget
 * over that (docs/decisions/151-resize-memory-bounded.md), and `npm run bench` says which cap
 * this machine's measurement gives beside the one in the code.
 */
const SIDE = 7000;

export async function resizeMemoryPart() {
  const run = await measureResizeMemory(SIDE, SIDE * SIDE);
  if (run.status !== 201) throw new Error(`the ${SIDE}x${SIDE} upload answered ${run.status}`);
  const perPixel = (run.peak - run.before) / run.pixels;
  return { ...run, perPixel, cap: Math.floor(RESIZE_MEMORY_BUDGET / perPixel) };
}

export const resizeMemoryReport = (r: Awaited<ReturnType<typeof resizeMemoryPart>>) =>
  `Resizing a ${SIDE}x${SIDE} PNG (in a process of its own): RSS ${mb(r.before)} before, ${mb(r.peak)} at the peak, ` +
  `${mb(r.after)} after; ${r.perPixel.toFixed(1)} bytes a pixel, so a ${mb(RESIZE_MEMORY_BUDGET)} budget allows ` +
  `${(r.cap / 1e6).toFixed(1)} megapixels (MAX_IMAGE_PIXELS's default: ${DEFAULT_MAX_IMAGE_PIXELS / 1e6})`;

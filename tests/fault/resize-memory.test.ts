import { expect, it } from "vitest";
import { DEFAULT_MAX_IMAGE_PIXELS, RESIZE_MEMORY_BUDGET } from "~/server/media/image-bytes";
import { measureResizeMemory } from "../helpers/resize-memory";

/**
 * A small file that decodes to a large bitmap (docs/decisions/151-resize-memory-bounded.md),
 * measured in a process of its own so that nothing else this tier runs moves its resident size.
 */
const MB = 1024 * 1024;
/** The resize worker's own start (a V8 isolate and Jimp), beside the pictures it holds. */
const WORKER = 64 * MB;

it("refuses a 7000x7000 PNG of 143 KB before decoding it, so the server's memory does not move", async () => {
  const { status, before, peak, after } = await measureResizeMemory(7000);
  expect(status).toBe(413);
  expect(peak - before).toBeLessThan(WORKER);
  expect(after - before).toBeLessThan(32 * MB);
}, 120_000);

it("resizes an image just under the pixel cap within the memory budget, and gives the memory back after", async () => {
  const side = Math.floor(Math.sqrt(DEFAULT_MAX_IMAGE_PIXELS));
  const { status, before, peak, after } = await measureResizeMemory(side);
  expect(status).toBe(201);
  expect(peak - before).toBeLessThan(RESIZE_MEMORY_BUDGET + WORKER);
  expect(after - before).toBeLessThan(32 * MB); // the worker ended with the job
}, 120_000);

import { randomUUID } from "node:crypto";
import type { PostInput } from "~/server/store/types";

let count = 0;

/**
 * A post a writer could submit, valid under docs/product.md section 5's lengths (title 5, slug 3, summary 10,
 * content 50). The slug is unique on every call so tests never collide with each other.
 */
export function makePostInput(overrides: Partial<PostInput> = {}): PostInput {
  count += 1;
  const unique = `${count}-${randomUUID().slice(0, 8)}`;
  return {
    title: `Queue insights ${count}`,
    slug: `queue-insights-${unique}`,
    summary: "Short waits and happy customers, explained.",
    content: "<p>Intelligent queuing lets visitors wait where they like and arrive just in time.</p>",
    published: true,
    tags: [],
    ...overrides,
  };
}

/** A contact form a visitor could send: every field filled and valid (docs/product.md section 2). */
export const GOOD_CONTACT = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  company: "Analytical",
  industry: "healthcare",
  message: "We queue at our clinics.",
} as const;

/** A seeded generator of numbers between 0 and 1 (Park and Miller's, multiplier 48271), so a failure repeats. */
export function seededRandom(seed: number): () => number {
  return () => (seed = (seed * 48271) % 2147483647) / 2147483647;
}

let pages = 0;

/** A page the marketing team could build: a title, a free path and one rich-text block. */
export function makePageInput(overrides: Record<string, unknown> = {}) {
  pages += 1;
  const unique = `${pages}-${randomUUID().slice(0, 8)}`;
  return {
    title: `Pricing ${pages}`,
    path: `/pricing-${unique}`,
    blocks: [{ id: "intro", type: "richText" as const, html: `<p>Plans for every queue, number ${pages}.</p>` }],
    ...overrides,
  };
}

import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UTILITY_PAGES } from "~/app/components/tools/utility-pages";
import { asHtml, metaDescriptionOf, titleOf } from "../helpers/html";
import { makeTestApp } from "../helpers/test-app";

/**
 * The six bare utility pages come from one route module and one definition (UTILITY_PAGES):
 * each path still renders its own title, description and heading, never indexed or stored.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe.each(Object.entries(UTILITY_PAGES))("/%s", (path, page) => {
  it("renders its own title and description, private and not indexed", async () => {
    const res = await request(t.app).get(`/${path}`).expect(200);
    expect(titleOf(res.text)).toContain(asHtml(page.title));
    expect(metaDescriptionOf(res.text)).toBe(asHtml(page.intro));
    expect(res.text).toContain('<meta name="robots" content="noindex"/>');
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("names no element it lacks in its first-paint hint (Chromium warns about one in the console)", async () => {
    const res = await request(t.app).get(`/${path}`).expect(200);
    for (const [, id] of res.text.matchAll(/<link rel="expect" href="#([^"]+)"/g)) {
      expect(res.text).toContain(`id="${id}"`);
    }
  });
});

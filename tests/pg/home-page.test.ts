import request from "supertest";
import { describe, expect, it } from "vitest";
import { HOME_PAGE_PATH, PAGE_SUBJECT } from "~/shared/pages";
import { useTwoInstances } from "../helpers/two-instances";

const { instances } = useTwoInstances();

/** The home page's upgrade (docs/decisions/280-the-home-page-is-a-page-of-blocks.md) on one database. */
describe("the home page of blocks on instances starting at once", () => {
  it("is made exactly once, with one revision, and shown at / by every instance", async () => {
    const { apps } = await instances(3);
    const [a, b, c] = apps as [
      NonNullable<(typeof apps)[0]>,
      NonNullable<(typeof apps)[0]>,
      NonNullable<(typeof apps)[0]>,
    ];
    const homes = (await c.store.listPages()).filter((p) => p.path === HOME_PAGE_PATH);
    expect(homes).toHaveLength(1);
    expect(homes[0]).toMatchObject({ published: true });
    expect(await a.store.listRevisions(PAGE_SUBJECT, homes[0]!.id)).toHaveLength(1);
    for (const app of [a, b, c]) {
      const res = await request(app.app).get("/").expect(200);
      expect(res.text).toContain('id="core-tech"');
    }
  });
});

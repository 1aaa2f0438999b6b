import { describe, expect, it } from "vitest";
import routes from "~/app/routes";
import { UTILITY_PAGES, utilityPageOf } from "~/app/components/tools/utility-pages";

/** routes.ts and UTILITY_PAGES name the same six pages: a route without a definition would throw on every visit. */
describe("the utility pages' one definition", () => {
  const utilityRoutes = routes.filter((r) => r.file === "routes/utility-page.tsx");

  it("gives every route of the utility module a page, and every page a route at its own path", () => {
    expect(utilityRoutes.map((r) => r.id).sort()).toEqual(Object.keys(UTILITY_PAGES).sort());
    for (const r of utilityRoutes) expect(r.path).toBe(r.id);
  });

  it("refuses a route id it does not know, naming it", () => {
    expect(() => utilityPageOf("no-such-page")).toThrow(/no-such-page/);
    expect(utilityPageOf("delete-posts").Tool).toBe(UTILITY_PAGES["delete-posts"].Tool);
  });
});

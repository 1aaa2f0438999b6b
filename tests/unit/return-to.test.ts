import { describe, expect, it } from "vitest";
import { pathOnThisSite, RETURN_HOME } from "~/shared/return-to";

/**
 * Where a sign-in sends the browser back to (docs/decisions/154-return-to-a-path-on-this-site.md):
 * each refused shape is one a browser would resolve, as a `Location`, to another host, or one that
 * normalises to such a shape.
 */
describe("pathOnThisSite", () => {
  it.each([
    ["/admin", "/admin"],
    ["/", "/"],
    ["/admin/debug-tools", "/admin/debug-tools"],
    ["/delete-posts", "/delete-posts"],
    ["/blog?page=2&tag=queues", "/blog?page=2&tag=queues"],
    ["/blog?next=//evil.example", "/blog?next=//evil.example"], // a query is not an address
    ["/system/health#top", "/system/health"],
    ["/a/./b/../c", "/a/c"],
    ["/blog/caf%C3%A9", "/blog/caf%C3%A9"],
    ["/blog/café", "/blog/caf%C3%A9"],
    ["/a%2fb", "/a%2fb"], // an encoded slash inside a path names no host
    ["/ /evil.example?x", "/%20/evil.example?x"],
  ])("keeps %s as %s", (value, expected) => {
    expect(pathOnThisSite(value)).toBe(expected);
  });

  const OTHER_SITES = [
    "//evil.example",
    "//evil.example/x",
    "///evil.example",
    "////evil.example",
    "/.//evil.example",
    "/././/evil.example",
    "/./evil.example/..//evil.example",
    "/x/..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "\\/evil.example",
    "/.\\/evil.example",
    "/./\\evil.example",
    "/%2f/evil.example",
    "/%2F%2Fevil.example",
    "/%5c/evil.example",
    "/%5C%5Cevil.example",
    "/.%2f/evil.example",
    "/.%2F%2Fevil.example",
    "/%2e%2f%2fevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\u0000/evil.example",
    "https://evil.example/",
    "http:evil.example",
    "javascript:alert(1)",
    "evil.example",
    "admin",
    "",
    " /admin",
    "/admin\u007f",
    "/blog//x",
    "/" + "a".repeat(3000),
  ];
  it.each(OTHER_SITES)("sends %j to RETURN_HOME", (value) => {
    expect(pathOnThisSite(value)).toBe(RETURN_HOME);
  });

  it("never answers what a browser would resolve to another host", () => {
    for (const value of OTHER_SITES) {
      const answer = pathOnThisSite(value);
      expect(new URL(answer, "https://queuewise.example").host).toBe("queuewise.example");
    }
  });

  it("refuses what is not a string", () => {
    for (const value of [undefined, null, 1, ["/admin"], { toString: () => "/admin" }]) {
      expect(pathOnThisSite(value)).toBe(RETURN_HOME);
    }
  });
});

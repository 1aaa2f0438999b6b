import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { ADMIN_NAV_MESSAGES } from "~/app/components/admin/admin-nav-items";
import type { Role } from "~/shared/permissions";
import { asHtml } from "../helpers/html";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { useTestApp } from "../helpers/test-app";

/**
 * Every admin screen's address answers for itself (docs/decisions/170-the-admin-has-addresses.md):
 * the sign-in form (200) signed out, the screen (200) for a role that may see it, the refusal page
 * (403) for one that may not, a 404 page for a post or message that does not exist.
 */
const t = useTestApp({ perFile: true });

const SCREENS = [
  "/admin",
  "/admin/posts",
  "/admin/posts/new",
  "/admin/pages",
  "/admin/review",
  "/admin/inbox",
  "/admin/tags",
  "/admin/analytics",
  "/admin/media",
  "/admin/trash",
  "/admin/users",
  "/admin/activity",
  "/admin/webhooks",
  "/admin/import",
  "/admin/redirects",
  "/admin/subscribers",
  "/admin/site",
  "/admin/account",
] as const;

/** Who sees which screen, written out as docs/cms-guide.md tells it (the inbox setting off). */
const SEES: Record<Role, readonly (typeof SCREENS)[number][]> = {
  admin: SCREENS,
  editor: [
    "/admin",
    "/admin/posts",
    "/admin/posts/new",
    "/admin/pages",
    "/admin/review",
    "/admin/tags",
    "/admin/analytics",
    "/admin/media",
    "/admin/trash",
    "/admin/site",
    "/admin/account",
  ],
  writer: ["/admin", "/admin/posts", "/admin/posts/new", "/admin/pages", "/admin/tags", "/admin/account"],
  contributor: ["/admin", "/admin/posts", "/admin/posts/new", "/admin/pages", "/admin/tags", "/admin/account"],
};

const cookies = {} as Record<Role, string>;
const ids = {} as Record<Role, number>;
let adminsPost: number;
let messageId: number;
beforeAll(async () => {
  for (const role of Object.keys(SEES) as Role[]) {
    const { user, cookie } = await signedIn(t, role);
    cookies[role] = cookie;
    ids[role] = user.id;
  }
  adminsPost = (await t.store.createPost(makePostInput(), { by: { id: ids.admin, username: "a" } })).id;
  messageId = (
    await t.store.addMessage({ name: "Ada", email: "ada@example.com", message: "We queue.", ip: "127.0.0.1" })
  ).id;
});

const get = (path: string, role?: Role) => {
  const call = request(t.app).get(path);
  return role ? call.set("Cookie", cookies[role]) : call;
};

describe("signed out", () => {
  it.each([...SCREENS, "/admin/posts/1", "/admin/inbox/1", "/admin/posts/999999"])(
    "%s shows the sign-in form, privately",
    async (path) => {
      const res = await get(path).expect(200);
      expect(res.text).toContain(asHtml(ADMIN_MESSAGES.signInTitle));
      expect(res.headers["cache-control"]).toBe("private, no-store");
    },
  );
});

describe.each(Object.keys(SEES) as Role[])("as %s", (role) => {
  it.each(SCREENS)("%s", async (path) => {
    const allowed = SEES[role].includes(path);
    const res = await get(path, role).expect(allowed ? 200 : 403);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    // The navigation is there either way; the refusal page says why.
    expect(res.text).toContain(`aria-label="${ADMIN_NAV_MESSAGES.label}"`);
    expect(res.text.includes(asHtml(ADMIN_NAV_MESSAGES.refusedTitle))).toBe(!allowed);
  });
});

describe("a post's editor", () => {
  it("opens with the post for whoever may edit it, a contributor's own draft included", async () => {
    const res = await get(`/admin/posts/${adminsPost}`, "writer").expect(200);
    expect(res.text).toContain(asHtml(ADMIN_MESSAGES.editHeading));
    const own = await t.store.createPost(makePostInput({ title: "A contributor's own draft" }), {
      by: { id: ids.contributor, username: "c" },
    });
    const mine = await get(`/admin/posts/${own.id}`, "contributor").expect(200);
    expect(mine.text).toContain(`value="${asHtml("A contributor's own draft")}"`);
  });

  it("refuses a contributor another's post (403), and answers 404 for a post that is not there", async () => {
    const refused = await get(`/admin/posts/${adminsPost}`, "contributor").expect(403);
    expect(refused.text).toContain(asHtml(ADMIN_NAV_MESSAGES.refusedTitle));
    expect(refused.text).not.toContain(asHtml(ADMIN_MESSAGES.editHeading));
    for (const path of ["/admin/posts/999999", "/admin/posts/not-a-number", "/admin/posts/0"]) {
      const res = await get(path, "admin").expect(404);
      expect(res.text).toContain(asHtml(ADMIN_NAV_MESSAGES.notFoundTitle));
    }
  });
});

describe("a message's page", () => {
  it("shows the message to whoever reads the inbox, 404 for an unknown one, 403 for the others", async () => {
    const res = await get(`/admin/inbox/${messageId}`, "admin").expect(200);
    expect(res.text).toContain("We queue.");
    await get("/admin/inbox/999999", "admin").expect(404);
    await get("/admin/inbox/x", "admin").expect(404);
    await get(`/admin/inbox/${messageId}`, "writer").expect(403);
  });
});

it("an address under /admin that names no screen is the site's 404", async () => {
  await get("/admin/no-such-screen", "admin").expect(404);
});

import request from "supertest";
import { expect } from "vitest";
import { POST_SUBJECT } from "~/shared/revisions";
import type { Post } from "~/server/store/types";
import { can, ROLES, type Action, type Role } from "~/shared/permissions";
import { makePageInput, makePostInput } from "../helpers/factories";
import { makeImage } from "../helpers/images";
import { signedIn } from "../helpers/sign-in";
import type { TestApp } from "../helpers/test-app";
import type { Store } from "~/server/records/store";

/**
 * The permission table (src/shared/permissions.ts) through HTTP: every write route and every
 * admin read, called by each of the four roles, on whichever store the app runs on. Each role is
 * signed in once; each call gets fresh records of its own, so one role's call never sets up or
 * spoils another's.
 */
type Users = Record<Role, { id: number; cookie: string }>;
type Ctx = { t: TestApp; users: Users; role: Role };
type Row = {
  route: string;
  /** Who may: the roles the table allows the action for (a post's own draft when a post is named). */
  allowed: readonly Role[];
  call: (ctx: Ctx) => Promise<request.Response>;
};

const allowedFor = (action: Action) => ROLES.filter((role) => can(role, action));
const ALL = ROLES;

let seed = 0;
const post = (t: TestApp, by: number, published = false): Promise<Post> =>
  t.store.createPost(makePostInput({ published }), { by: { id: by, username: "someone" } });
const page = (t: TestApp, by: number) => t.store.createPage(makePageInput(), { by: { id: by, username: "someone" } });
const tag = async (store: Store) => {
  const made = await store.createPost(makePostInput({ published: false, tags: [`tag ${++seed}`] }));
  return made.tags[0]!;
};
const image = async () => makeImage(8, 8, "image/png", ++seed);

function as({ t, users, role }: Ctx, method: "get" | "post" | "put" | "patch" | "delete", path: string) {
  return request(t.app)[method](path).set("Cookie", users[role].cookie);
}

export const PERMISSION_ROWS: Row[] = [
  // Pages of blocks
  {
    route: "POST /api/cms/pages (a draft)",
    allowed: allowedFor("pages.create"),
    call: async (c) => as(c, "post", "/api/cms/pages").send(makePageInput()),
  },
  {
    route: "POST /api/cms/pages (published)",
    allowed: allowedFor("pages.publish"),
    call: async (c) => as(c, "post", "/api/cms/pages").send({ ...makePageInput(), published: true }),
  },
  {
    route: "PUT /api/cms/pages/{id} (own draft)",
    allowed: allowedFor("pages.create"),
    call: async (c) => {
      const { id } = await page(c.t, c.users[c.role].id);
      return as(c, "put", `/api/cms/pages/${id}`).send({ title: "A better title" });
    },
  },
  {
    route: "POST /api/cms/pages/{id}/publish (own draft)",
    allowed: allowedFor("pages.publish"),
    call: async (c) => as(c, "post", `/api/cms/pages/${(await page(c.t, c.users[c.role].id)).id}/publish`),
  },
  {
    route: "DELETE /api/cms/pages/{id}",
    allowed: allowedFor("pages.delete"),
    call: async (c) => as(c, "delete", `/api/cms/pages/${(await page(c.t, c.users[c.role].id)).id}`),
  },
  // Posts
  {
    route: "POST /api/cms/simple-create-post (a draft)",
    allowed: ALL,
    call: async (c) => as(c, "post", "/api/cms/simple-create-post").send(makePostInput({ published: false })),
  },
  {
    route: "POST /api/cms/simple-create-post (published)",
    allowed: allowedFor("posts.publish"),
    call: async (c) => as(c, "post", "/api/cms/simple-create-post").send(makePostInput({ published: true })),
  },
  {
    route: "PUT /api/cms/update-post/{id} (own draft)",
    allowed: ALL,
    call: async (c) => {
      const { id } = await post(c.t, c.users[c.role].id);
      return as(c, "put", `/api/cms/update-post/${id}`).send({ title: "A better title" });
    },
  },
  {
    route: "PUT /api/cms/update-post/{id} (someone else's draft)",
    allowed: ROLES.filter((role) => can(role, "posts.edit", { own: false, published: false })),
    call: async (c) => {
      const { id } = await post(c.t, c.users.admin.id);
      return as(c, "put", `/api/cms/update-post/${id}`).send({ title: "A better title" });
    },
  },
  {
    route: "PUT /api/cms/update-post/{id} (own published post)",
    allowed: allowedFor("posts.publish"),
    call: async (c) => {
      const { id } = await post(c.t, c.users[c.role].id, true);
      return as(c, "put", `/api/cms/update-post/${id}`).send({ title: "A better title" });
    },
  },
  {
    route: "PUT /api/cms/update-post/{id} published true (publish own draft)",
    allowed: allowedFor("posts.publish"),
    call: async (c) => {
      const { id } = await post(c.t, c.users[c.role].id);
      return as(c, "put", `/api/cms/update-post/${id}`).send({ published: true });
    },
  },
  {
    route: "PUT /api/cms/update-post/{id} publishAt (schedule own draft)",
    allowed: allowedFor("posts.publish"),
    call: async (c) => {
      const { id } = await post(c.t, c.users[c.role].id);
      return as(c, "put", `/api/cms/update-post/${id}`).send({
        publishAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
    },
  },
  {
    route: "PUT /api/cms/update-post/{id} published false (unpublish own post)",
    allowed: allowedFor("posts.publish"),
    call: async (c) => {
      const { id } = await post(c.t, c.users[c.role].id, true);
      return as(c, "put", `/api/cms/update-post/${id}`).send({ published: false });
    },
  },
  {
    route: "POST /api/cms/delete-post/{id}",
    allowed: allowedFor("posts.delete"),
    call: async (c) => as(c, "post", `/api/cms/delete-post/${(await post(c.t, c.users[c.role].id)).id}`),
  },
  {
    route: "POST /api/cms/posts/{id}/submit (own draft)",
    allowed: ["contributor"],
    call: async (c) => as(c, "post", `/api/cms/posts/${(await post(c.t, c.users[c.role].id)).id}/submit`),
  },
  {
    route: "POST /api/cms/posts/{id}/return",
    allowed: allowedFor("posts.review"),
    call: async (c) => {
      const { id } = await post(c.t, c.users.contributor.id);
      await c.t.store.updatePost(id, { review: { submitted: { at: new Date().toISOString() } } });
      return as(c, "post", `/api/cms/posts/${id}/return`).send({ note: "Shorter, please." });
    },
  },
  {
    route: "GET /api/cms/review",
    allowed: allowedFor("posts.review"),
    call: async (c) => as(c, "get", "/api/cms/review"),
  },
  { route: "GET /api/cms/posts", allowed: ALL, call: async (c) => as(c, "get", "/api/cms/posts") },
  {
    route: "GET /api/cms/posts/{id}/revisions",
    allowed: ALL,
    call: async (c) => as(c, "get", `/api/cms/posts/${(await post(c.t, c.users.admin.id)).id}/revisions`),
  },
  {
    route: "POST /api/cms/posts/{id}/revisions/{rev}/restore",
    allowed: allowedFor("posts.restoreRevision"),
    call: async (c) => {
      const { id } = await post(c.t, c.users[c.role].id);
      await c.t.store.updatePost(id, { title: "A second version" });
      const [, first] = await c.t.store.listRevisions(POST_SUBJECT, id);
      return as(c, "post", `/api/cms/posts/${id}/revisions/${first!.id}/restore`);
    },
  },
  // The trash
  {
    route: "GET /api/cms/trash",
    allowed: allowedFor("trash.manage"),
    call: async (c) => as(c, "get", "/api/cms/trash"),
  },
  {
    route: "POST /api/cms/trash/{id}/restore",
    allowed: allowedFor("trash.manage"),
    call: async (c) => {
      const { id } = await post(c.t, c.users.admin.id);
      await c.t.store.deletePost(id);
      return as(c, "post", `/api/cms/trash/${id}/restore`);
    },
  },
  {
    route: "DELETE /api/cms/trash/{id}",
    allowed: allowedFor("trash.manage"),
    call: async (c) => {
      const { id } = await post(c.t, c.users.admin.id);
      await c.t.store.deletePost(id);
      return as(c, "delete", `/api/cms/trash/${id}`);
    },
  },
  // Tags
  {
    route: "POST /api/cms/tags",
    allowed: ALL,
    call: async (c) => as(c, "post", "/api/cms/tags").send({ name: `New tag ${++seed}`, slug: `new-tag-${seed}` }),
  },
  { route: "GET /api/admin/tags", allowed: ALL, call: async (c) => as(c, "get", "/api/admin/tags") },
  {
    route: "PATCH /api/admin/tags/{id}",
    allowed: allowedFor("tags.manage"),
    call: async (c) =>
      as(c, "patch", `/api/admin/tags/${(await tag(c.t.store)).id}`).send({ name: `Renamed ${++seed}` }),
  },
  {
    route: "POST /api/admin/tags/{id}/merge",
    allowed: allowedFor("tags.manage"),
    call: async (c) => {
      const [from, into] = [await tag(c.t.store), await tag(c.t.store)];
      return as(c, "post", `/api/admin/tags/${from.id}/merge`).send({ into: into.id });
    },
  },
  {
    route: "DELETE /api/admin/tags/{id}",
    allowed: allowedFor("tags.manage"),
    call: async (c) => as(c, "delete", `/api/admin/tags/${(await tag(c.t.store)).id}`),
  },
  {
    route: "POST /admin/data/tags (the Tags panel's rename)",
    allowed: allowedFor("tags.manage"),
    call: async (c) => {
      const { id } = await tag(c.t.store);
      return as(c, "post", "/admin/data/tags")
        .type("form")
        .send({ intent: "rename", id: String(id), name: `Renamed ${++seed}` });
    },
  },
  {
    route: "POST /admin/data/inbox (the inbox settings)",
    allowed: allowedFor("settings.manage"),
    call: async (c) =>
      as(c, "post", "/admin/data/inbox").type("form").send({ intent: "settings", writersSeeInbox: "false" }),
  },
  // Media
  {
    route: "POST /api/cms/uploads",
    allowed: ALL,
    call: async (c) => as(c, "post", "/api/cms/uploads").attach("file", await image(), "photo.png"),
  },
  {
    route: "GET /api/cms/media",
    allowed: allowedFor("media.manage"),
    call: async (c) => as(c, "get", "/api/cms/media"),
  },
  {
    route: "DELETE /api/cms/media/{name}",
    allowed: allowedFor("media.manage"),
    call: async (c) => {
      const upload = await as({ ...c, role: "admin" }, "post", "/api/cms/uploads").attach(
        "file",
        await image(),
        "a.png",
      );
      const url = (upload.body as { url: string }).url;
      return as(c, "delete", `/api/cms/media/${url.split("/").pop()}`);
    },
  },
  // Users
  {
    route: "GET /api/admin/users",
    allowed: allowedFor("users.manage"),
    call: async (c) => as(c, "get", "/api/admin/users"),
  },
  {
    route: "POST /api/admin/users",
    allowed: allowedFor("users.manage"),
    call: async (c) =>
      as(c, "post", "/api/admin/users").send({
        username: `new-${++seed}`,
        password: "a long password",
        role: "editor",
      }),
  },
  {
    route: "PATCH /api/admin/users/{id}",
    allowed: allowedFor("users.manage"),
    call: async (c) => {
      const { user } = await signedIn(c.t, "writer");
      return as(c, "patch", `/api/admin/users/${user.id}`).send({ role: "contributor" });
    },
  },
  {
    route: "PATCH /api/admin/users/{id} (someone's profile)",
    allowed: allowedFor("users.manage"),
    call: async (c) => {
      const { user } = await signedIn(c.t, "writer");
      return as(c, "patch", `/api/admin/users/${user.id}`).send({ displayName: "A new name" });
    },
  },
  { route: "GET /api/cms/profile", allowed: ALL, call: async (c) => as(c, "get", "/api/cms/profile") },
  {
    route: "PATCH /api/cms/profile (their own)",
    allowed: ALL,
    call: async (c) => as(c, "patch", "/api/cms/profile").send({ bio: `Writes about queues ${++seed}.` }),
  },
  { route: "GET /api/cms/authors", allowed: ALL, call: async (c) => as(c, "get", "/api/cms/authors") },
  {
    route: "POST /api/admin/users/{id}/sessions/end",
    allowed: allowedFor("users.manage"),
    call: async (c) => as(c, "post", `/api/admin/users/${(await signedIn(c.t, "writer")).user.id}/sessions/end`),
  },
  {
    route: "DELETE /api/admin/users/{id}",
    allowed: allowedFor("users.manage"),
    call: async (c) => as(c, "delete", `/api/admin/users/${(await signedIn(c.t, "writer")).user.id}`),
  },
  // Invitations and reset links (docs/decisions/230-invitations-and-reset-links.md).
  {
    route: "GET /api/admin/invitations",
    allowed: allowedFor("users.manage"),
    call: async (c) => as(c, "get", "/api/admin/invitations"),
  },
  {
    route: "POST /api/admin/invitations",
    allowed: allowedFor("users.manage"),
    call: async (c) =>
      as(c, "post", "/api/admin/invitations").send({ email: `invited-${++seed}@example.com`, role: "writer" }),
  },
  {
    route: "DELETE /api/admin/invitations/{id}",
    allowed: allowedFor("users.manage"),
    call: async (c) => {
      const { id } = await c.t.store.addInvitation({
        ...{ email: `revoked-${++seed}@example.com`, role: "writer", tokenHash: `hash-${seed}` },
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      });
      return as(c, "delete", `/api/admin/invitations/${id}`);
    },
  },
  {
    route: "POST /api/admin/users/{id}/reset-link",
    allowed: allowedFor("users.manage"),
    call: async (c) => as(c, "post", `/api/admin/users/${(await signedIn(c.t, "writer")).user.id}/reset-link`),
  },
  // The site's content
  {
    route: "GET /api/admin/site",
    allowed: allowedFor("site.edit"),
    call: async (c) => as(c, "get", "/api/admin/site"),
  },
  {
    route: "PUT /api/admin/site/draft",
    allowed: allowedFor("site.edit"),
    call: async (c) => as(c, "put", "/api/admin/site/draft").send((await c.t.store.getSite()).draft),
  },
  {
    route: "POST /api/admin/site/publish",
    allowed: allowedFor("site.edit"),
    call: async (c) => {
      const { draft } = await c.t.store.getSite();
      await c.t.store.saveSiteDraft({
        ...draft,
        home: { ...draft.home, hero: { ...draft.home.hero, eyebrow: `${++seed}` } },
      });
      return as(c, "post", "/api/admin/site/publish");
    },
  },
  // Settings, the inbox, backups, activity, analytics
  {
    route: "GET /api/admin/settings",
    allowed: allowedFor("settings.manage"),
    call: async (c) => as(c, "get", "/api/admin/settings"),
  },
  {
    route: "PATCH /api/admin/settings",
    allowed: allowedFor("settings.manage"),
    call: async (c) => as(c, "patch", "/api/admin/settings").send({ writersSeeInbox: false }),
  },
  {
    route: "GET /api/admin/messages (writers kept out)",
    allowed: ROLES.filter((role) => can(role, "inbox.read", { writersSeeInbox: false })),
    call: async (c) => as(c, "get", "/api/admin/messages"),
  },
  {
    route: "DELETE /api/admin/messages/{id}",
    allowed: allowedFor("inbox.delete"),
    call: async (c) => {
      const { id } = await c.t.store.addMessage({
        name: "Ada",
        email: "ada@example.com",
        message: "Please call me about queues.",
        ip: "127.0.0.1",
      });
      return as(c, "delete", `/api/admin/messages/${id}`);
    },
  },
  {
    route: "GET /api/debug/backups",
    allowed: allowedFor("backups.manage"),
    call: async (c) => as(c, "get", "/api/debug/backups"),
  },
  {
    route: "POST /api/debug/backup-posts",
    allowed: allowedFor("backups.manage"),
    call: async (c) => as(c, "post", "/api/debug/backup-posts"),
  },
  {
    route: "GET /api/admin/activity",
    allowed: allowedFor("activity.see"),
    call: async (c) => as(c, "get", "/api/admin/activity"),
  },
  {
    route: "GET /api/admin/analytics",
    allowed: allowedFor("analytics.see"),
    call: async (c) => as(c, "get", "/api/admin/analytics"),
  },
  // Webhooks (docs/decisions/225-signed-webhooks-through-the-outbox.md)
  {
    route: "GET /api/admin/webhooks",
    allowed: allowedFor("webhooks.manage"),
    call: async (c) => as(c, "get", "/api/admin/webhooks"),
  },
  {
    route: "POST /api/admin/webhooks",
    allowed: allowedFor("webhooks.manage"),
    call: async (c) =>
      as(c, "post", "/api/admin/webhooks").send({
        url: `https://hooks.example.com/${++seed}`,
        events: ["post.published"],
      }),
  },
  // Old addresses and the import (docs/decisions/251-old-addresses-kept-as-redirects.md)
  {
    route: "GET /api/admin/redirects",
    allowed: allowedFor("redirects.manage"),
    call: async (c) => as(c, "get", "/api/admin/redirects"),
  },
  {
    route: "POST /api/admin/redirects",
    allowed: allowedFor("redirects.manage"),
    call: async (c) => as(c, "post", "/api/admin/redirects").send({ path: `/old-${++seed}`, target: "/blog" }),
  },
  {
    route: "POST /api/admin/import",
    allowed: allowedFor("import.run"),
    // A dry run of an empty WordPress export: allowed roles get its report, writing nothing.
    call: async (c) =>
      as(c, "post", "/api/admin/import?dryRun=1")
        .field("format", "wordpress")
        .attach("file", Buffer.from(EMPTY_WXR), { filename: "empty.xml" }),
  },
  // The newsletter's readers (docs/decisions/261-subscribers-imported-with-their-consent.md)
  {
    route: "GET /api/admin/subscribers",
    allowed: allowedFor("subscribers.manage"),
    call: async (c) => as(c, "get", "/api/admin/subscribers"),
  },
  {
    route: "GET /api/admin/subscribers.csv",
    allowed: allowedFor("subscribers.manage"),
    call: async (c) => as(c, "get", "/api/admin/subscribers.csv"),
  },
  {
    route: "POST /api/admin/subscribers/import",
    allowed: allowedFor("subscribers.manage"),
    call: async (c) =>
      as(c, "post", "/api/admin/subscribers/import")
        .field("consent", "Sign-up sheet at a trade fair")
        .attach("file", Buffer.from(`email\nreader-${++seed}@example.com\n`), { filename: "readers.csv" }),
  },
  {
    route: "DELETE /api/admin/subscribers/{id}",
    allowed: allowedFor("subscribers.manage"),
    call: async (c) => {
      const { subscriber } = await c.t.store.subscribe({ email: `gone-${++seed}@example.com` }, 0);
      return as(c, "delete", `/api/admin/subscribers/${subscriber.id}`);
    },
  },
];

const EMPTY_WXR =
  '<?xml version="1.0"?><rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>Old</title></channel></rss>';

/** Signs one user of each role in, once for the file: a session each, no password hashing per call. */
export async function signInEveryRole(t: TestApp): Promise<Users> {
  const users = {} as Users;
  for (const role of ROLES) {
    const { user, cookie } = await signedIn(t, role);
    users[role] = { id: user.id, cookie };
  }
  return users;
}

/** Calls the row as each role: 2xx for the roles it allows, 403 for the others. */
export async function checkRow(t: TestApp, users: Users, row: Row): Promise<void> {
  const got: Record<string, number> = {};
  for (const role of ROLES) got[role] = (await row.call({ t, users, role })).status;
  const expected = Object.fromEntries(
    ROLES.map((role) => [role, row.allowed.includes(role) ? "allowed" : 403] as const),
  );
  const seen = Object.fromEntries(
    Object.entries(got).map(([role, status]) => [role, status >= 200 && status < 300 ? "allowed" : status]),
  );
  expect(seen, row.route).toEqual(expected);
}

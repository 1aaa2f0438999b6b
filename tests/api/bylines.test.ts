import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTHOR_MESSAGES, PROFILE_LIMITS, authorPath } from "~/shared/authors";
import { BLOG_PAGE_SIZE } from "~/shared/blog";
import { MEDIA_MESSAGES, socialCardPaths } from "~/shared/media";
import { POST_MESSAGES } from "~/shared/schemas";
import { USER_ADMIN_MESSAGES } from "~/shared/user-admin";
import type { User } from "~/server/store/types";
import { NOT_FOUND } from "~/app/components/not-found-card";
import { makePostInput } from "../helpers/factories";
import { asHtml, metaDescriptionOf, titleOf } from "../helpers/html";
import { makeImage } from "../helpers/images";
import { makeUser, sessionCookie, signedIn } from "../helpers/sign-in";
import { makeTestApp } from "../helpers/test-app";

/** Bylines and author pages (docs/decisions/130-bylines-and-author-pages.md). */
const PUBLIC_URL = "https://queue.example";
let t: Awaited<ReturnType<typeof makeTestApp>>;
let admin: { user: User; cookie: string };
let avatar: string;

beforeAll(async () => {
  t = await makeTestApp({ env: { PUBLIC_URL } });
  admin = await signedIn(t, "admin");
  const res = await request(t.app)
    .post("/api/cms/uploads")
    .set("Cookie", admin.cookie)
    .attach("file", await makeImage(200, 200), { filename: "face.png" })
    .expect(201);
  avatar = (res.body as { url: string }).url;
}, 20_000);
afterAll(() => t.close());

const patchUser = (id: number, body: object) =>
  request(t.app).patch(`/api/admin/users/${id}`).set("Cookie", admin.cookie).send(body);
/** The same display name set by an admin on `userId` and by the user on their own profile: both refused alike. */
async function expectRefusedBothWays(
  userId: number,
  cookie: string,
  displayName: string,
  status: number,
  message: string,
) {
  const byAdmin = await patchUser(userId, { displayName }).expect(status);
  expect(byAdmin.body.errors.displayName).toEqual([message]);
  const own = await request(t.app).patch("/api/cms/profile").set("Cookie", cookie).send({ displayName }).expect(status);
  expect(own.body.errors.displayName).toEqual([message]);
}
const create = (body: object, cookie = admin.cookie) =>
  request(t.app).post("/api/cms/simple-create-post").set("Cookie", cookie).send(body);
const update = (id: number, body: object) =>
  request(t.app).put(`/api/cms/update-post/${id}`).set("Cookie", admin.cookie).send(body);
const page = async (path: string) => (await request(t.app).get(path).expect(200)).text;
const writer = (username?: string) => makeUser(t.store, { role: "writer", ...(username && { username }) });
/** A well-formed library address no image has. */
const UNKNOWN_IMAGE = `/media/${"a".repeat(64)}.png`;

describe("profiles", () => {
  it("an admin sets a user's display name, bio and avatar, and clears one with an empty value", async () => {
    const { user } = await writer();
    const res = await patchUser(user.id, { displayName: " Ann Lee ", bio: "Writes about queues.", avatar }).expect(200);
    expect(res.body).toMatchObject({ id: user.id, displayName: "Ann Lee", bio: "Writes about queues.", avatar });
    expect(await t.store.getUserById(user.id)).toMatchObject({ displayName: "Ann Lee", avatar });
    const cleared = await patchUser(user.id, { avatar: "" }).expect(200);
    expect(cleared.body.avatar).toBeUndefined();
    expect((await t.store.getUserById(user.id))?.bio).toBe("Writes about queues.");
  });

  it("refuses a long name or bio and an avatar the library does not hold, with field messages", async () => {
    const { user } = await writer();
    const cases: [object, string, string][] = [
      [{ displayName: "x".repeat(PROFILE_LIMITS.displayName + 1) }, "displayName", USER_ADMIN_MESSAGES.displayName],
      [{ displayName: "Two\nlines" }, "displayName", USER_ADMIN_MESSAGES.displayName],
      [{ bio: "x".repeat(PROFILE_LIMITS.bio + 1) }, "bio", USER_ADMIN_MESSAGES.bio],
      [{ avatar: UNKNOWN_IMAGE }, "avatar", USER_ADMIN_MESSAGES.avatar],
      [{ avatar: "https://elsewhere.example/me.png" }, "avatar", USER_ADMIN_MESSAGES.avatar],
    ];
    for (const [body, field, message] of cases) {
      const res = await patchUser(user.id, body).expect(400);
      expect(res.body.errors[field]).toEqual([message]);
    }
    expect(await t.store.getUserById(user.id)).toEqual(user);
  });

  it("refuses a display name with control, direction-changing or invisible characters, on both calls", async () => {
    const { user } = await writer();
    const cookie = await sessionCookie(t, user.id);
    const names = [
      "Ann\u0000Lee",
      "Ann\tLee",
      "Ann\u001bLee",
      "Ann\u0085Lee",
      "\u202enimda",
      "Ann\u202dLee",
      "Ann\u2066Lee\u2069",
      "Ann\u200fLee",
      "Ann\u061cLee",
      "Ad\u200bmin",
      "Ad\u200dmin",
      "Ad\u2060min",
      "Ad\ufeffmin",
    ];
    for (const displayName of names) {
      await expectRefusedBothWays(user.id, cookie, displayName, 400, USER_ADMIN_MESSAGES.displayNameCharacters);
    }
    // Letters of any script, accents and emoji stay welcome.
    await patchUser(user.id, { displayName: "Zoë Ångström 李 🚀" }).expect(200);
  });

  it("refuses a display name that is another user's username, in any case; one's own is fine", async () => {
    const { user } = await writer();
    const other = await writer();
    const cookie = await sessionCookie(t, user.id);
    for (const displayName of [other.user.username, other.user.username.toUpperCase(), admin.user.username]) {
      await expectRefusedBothWays(user.id, cookie, displayName, 409, USER_ADMIN_MESSAGES.displayNameIsUsername);
    }
    expect((await t.store.getUserById(user.id))?.displayName).toBeUndefined();
    await patchUser(user.id, { displayName: user.username }).expect(200);
  });

  it("an image that is someone's avatar cannot be deleted from the media library", async () => {
    const { user } = await writer("avatar-keeper");
    await patchUser(user.id, { avatar }).expect(200);
    const refused = await request(t.app)
      .delete(`/api/cms/media/${avatar.slice("/media/".length)}`)
      .set("Cookie", admin.cookie)
      .expect(409);
    expect(refused.body.message).toBe(MEDIA_MESSAGES.inUse(MEDIA_MESSAGES.avatarOf("avatar-keeper")));
  });

  it("each signed-in user reads and edits their own profile at /api/cms/profile", async () => {
    const { user } = await writer();
    const cookie = await sessionCookie(t, user.id);
    const profile = request(t.app).get("/api/cms/profile").set("Cookie", cookie);
    expect((await profile.expect(200)).body).toEqual({
      id: user.id,
      username: user.username,
      displayName: user.username,
    });
    const saved = await request(t.app)
      .patch("/api/cms/profile")
      .set("Cookie", cookie)
      .send({ displayName: "Bo Writer", bio: "Hello." })
      .expect(200);
    expect(saved.body).toMatchObject({ displayName: "Bo Writer", bio: "Hello." });
    const refused = await request(t.app)
      .patch("/api/cms/profile")
      .set("Cookie", cookie)
      .send({ bio: "x".repeat(PROFILE_LIMITS.bio + 1) })
      .expect(400);
    expect(refused.body.errors.bio).toEqual([USER_ADMIN_MESSAGES.bio]);
    // A role is not part of one's profile.
    await request(t.app).patch("/api/cms/profile").set("Cookie", cookie).send({ role: "admin" }).expect(400);
    await request(t.app).patch("/api/cms/profile").send({ bio: "Anyone?" }).expect(401);
  });
});

describe("a post's authors", () => {
  it("default to the creator, keep the order sent, and are refused when unknown, empty or repeated", async () => {
    const { user } = await writer();
    const cookie = await sessionCookie(t, user.id);
    const mine = await create(makePostInput(), cookie).expect(201);
    expect(mine.body.authors).toEqual([user.id]);
    const both = await create(makePostInput({ authors: [admin.user.id, user.id] })).expect(201);
    expect(both.body.authors).toEqual([admin.user.id, user.id]);
    expect(both.body.authorProfiles.map((a: { id: number }) => a.id)).toEqual([admin.user.id, user.id]);
    const swapped = await update(both.body.id, { authors: [user.id, admin.user.id] }).expect(200);
    expect(swapped.body.authors).toEqual([user.id, admin.user.id]);

    const unknown = await update(both.body.id, { authors: [user.id, 99_999] }).expect(400);
    expect(unknown.body.errors.authors).toEqual([POST_MESSAGES.unknownAuthor(99_999)]);
    for (const authors of [[], [user.id, user.id], ["1"], 5]) {
      const res = await create(makePostInput({ authors } as never)).expect(400);
      expect(res.body.errors.authors).toEqual([POST_MESSAGES.authors]);
    }
    expect((await t.store.getPostById(both.body.id))?.authors).toEqual([user.id, admin.user.id]);
  });

  it("a removed user cannot be named, and a post naming them shows the others", async () => {
    const { user: gone } = await writer();
    const { user: stays } = await writer();
    const post = await create(makePostInput({ authors: [gone.id, stays.id] })).expect(201);
    await request(t.app).delete(`/api/admin/users/${gone.id}`).set("Cookie", admin.cookie).expect(200);
    const res = await create(makePostInput({ authors: [gone.id] })).expect(400);
    expect(res.body.errors.authors).toEqual([POST_MESSAGES.unknownAuthor(gone.id)]);
    const html = await page(`/blog/${post.body.slug}`);
    expect(html).toContain(`href="${authorPath(stays.username)}"`);
    expect(html).not.toContain(authorPath(gone.username));
  });

  it("are kept by a revision and put back by its restore", async () => {
    const { user } = await writer();
    // Made without a user, so the admin's save is a revision of its own rather than folded into the first.
    const post = { body: await t.store.createPost(makePostInput({ authors: [user.id] })) };
    await update(post.body.id, { authors: [admin.user.id] }).expect(200);
    const revisions = (await request(t.app).get(`/api/cms/posts/${post.body.id}/revisions`).set("Cookie", admin.cookie))
      .body as { id: number }[];
    expect(revisions).toHaveLength(2);
    const first = revisions.reduce((a, b) => (a.id < b.id ? a : b));
    const detail = await request(t.app)
      .get(`/api/cms/posts/${post.body.id}/revisions/${first.id}`)
      .set("Cookie", admin.cookie)
      .expect(200);
    expect(detail.body.snapshot.authors).toEqual([user.id]);
    await request(t.app)
      .post(`/api/cms/posts/${post.body.id}/revisions/${first.id}/restore`)
      .set("Cookie", admin.cookie)
      .expect(200);
    expect((await t.store.getPostById(post.body.id))?.authors).toEqual([user.id]);
  });

  it("travel in a backup and come back with its restore", async () => {
    const { user } = await writer();
    const post = await create(makePostInput({ authors: [user.id, admin.user.id] })).expect(201);
    const { file: name } = (
      await request(t.app).post("/api/debug/backup-posts").set("Cookie", admin.cookie).expect(200)
    ).body as { file: string };
    const backup = (await request(t.app).get(`/api/debug/backups/${name}`).set("Cookie", admin.cookie).expect(200))
      .body as { posts: { id: number; authors?: number[] }[] };
    expect(backup.posts.find((p) => p.id === post.body.id)?.authors).toEqual([user.id, admin.user.id]);
    await t.store.deletePost(post.body.id);
    await request(t.app).post("/api/debug/restore-posts").set("Cookie", admin.cookie).send({ file: name }).expect(200);
    expect((await t.store.getPostById(post.body.id))?.authors).toEqual([user.id, admin.user.id]);
  });
});

describe("the byline and JSON-LD of a post page", () => {
  const personsOf = (html: string) => {
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    return (JSON.parse(json!) as { author: unknown }).author;
  };

  it("names one, two or three authors with links to their pages, and each as a Person", async () => {
    const [a, b, c] = [await writer(), await writer(), await writer()].map((w) => w.user);
    await patchUser(a!.id, { displayName: "Ann Lee", avatar }).expect(200);
    await patchUser(b!.id, { displayName: "Bo & Co" }).expect(200);
    const one = await create(makePostInput({ authors: [a!.id] })).expect(201);
    const html = await page(`/blog/${one.body.slug}`);
    expect(html).toMatch(new RegExp(`By <a[^>]*href="${authorPath(a!.username)}"[^>]*>Ann Lee</a>`));
    expect(html).toContain(`src="${avatar}"`);
    expect(personsOf(html)).toEqual([
      {
        "@type": "Person",
        name: "Ann Lee",
        url: `${PUBLIC_URL}${authorPath(a!.username)}`,
        image: `${PUBLIC_URL}${avatar}`,
      },
    ]);

    // The public API's post names them as the page does.
    const api = await request(t.app).get(`/api/public/blog/posts/${one.body.slug}`).expect(200);
    expect(api.body).toMatchObject({
      authors: [a!.id],
      authorProfiles: [{ id: a!.id, username: a!.username, displayName: "Ann Lee", avatar }],
    });

    const two = await page(`/blog/${(await create(makePostInput({ authors: [a!.id, b!.id] }))).body.slug}`);
    expect(two.replace(/<[^>]+>/g, "")).toContain(`By Ann Lee and ${asHtml("Bo & Co")}`);
    const three = await page(`/blog/${(await create(makePostInput({ authors: [a!.id, b!.id, c!.id] }))).body.slug}`);
    expect(three.replace(/<[^>]+>/g, "")).toContain(`By Ann Lee, ${asHtml("Bo & Co")} and ${c!.username}`);
    expect(personsOf(three)).toHaveLength(3);
    expect(personsOf(three)).toContainEqual({
      "@type": "Person",
      name: c!.username,
      url: `${PUBLIC_URL}${authorPath(c!.username)}`,
    });
  });

  it("a post with no known author is signed by the team, and its JSON-LD names the company", async () => {
    const post = await t.store.createPost(makePostInput());
    const html = await page(`/blog/${post.slug}`);
    expect(html).toContain(`By ${AUTHOR_MESSAGES.team}`);
    expect(personsOf(html)).toMatchObject({ "@type": "Organization" });
  });
});

describe("/blog/author/{username}", () => {
  it("shows the avatar, name and bio over the author's published posts, paged as /blog, with its own head", async () => {
    const { user } = await writer("page-author");
    await patchUser(user.id, { displayName: "Pat Author", bio: "Pat writes about waiting rooms.", avatar }).expect(200);
    const posts = [];
    for (let i = 0; i <= BLOG_PAGE_SIZE; i++) {
      posts.push(await t.store.createPost(makePostInput({ title: `Pat's post number ${i}`, authors: [user.id] })));
    }
    await t.store.createPost(makePostInput({ title: "Pat's unpublished draft", authors: [user.id], published: false }));
    const first = await page("/blog/author/page-author");
    expect(titleOf(first)).toContain(AUTHOR_MESSAGES.pageTitle("Pat Author"));
    expect(metaDescriptionOf(first)).toBe("Pat writes about waiting rooms.");
    expect(first).toContain(`<link rel="canonical" href="${PUBLIC_URL}/blog/author/page-author"/>`);
    expect(first).toContain(`<meta property="og:image" content="${PUBLIC_URL}${socialCardPaths.author(user.id)}"/>`);
    expect(first).toContain("Pat writes about waiting rooms.");
    expect(first).toContain(`src="${avatar}"`);
    // Newest first: the last made leads page 1, the first made is alone on page 2.
    expect(first).toContain(posts.at(-1)!.title);
    expect(first).not.toContain(asHtml(posts[0]!.title));
    expect(first).not.toContain("unpublished draft");
    const second = await page("/blog/author/page-author?page=2");
    expect(second).toContain(asHtml(posts[0]!.title));
    await request(t.app).get("/blog/author/page-author?page=3").expect(404);
    await request(t.app).get("/blog/author/page-author?page=0").expect(404);

    const card = await request(t.app).get(socialCardPaths.author(user.id)).expect(200);
    expect(card.headers["content-type"]).toBe("image/png");
  });

  it("is the site's 404 for an unknown username and for an author without a published post", async () => {
    const { user } = await writer("drafts-only");
    await t.store.createPost(makePostInput({ authors: [user.id], published: false }));
    for (const path of ["/blog/author/nobody-here", "/blog/author/drafts-only"]) {
      const res = await request(t.app).get(path).expect(404);
      expect(res.text).toContain(NOT_FOUND.title);
    }
    await request(t.app).get(socialCardPaths.author(user.id)).expect(404);
  });

  it("is in the sitemap while the author has a published post", async () => {
    const { user } = await writer("mapped-author");
    const { user: drafter } = await writer("unmapped-author");
    await t.store.createPost(makePostInput({ authors: [user.id] }));
    await t.store.createPost(makePostInput({ authors: [drafter.id], published: false }));
    const sitemap = await page("/sitemap.xml");
    expect(sitemap).toContain(`<loc>${PUBLIC_URL}/blog/author/mapped-author</loc>`);
    expect(sitemap).not.toContain("unmapped-author");
  });

  it("changes after a profile change and after a new post, though the page cache kept it", async () => {
    const { user } = await writer("cached-author");
    const cookie = await sessionCookie(t, user.id);
    const post = await t.store.createPost(makePostInput({ title: "The first cached post", authors: [user.id] }));
    const path = "/blog/author/cached-author";
    for (const kept of [path, `/blog/${post.slug}`]) {
      await request(t.app).get(kept).expect(200);
      expect((await request(t.app).get(kept)).headers["x-cache"]).toBe("HIT");
    }
    // A sign-in writes the user too, but shows on no page: everything stays kept.
    await t.store.updateUser(user.id, { lastSignInAt: new Date().toISOString() });
    expect((await request(t.app).get(path)).headers["x-cache"]).toBe("HIT");
    await request(t.app)
      .patch("/api/cms/profile")
      .set("Cookie", cookie)
      .send({ displayName: "Cache Breaker" })
      .expect(200);
    expect(await page(path)).toContain("Cache Breaker");
    expect(await page(`/blog/${post.slug}`)).toContain("Cache Breaker");

    expect((await request(t.app).get(path)).headers["x-cache"]).toBe("HIT");
    await create(makePostInput({ title: "The second cached post", published: true }), cookie).expect(201);
    expect(await page(path)).toContain("The second cached post");
  });
});

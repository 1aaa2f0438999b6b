import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { PAGE_EDITOR_MESSAGES } from "~/shared/page-editor";
import { PAGE_MESSAGES } from "~/shared/pages";
import { POST_MESSAGES } from "~/shared/schemas";
import { PAGE_PERMISSION_MESSAGES } from "~/server/pages/page-access";
import { NOT_FOUND } from "~/app/components/not-found-card";
import { makePageInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();
type Who = { cookie: string; user: { id: number } };
let admin: Who;
let editor: Who;
let contributor: Who;
beforeEach(async () => {
  admin = await signedIn(t, "admin");
  editor = await signedIn(t, "editor");
  contributor = await signedIn(t, "contributor");
});

const create = (who: Who, fields: Record<string, unknown>) =>
  request(t.app).post("/api/cms/pages").set("Cookie", who.cookie).send(fields);
const publish = (who: Who, id: number, body: Record<string, unknown> = {}) =>
  request(t.app).post(`/api/cms/pages/${id}/publish`).set("Cookie", who.cookie).send(body);
const update = (who: Who, id: number, fields: Record<string, unknown>) =>
  request(t.app).put(`/api/cms/pages/${id}`).set("Cookie", who.cookie).send(fields);

async function published(fields: Record<string, unknown> = {}) {
  const made = await create(editor, makePageInput(fields)).expect(201);
  return (await publish(editor, made.body.id).expect(200)).body;
}

describe("the pages' CMS calls", () => {
  it("create, read, list, update and delete a page, its rich text sanitized", async () => {
    const input = makePageInput({
      blocks: [
        { id: "a", type: "richText", html: `<p>Plans<script>alert(1)</script></p><img src=x onerror="alert(2)">` },
      ],
    });
    const made = await create(editor, input).expect(201);
    expect(made.body).toMatchObject({ title: input.title, path: input.path, published: false });
    expect(made.body.blocks[0].html).not.toMatch(/script|onerror/);
    expect(made.body.blocks[0].html).toContain("<p>Plans</p>");

    const one = await request(t.app).get(`/api/cms/pages/${made.body.id}`).set("Cookie", editor.cookie).expect(200);
    expect(one.body).toEqual(made.body);
    const list = await request(t.app).get("/api/cms/pages").set("Cookie", contributor.cookie).expect(200);
    // Besides the home page at /, made on the site's first start.
    const listed = list.body.filter((p: { path: string }) => p.path !== "/");
    expect(listed.map((p: { id: number }) => p.id)).toEqual([made.body.id]);

    const changed = await update(editor, made.body.id, { title: "Pricing for all" }).expect(200);
    expect(changed.body).toMatchObject({ title: "Pricing for all", path: input.path, blocks: made.body.blocks });

    await request(t.app).delete(`/api/cms/pages/${made.body.id}`).set("Cookie", editor.cookie).expect(200);
    await request(t.app).get(`/api/cms/pages/${made.body.id}`).set("Cookie", editor.cookie).expect(404);
    // The trash keeps its path reserved.
    const again = await create(editor, { ...makePageInput(), path: input.path }).expect(409);
    expect(again.body.errors.path).toEqual([PAGE_MESSAGES.pathInTrash(input.path)]);
  });

  it("refuses bylines that name a user twice, as a post's, under authors", async () => {
    const made = await create(editor, makePageInput()).expect(201);
    const twice = await update(editor, made.body.id, { authors: [editor.user.id, editor.user.id] }).expect(400);
    expect(twice.body.errors.authors).toEqual([POST_MESSAGES.authors]);
    await update(editor, made.body.id, { authors: [editor.user.id, admin.user.id] }).expect(200);
  });

  it("answers 409 with the page as saved now when the editor's copy is stale", async () => {
    const made = (await create(editor, makePageInput()).expect(201)).body;
    await update(admin, made.id, { title: "A colleague's title" }).expect(200);
    const stale = await update(editor, made.id, { title: "Mine", updatedAt: made.updatedAt }).expect(409);
    expect(stale.body.theirs).toMatchObject({ id: made.id, title: "A colleague's title" });
  });

  it("lets contributors write and submit drafts but never publish; editors and admins publish", async () => {
    const draft = await create(contributor, makePageInput()).expect(201);
    const refused = await publish(contributor, draft.body.id).expect(403);
    expect(refused.body.message).toBeTruthy();
    const asPublished = await create(contributor, { ...makePageInput(), published: true }).expect(403);
    expect(asPublished.body.message).toBe(PAGE_PERMISSION_MESSAGES.cannotPublish);
    const submitted = await request(t.app)
      .post(`/api/cms/pages/${draft.body.id}/submit`)
      .set("Cookie", contributor.cookie)
      .expect(200);
    expect(submitted.body.submittedAt).toEqual(expect.any(String));
    // Someone else's draft is not a contributor's to change.
    const other = (await create(editor, makePageInput()).expect(201)).body;
    await update(contributor, other.id, { title: "Taken over" }).expect(403);

    const live = await publish(editor, draft.body.id).expect(200);
    expect(live.body).toMatchObject({ published: true, publishedAt: expect.any(String) });
    expect(live.body.submittedAt).toBeUndefined();
    await update(contributor, draft.body.id, { title: "Changed after publish" }).expect(403);
    const down = await request(t.app).post(`/api/cms/pages/${draft.body.id}/unpublish`).set("Cookie", admin.cookie);
    expect(down.status).toBe(200);
    expect(down.body.published).toBe(false);
  });

  it("refuses the site's own addresses and a path another page has, with the path's field message", async () => {
    for (const path of [
      "/admin",
      "/api/things",
      "/blog",
      "/industries/retail",
      "/media",
      "/system",
      "/sitemap.xml",
      "/robots.txt",
      "/rss.xml",
      "/delete-posts",
      "/search",
      "/preview",
      "/newsletter",
    ]) {
      const answer = await create(editor, makePageInput({ path })).expect(400);
      expect(answer.body.errors.path, path).toEqual([PAGE_MESSAGES.pathReserved(path)]);
    }
    for (const path of ["/a/b/c", "/Bad Path", "/trailing-/x"]) {
      const answer = await create(editor, makePageInput({ path })).expect(400);
      expect(answer.body.errors.path, path).toEqual([PAGE_MESSAGES.path]);
    }
    const first = (await create(editor, makePageInput({ path: "/company/careers" })).expect(201)).body;
    const second = await create(editor, makePageInput({ path: "/company/careers" })).expect(409);
    expect(second.body.errors.path).toEqual([PAGE_MESSAGES.pathTaken("/company/careers")]);
    const other = (await create(editor, makePageInput()).expect(201)).body;
    const moved = await update(editor, other.id, { path: first.path }).expect(409);
    expect(moved.body.errors.path).toEqual([PAGE_MESSAGES.pathTaken(first.path)]);
  });

  it("keeps every save as a revision, and a restore brings back the blocks", async () => {
    const made = (await create(editor, makePageInput()).expect(201)).body;
    const replaced = [{ id: "other", type: "richText", html: "<p>Something else entirely.</p>" }];
    // Another person's save, so it is a revision of its own (one person's saves in a row fold into one).
    await update(admin, made.id, { blocks: replaced }).expect(200);
    const list = (
      await request(t.app).get(`/api/cms/pages/${made.id}/revisions`).set("Cookie", editor.cookie).expect(200)
    ).body;
    expect(list).toHaveLength(2);
    expect(list[0].changed).toEqual(["blocks"]);
    const newest = await request(t.app)
      .get(`/api/cms/pages/${made.id}/revisions/${list[0].id}`)
      .set("Cookie", editor.cookie)
      .expect(200);
    expect(newest.body.blockChanges).toEqual([
      { id: "other", type: "richText", change: "added" },
      { id: "intro", type: "richText", change: "removed" },
    ]);
    const oldest = list.at(-1);
    const whole = await request(t.app)
      .get(`/api/cms/pages/${made.id}/revisions/${oldest.id}`)
      .set("Cookie", editor.cookie)
      .expect(200);
    expect(whole.body.snapshot.blocks).toEqual(made.blocks);
    const restored = await request(t.app)
      .post(`/api/cms/pages/${made.id}/revisions/${oldest.id}/restore`)
      .set("Cookie", editor.cookie)
      .expect(200);
    expect(restored.body.blocks).toEqual(made.blocks);
    const after = (await request(t.app).get(`/api/cms/pages/${made.id}/revisions`).set("Cookie", editor.cookie)).body;
    expect(after[0]).toMatchObject({ origin: "restore", restoredFrom: oldest.id, changed: ["blocks"] });
  });
});

describe("a page on the site", () => {
  it("is served at its path inside the site's layout once published, and by the public call", async () => {
    const page = await published({ path: "/company/careers", title: "Careers" });
    const html = await request(t.app).get("/company/careers").expect(200);
    expect(html.text).toContain("Plans for every queue");
    expect(html.text).toContain('id="main"');
    const api = await request(t.app).get("/api/public/pages/company/careers").expect(200);
    expect(api.body).toMatchObject({ id: page.id, title: "Careers", path: "/company/careers", blocks: page.blocks });
  });

  it("answers the not-found page for a draft, a scheduled and a trashed page", async () => {
    const draft = (await create(editor, makePageInput()).expect(201)).body;
    const scheduled = (await create(editor, makePageInput()).expect(201)).body;
    await publish(editor, scheduled.id, { publishAt: new Date(Date.now() + 3_600_000).toISOString() }).expect(200);
    const trashed = await published();
    await request(t.app).get(trashed.path).expect(200);
    await request(t.app).delete(`/api/cms/pages/${trashed.id}`).set("Cookie", editor.cookie).expect(200);
    for (const page of [draft, scheduled, trashed]) {
      const answer = await request(t.app).get(page.path).expect(404);
      expect(answer.text).toContain(NOT_FOUND.title);
      await request(t.app).get(`/api/public/pages${page.path}`).expect(404);
    }
    await request(t.app).get("/no-such-page").expect(404);
  });

  it("moves a published page's old path to its new one with a 301", async () => {
    const page = await published({ path: "/old-pricing" });
    await request(t.app).get("/old-pricing").expect(200);
    await update(editor, page.id, { path: "/plans/pricing" }).expect(200);
    const moved = await request(t.app).get("/old-pricing").expect(301);
    expect(moved.headers.location).toBe("/plans/pricing");
    await request(t.app).get("/plans/pricing").expect(200);
    const api = await request(t.app).get("/api/public/pages/old-pricing").expect(301);
    expect(api.headers.location).toBe("/api/public/pages/plans/pricing");
  });
});

describe("the admin's Pages screens", () => {
  it("lists the pages with their status and last change, and opens one in the block editor", async () => {
    const made = (await create(editor, makePageInput({ title: "Careers at QueueWise" })).expect(201)).body;
    const list = await request(t.app).get("/admin/pages").set("Cookie", editor.cookie).expect(200);
    expect(list.text).toContain(`href="/admin/pages/${made.id}"`);
    expect(list.text).toContain("Careers at QueueWise");
    expect(list.text).toContain("Draft");
    expect(list.text).toContain(PAGE_EDITOR_MESSAGES.newPage);
    const form = await request(t.app).get(`/admin/pages/${made.id}`).set("Cookie", editor.cookie).expect(200);
    // The editor's first render holds the page's fields and its outline of blocks.
    expect(form.text).toContain('id="page-title"');
    expect(form.text).toContain('value="Careers at QueueWise"');
    expect(form.text).toContain(PAGE_EDITOR_MESSAGES.addBlock);
    await request(t.app).get("/admin/pages/999").set("Cookie", editor.cookie).expect(404);
  });
});

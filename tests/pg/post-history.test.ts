import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { POST_SUBJECT } from "~/shared/revisions";
import type { Store } from "~/server/records/store";
import { makePostInput } from "../helpers/factories";
import { startPostgres, type RunningPostgres } from "../helpers/postgres";
import { openPgStore } from "~/server/records/open-store";

/** Post history in PostgreSQL (migration 008): revisions, the trash and old slugs, across instances. */
let server: RunningPostgres;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(() => server?.stop());

const opened: Store[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});
async function open(url: string) {
  const store = await openPgStore(url, { seed: false });
  opened.push(store);
  return store;
}

const ada = { id: 1, username: "ada" };
const bob = { id: 2, username: "bob" };

it("keeps revisions, the trash and old slugs in the database, seen by every instance and by a fresh start", async () => {
  const url = await server.createDatabase();
  const [a, b] = [await open(url), await open(url)];
  const post = await a.createPost(makePostInput({ slug: "first-slug" }), { by: ada });
  await a.updatePost(post.id, { title: "Folded into the first" }, { by: ada });
  await b.updatePost(post.id, { slug: "second-slug" }, { by: bob });

  await expect
    .poll(async () => (await a.listRevisions(POST_SUBJECT, post.id)).map((r) => r.by?.username))
    .toEqual(["bob", "ada"]);
  expect(await a.resolvePostRedirect("first-slug")).toEqual({ slug: "second-slug", shown: true });

  await a.deletePost(post.id, ada);
  await expect
    .poll(async () => (await b.listTrash()).map((p) => [p.id, p.deletedBy?.username]))
    .toEqual([[post.id, "ada"]]);
  expect(await b.getPostById(post.id)).toBeUndefined();
  await b.restoreFromTrash(post.id);
  await expect.poll(async () => (await a.getPostById(post.id))?.slug).toBe("second-slug");

  const fresh = await open(url);
  expect(fresh.engine.exportData().revisions).toEqual(a.engine.exportData().revisions);
  expect(fresh.engine.exportData().postRedirects).toEqual([{ from: "first-slug", to: post.id }]);
  expect(fresh.engine.exportData().meta.nextRevisionId).toBe(3);

  // db import copies the history with the posts into an empty database.
  const copy = await open(await server.createDatabase());
  await copy.engine.importData(a.engine.exportData());
  expect(await copy.listRevisions(POST_SUBJECT, post.id)).toEqual(await a.listRevisions(POST_SUBJECT, post.id));
  expect(await copy.resolvePostRedirect("first-slug")).toEqual({ slug: "second-slug", shown: true });

  await a.deletePost(post.id, ada);
  await a.deleteForGood(post.id);
  await expect.poll(async () => (await b.listRevisions(POST_SUBJECT, post.id)).length).toBe(0);
  expect(await (await open(url)).listTrash()).toEqual([]);
});

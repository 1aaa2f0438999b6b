import fs from "node:fs";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { DB_FILE } from "~/server/store/json-store";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { openJsonStore } from "~/server/records/open-store";

afterEach(removeTempDirs);

/** A db.json from before the inbox state, the settings and tag redirects existed. */
function olderFile(dir: string) {
  const db = {
    posts: [
      {
        id: 1,
        title: "Old post",
        slug: "old-post",
        summary: "An old post",
        content: "<p>x</p>",
        published: true,
        createdAt: "2024-01-01T00:00:00.000Z",
        updatedAt: "2024-01-01T00:00:00.000Z",
        tags: [{ id: 1, name: "Retial", slug: "retial" }],
      },
    ],
    tags: [{ id: 1, name: "Retial", slug: "retial" }],
    users: [],
    messages: [
      {
        id: 1,
        name: "Ada",
        email: "ada@example.com",
        message: "Hi",
        ip: "::1",
        createdAt: "2024-01-02T00:00:00.000Z",
        future: "kept",
      },
    ],
  };
  fs.writeFileSync(path.join(dir, DB_FILE), JSON.stringify(db));
}

const readDb = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, DB_FILE), "utf8"));

it("loads an older db.json: messages unread, default settings, no redirects", async () => {
  const dir = makeTempDir();
  olderFile(dir);
  const store = await openJsonStore(dir);
  expect(await store.getSettings()).toEqual({ writersSeeInbox: false });
  expect(await store.getMessage(1)).not.toHaveProperty("read");
  expect(await store.resolveTagRedirect("anything")).toBeUndefined();
  await store.close();
});

it("writes read, archived and email state, the settings and old tag slugs, keeping unknown fields", async () => {
  const dir = makeTempDir();
  olderFile(dir);
  const store = await openJsonStore(dir);
  await store.updateMessage(1, { read: true, archived: true });
  await store.updateSettings({ writersSeeInbox: true });
  await store.renameTag(1, { name: "Retail", slug: "retail" });
  await store.close();

  const db = readDb(dir);
  expect(db.messages[0]).toMatchObject({ read: true, archived: true, future: "kept" });
  expect(db.settings).toEqual({ writersSeeInbox: true });
  expect(db.tagRedirects).toEqual([{ from: "retial", to: 1 }]);
  expect(db.posts[0].tags).toEqual([{ id: 1, name: "Retail", slug: "retail" }]);
  expect(db.posts[0].updatedAt).toBe("2024-01-01T00:00:00.000Z");

  const again = await openJsonStore(dir);
  expect((await again.resolveTagRedirect("retial"))?.slug).toBe("retail");
  expect(await again.getSettings()).toEqual({ writersSeeInbox: true });
  await again.close();
});

it("deletes a message for good; its id is never given to the next one", async () => {
  const dir = makeTempDir();
  olderFile(dir);
  const store = await openJsonStore(dir);
  await store.deleteMessage(1);
  await expect(store.deleteMessage(1)).rejects.toMatchObject({ status: 404 });
  const next = await store.addMessage({ name: "Bo", email: "bo@example.com", message: "Hello", ip: "::1" });
  expect(next.id).toBe(2);
  await store.close();
});

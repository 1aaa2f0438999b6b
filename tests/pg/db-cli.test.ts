import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ALL_DAYS, folderAnalytics } from "~/server/analytics/analytics-storage";
import { writeBackup } from "~/server/backups/backup-folder";
import { DB_MESSAGES } from "~/server/operations/db-commands";
import { createMediaLibrary } from "~/server/media/media-library";
import { repositoryMigrations } from "~/server/store/pg/migrations";
import { SEQUENCE_KEY } from "~/server/store/journalled-db-file";
import { databaseNotEmptyMessage } from "~/server/store/pg/pg-store";
import type { Post, User } from "~/server/store/types";
import { POST_MESSAGES } from "~/shared/schemas";
import { cli } from "../helpers/cli";
import { makePageInput, makePostInput } from "../helpers/factories";
import { makeImage } from "../helpers/images";
import { startPostgres, type RunningPostgres } from "../helpers/postgres";
import { makeUser } from "../helpers/sign-in";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { SESSION_SECRET } from "../helpers/two-instances";
import { openJsonStore } from "~/server/records/open-store";

let server: RunningPostgres;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(() => server?.stop());
afterEach(() => removeTempDirs());

/** db.json's records, without the journal's bookkeeping (the last record it holds), which no database keeps. */
const readDb = (dir: string): unknown => {
  const { [SEQUENCE_KEY]: _, ...db } = JSON.parse(fs.readFileSync(path.join(dir, "db.json"), "utf8")) as Record<
    string,
    unknown
  >;
  return db;
};

/** Every file of a folder of the data folder, by name, with its bytes. */
const filesOf = (dir: string, folder: string) =>
  Object.fromEntries(
    fs
      .readdirSync(path.join(dir, folder))
      .filter((name) => !name.startsWith("."))
      .map((name) => [name, fs.readFileSync(path.join(dir, folder, name)).toString("base64")]),
  );

/** A data folder with every kind of record, retired ids, an old-style post and keys of another release. */
async function fullDataFolder(): Promise<string> {
  const dir = makeTempDir("db-cli-");
  const store = await openJsonStore(dir); // the sample posts and their tags
  // Two images, one shown by a post.
  const media = createMediaLibrary(dir);
  await media.upload(await makeImage(30, 20));
  const shown = await media.upload(await makeImage(31, 20));
  // With every search and social setting, in the columns of migration 012.
  const withSettings = await store.createPost(
    makePostInput({
      tags: ["Airports", "Retail"],
      coverImage: "https://x.test/c.png",
      metaTitle: "Shorter queues",
      metaDescription: "How a pharmacy cut its wait.",
      socialImage: shown.url,
      canonicalUrl: "https://elsewhere.example/post",
      noindex: true,
    }),
  );
  // Pages of blocks (migration 029): one published with its settings and an old path, one trashed.
  const page = await store.createPage({
    ...makePageInput({ path: "/pricing", metaTitle: "Plans", noindex: true }),
    published: true,
  });
  await store.updatePage(page.id, { path: "/plans" });
  await store.deletePage((await store.createPage(makePageInput({ path: "/gone" }))).id);
  // One awaiting review and one sent back with a note (migration 014's columns, and `extra`).
  const submitted = await store.createPost(makePostInput({ published: false }));
  await store.updatePost(submitted.id, { review: { submitted: { at: "2026-11-20T08:00:00.000Z", by: 2 } } });
  const returned = await store.createPost(makePostInput({ published: false }));
  await store.updatePost(returned.id, {
    review: { returned: { note: "Add a quote.", by: "Ada", at: "2026-11-21T08:00:00.000Z" } },
  });
  // A schedule, in the column of migration 013, and who set it.
  await store.createPost(makePostInput({ published: false, publishAt: "2031-05-01T07:30:00.000Z" }), {
    by: { id: 1, username: "Ada" },
  });
  const doomed = await store.createPost(makePostInput({ published: false }));
  await store.deletePost(doomed.id);
  await store.restorePosts([
    {
      id: 90,
      title: "From an older release",
      slug: "older-release",
      summary: "",
      excerpt: "Only an excerpt.",
      content: `<p>Old.</p><p><img src="${shown.url}" alt=""></p>`,
      published: true,
      createdAt: "2019-03-04",
      updatedAt: "2019-03-04T10:00:00Z",
      tags: [{ id: 77, name: "Gone", slug: "gone" }],
      legacy: { views: 12 },
    } as Post,
  ]);
  const ada = await makeUser(store, { role: "admin", username: "Ada" });
  const bo = await makeUser(store, { role: "writer", username: "bo" });
  // A profile and a post's authors, in the columns of migration 015.
  await store.updateUser(bo.user.id, { displayName: "Bo Writer", bio: "Writes about queues.", avatar: shown.url });
  await store.updatePost(withSettings.id, { authors: [bo.user.id, ada.user.id] });
  await store.addMessage({
    name: "Cy",
    email: "cy@example.com",
    company: "Acme",
    message: "Hello, queues!",
    ip: "::1",
  });
  await store.addMessage({ name: "Di", email: "di@example.com", message: "Pricing?", ip: "10.0.0.1" });
  // Published site content (two revisions: the site as built, then this one) and a draft after it.
  const { draft } = await store.getSite();
  await store.saveSiteDraft({ ...draft, home: { ...draft.home, cta: { ...draft.home.cta, button: "Talk to us" } } });
  await store.publishSite("Ada");
  await store.saveSiteDraft({ ...draft, links: { ...draft.links, copyrightHolder: "QueueWise Inc." } });
  // An API token, whose list travels like every other (docs/decisions/215-api-tokens.md).
  await store.addApiToken({ userId: ada.user.id, name: "CRM", scopes: ["content:read"], tokenHash: "ab".repeat(32) });
  // A webhook endpoint (docs/decisions/225-signed-webhooks-through-the-outbox.md); the deliveries
  // it never had stay out of the export, as they are out of this db.json.
  await store.addWebhook({ url: "https://hooks.example.com/crm", events: ["post.published"], secret: "s".repeat(32) });
  // A backup of the posts, which carries the image the old post shows, and an older one.
  await writeBackup(dir, [], 20);
  await writeBackup(dir, await store.listPosts(), 20);
  await store.close();
  await folderAnalytics(dir).add(ANALYTICS_ROWS);
  const db = readDb(dir) as Record<string, unknown>;
  fs.writeFileSync(path.join(dir, "db.json"), JSON.stringify({ ...db, fromTheFuture: { enabled: true } }, null, 2));
  return dir;
}

/** Two months of daily analytics, so both month files travel. */
const ANALYTICS_ROWS = [
  { day: "2026-10-31", dimension: "total", key: "", views: 7, visitors: 3, entries: 4, leads: 1 },
  { day: "2026-11-01", dimension: "page", key: "/industries/retail", views: 5, visitors: 2, entries: 2, leads: 1 },
] as const;

const analyticsOf = async (dir: string) =>
  (await folderAnalytics(dir).read(...ALL_DAYS)).sort((a, b) => (a.day < b.day ? -1 : 1));

describe("db commands", () => {
  it("round trip: data folder -> PostgreSQL -> data folder keeps every record equal", async () => {
    const source = await fullDataFolder();
    const env = { DATABASE_URL: await server.createDatabase(), SESSION_SECRET };

    const migrated = await cli(["db", "migrate"], { env });
    expect(migrated).toMatchObject({ code: 0, stderr: "" });
    // Every migration of the repository, in the order of their numbers.
    expect(migrated.stdout).toBe(`${DB_MESSAGES.migrated(repositoryMigrations().map((m) => m.name))}\n`);
    expect((await cli(["db", "migrate"], { env })).stdout).toBe(`${DB_MESSAGES.migrated([])}\n`);

    const imported = await cli(["db", "import", "--data", source], { env });
    expect(imported).toMatchObject({ code: 0, stderr: "" });
    expect(imported.stdout).toMatch(/^Imported 6 tags, 9 posts, 2 users, 2 messages from .*db\.json\.\n/);
    expect(imported.stdout).toContain(`\n${DB_MESSAGES.filesCopied(2, 2, 2)}\n`);

    const target = path.join(makeTempDir("db-cli-"), "exported");
    const exported = await cli(["db", "export", "--data", target], { env });
    expect(exported).toMatchObject({ code: 0, stderr: "" });
    expect(readDb(target)).toEqual(readDb(source));
    // A profile and a post's authors among them (docs/decisions/130-bylines-and-author-pages.md).
    const exportedDb = readDb(target) as { users: User[]; posts: Post[] };
    expect(exportedDb.users.find((u) => u.username === "bo")).toMatchObject({ displayName: "Bo Writer" });
    expect(exportedDb.posts.some((p) => p.authors?.length === 2)).toBe(true);
    expect(filesOf(target, "media")).toEqual(filesOf(source, "media"));
    expect(filesOf(target, "backups")).toEqual(filesOf(source, "backups"));
    expect(await analyticsOf(target)).toEqual(ANALYTICS_ROWS);
    expect(Object.keys(filesOf(target, "media"))).toHaveLength(2);
    expect(Object.keys(filesOf(target, "backups"))).toHaveLength(2);
    // The Media panel's order (newest first) survives the trip.
    expect(await createMediaLibrary(target).list()).toEqual(await createMediaLibrary(source).list());
  });

  it("imports only into an empty database and exports only where no db.json is", async () => {
    const source = await fullDataFolder();
    const env = { DATABASE_URL: await server.createDatabase(), SESSION_SECRET };
    expect((await cli(["db", "import", "--data", source], { env })).code).toBe(0);

    const again = await cli(["db", "import", "--data", source], { env });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(databaseNotEmptyMessage("6 tags, 9 posts, 2 users, 2 messages"));

    const refused = await cli(["db", "export", "--data", source], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(DB_MESSAGES.exportTargetTaken(path.join(source, "db.json")));

    const empty = makeTempDir("db-cli-");
    const missing = await cli(["db", "import", "--data", empty], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(DB_MESSAGES.noDataFile(path.join(empty, "db.json")));
  });

  it("leaves out and names each post of db.json that breaks a post rule, and imports the rest", async () => {
    const source = makeTempDir("db-cli-");
    const store = await openJsonStore(source, { seed: false });
    const good = await store.createPost(makePostInput());
    await store.close();
    const db = readDb(source) as { posts: Post[] };
    const post = (id: number, fields: Partial<Post>) => ({ ...good, id, slug: `imported-${id}`, ...fields });
    db.posts.push(
      post(21, { coverImage: "javascript:alert(1)" }),
      post(22, { slug: "<img src=x onerror=alert(1)>" }),
      post(23, { createdAt: "not a date" }),
    );
    fs.writeFileSync(path.join(source, "db.json"), JSON.stringify(db));
    const env = { DATABASE_URL: await server.createDatabase(), SESSION_SECRET };

    const imported = await cli(["db", "import", "--data", source], { env });
    expect(imported).toMatchObject({ code: 0, stderr: "" });
    const refused = [
      { id: 21, field: "coverImage", message: POST_MESSAGES.coverImage },
      { id: 22, field: "slug", message: POST_MESSAGES.slugPattern },
      { id: 23, field: "createdAt", message: POST_MESSAGES.dateTime },
    ];
    expect(imported.stdout).toContain(
      DB_MESSAGES.imported("0 tags, 1 post, 0 users, 0 messages", path.join(source, "db.json"), refused),
    );
    const target = path.join(makeTempDir("db-cli-"), "exported");
    expect((await cli(["db", "export", "--data", target], { env })).code).toBe(0);
    expect((readDb(target) as { posts: Post[] }).posts.map((p) => p.id)).toEqual([good.id]);
  });

  it("says what to set when DATABASE_URL is missing", async () => {
    const run = await cli(["db", "migrate"], { env: { DATABASE_URL: "", SESSION_SECRET } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(DB_MESSAGES.noDatabase);
  });
});

import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LAST_SEEN_EVERY_MS, SESSION_TTL_SECONDS } from "~/server/auth/session-cache";
import { openSessionRecords, SESSIONS_FILE } from "~/server/auth/session-records";
import { ConflictError, NotFoundError } from "~/server/http/errors";
import { USER_ADMIN_MESSAGES } from "~/shared/user-admin";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { openJsonStore } from "~/server/records/open-store";

afterEach(async () => {
  await removeTempDirs();
});

const DAY = 24 * 60 * 60 * 1000;

describe("session records in sessions.json", () => {
  it("survive a restart: a reopened folder knows every live session", async () => {
    const dir = makeTempDir("sessions-");
    const first = await openSessionRecords(dir);
    const a = await first.create({ userId: 1, userAgent: "UA", ip: "203.0.113.1" });
    const b = await first.create({ userId: 2 });
    await first.remove(b.id);
    await first.close();

    const again = await openSessionRecords(dir);
    expect(again.get(a.id)).toEqual(a);
    expect(again.get(b.id)).toBeUndefined();
    const onDisk = JSON.parse(await fs.readFile(path.join(dir, SESSIONS_FILE), "utf8"));
    expect(onDisk.sessions.map((r: { id: string }) => r.id)).toEqual([a.id]);
  });

  it("expired records read as absent and are pruned on open and on the next write", async () => {
    const dir = makeTempDir("sessions-");
    let now = Date.parse("2030-01-01T00:00:00Z");
    const records = await openSessionRecords(dir, { now: () => now });
    const old = await records.create({ userId: 1 });
    now += SESSION_TTL_SECONDS * 1000 - 1;
    expect(records.get(old.id)).toBeDefined();
    const fresh = await records.create({ userId: 1 });
    now += 2;
    expect(records.get(old.id)).toBeUndefined();
    expect(records.listOf(1).map((r) => r.id)).toEqual([fresh.id]);
    await records.close();

    const reopened = await openSessionRecords(dir, { now: () => now });
    expect(reopened.all().map((r) => r.id)).toEqual([fresh.id]);
    await reopened.create({ userId: 3 });
    now += 8 * DAY;
    await reopened.create({ userId: 4 });
    await reopened.close();
    const onDisk = JSON.parse(await fs.readFile(path.join(dir, SESSIONS_FILE), "utf8"));
    expect(onDisk.sessions.map((r: { userId: number }) => r.userId)).toEqual([4]);
  });

  it("notes the last use at most every few minutes", async () => {
    let now = Date.parse("2030-01-01T00:00:00Z");
    const records = await openSessionRecords(makeTempDir("sessions-"), { now: () => now });
    const session = await records.create({ userId: 1 });
    now += LAST_SEEN_EVERY_MS - 1;
    records.touch(session.id);
    expect(records.get(session.id)!.lastSeenAt).toBe(session.lastSeenAt);
    now += 1;
    records.touch(session.id);
    expect(records.get(session.id)!.lastSeenAt).toBe(new Date(now).toISOString());
    await records.close();
  });

  it("moves an unreadable file aside and starts with no sessions", async () => {
    const dir = makeTempDir("sessions-");
    await fs.writeFile(path.join(dir, SESSIONS_FILE), "{ not json");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const records = await openSessionRecords(dir);
    const warnings = warn.mock.calls.length;
    warn.mockRestore();
    expect(records.all()).toEqual([]);
    expect(warnings).toBe(1);
    expect((await fs.readdir(dir)).some((name) => name.startsWith(`${SESSIONS_FILE}.unreadable-`))).toBe(true);
    await records.create({ userId: 1 });
    await records.close();
  });
});

describe("Store.updateUser and deleteUser", () => {
  it("change and remove a user, and refuse a missing id with NotFoundError", async () => {
    const store = await openJsonStore(makeTempDir("store-"), { seed: false });
    try {
      const user = await store.createUser({ username: "ada", role: "writer", passwordHash: "scrypt$x" });
      const changed = await store.updateUser(user.id, { role: "editor", disabled: true, passwordHash: "scrypt$y" });
      expect(changed).toEqual({ ...user, role: "editor", disabled: true, passwordHash: "scrypt$y" });
      expect(await store.getUserByUsername("ADA")).toEqual(changed);
      await expect(store.updateUser(999, { disabled: true })).rejects.toThrow(
        new NotFoundError(USER_ADMIN_MESSAGES.userNotFound(999)),
      );
      expect(await store.deleteUser(user.id)).toEqual(changed);
      expect(await store.getUserById(user.id)).toBeUndefined();
      expect(await store.countUsers()).toBe(0);
      await expect(store.deleteUser(user.id)).rejects.toBeInstanceOf(NotFoundError);
    } finally {
      await store.close();
    }
  });

  it("refuse, inside the write, a change that leaves no enabled admin where there was one", async () => {
    const store = await openJsonStore(makeTempDir("store-"), { seed: false });
    try {
      const ada = await store.createUser({ username: "ada", role: "admin", passwordHash: "scrypt$x" });
      const lastAdmin = new ConflictError(USER_ADMIN_MESSAGES.lastAdmin);
      await expect(store.updateUser(ada.id, { role: "writer" })).rejects.toThrow(lastAdmin);
      await expect(store.updateUser(ada.id, () => ({ disabled: true }))).rejects.toThrow(lastAdmin);
      await expect(store.deleteUser(ada.id)).rejects.toThrow(lastAdmin);
      expect(await store.getUserById(ada.id)).toEqual(ada);

      // With another enabled admin, either may go; a disabled admin does not count.
      const bea = await store.createUser({ username: "bea", role: "admin", passwordHash: "scrypt$x" });
      await store.updateUser(bea.id, { disabled: true });
      await expect(store.updateUser(ada.id, { role: "editor" })).rejects.toThrow(lastAdmin);
      await store.updateUser(bea.id, { disabled: false });
      expect(
        (await store.updateUser(ada.id, (current) => ({ role: current.role === "admin" ? "editor" : "admin" }))).role,
      ).toBe("editor");
      await expect(store.deleteUser(bea.id)).rejects.toThrow(lastAdmin);
    } finally {
      await store.close();
    }
  });
});

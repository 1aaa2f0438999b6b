import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DurableJsonFile } from "~/server/store/durable-file-adapter";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

afterEach(removeTempDirs);

const adapterIn = (dir: string) => new DurableJsonFile<unknown>(path.join(dir, "db.json"), (raw) => raw);

describe("DurableJsonFile", () => {
  it("answers null for a missing file and reads back what it wrote, readable by its owner only", async () => {
    const dir = makeTempDir("adapter-");
    const adapter = adapterIn(dir);
    expect(await adapter.read()).toBeNull();
    await adapter.write({ posts: [{ id: 1 }] });
    expect(await adapter.read()).toEqual({ posts: [{ id: 1 }] });
    expect(fs.statSync(adapter.file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(["db.json"]);
  });

  it("fsyncs the new file and its folder before a write resolves", async () => {
    const dir = makeTempDir("adapter-");
    const probe = await fs.promises.open(dir, "r");
    const sync = vi.spyOn(Object.getPrototypeOf(probe) as fs.promises.FileHandle, "sync");
    await probe.close();
    try {
      await adapterIn(dir).write({ ok: true });
      expect(sync).toHaveBeenCalledTimes(2);
    } finally {
      sync.mockRestore(); // only ours: the console.error spy of the test setup stays
    }
  });

  it("leaves the old file whole when a write fails", async () => {
    const dir = makeTempDir("adapter-");
    const adapter = adapterIn(dir);
    await adapter.write({ version: 1 });
    await expect(adapter.write({ version: 2n })).rejects.toThrow(TypeError); // BigInt has no JSON form
    expect(await adapter.read()).toEqual({ version: 1 });
    expect(fs.readdirSync(dir)).toEqual(["db.json"]);
  });

  it("removes only its own leftover temp files", async () => {
    const dir = makeTempDir("adapter-");
    for (const name of [".db.json.123.4.tmp", "notes.tmp", "db.json"]) fs.writeFileSync(path.join(dir, name), "x");
    await adapterIn(dir).removeLeftoverTemps();
    expect(fs.readdirSync(dir).sort()).toEqual(["db.json", "notes.tmp"]);
  });
});

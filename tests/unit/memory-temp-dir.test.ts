import { describe, expect, it } from "vitest";
import { memoryTempDir, shmIfSuitable } from "../helpers/memory-temp-dir";

/** docs/decisions/144-test-folders-in-memory.md */
const GiB = 2 ** 30;
const mounts = (shm: string) => `/dev/vda / ext4 rw,relatime 0 0\n${shm}\nproc /proc proc rw 0 0\n`;

describe("the tests' temporary folder", () => {
  it("is /dev/shm when it is a tmpfs that may run programs and has 4 GiB free", () => {
    expect(shmIfSuitable(mounts("tmpfs /dev/shm tmpfs rw,relatime,size=24684084k 0 0"), () => 20 * GiB)).toBe(
      "/dev/shm",
    );
  });

  it.each([
    ["mounted noexec, as Docker mounts it", "tmpfs /dev/shm tmpfs rw,nosuid,nodev,noexec,relatime 0 0", 20 * GiB],
    ["too small", "tmpfs /dev/shm tmpfs rw,relatime,size=65536k 0 0", 64 * 2 ** 20],
    ["not a tmpfs", "/dev/vdb /dev/shm ext4 rw,relatime 0 0", 20 * GiB],
    ["not mounted", "", 20 * GiB],
  ])("is the system's when /dev/shm is %s", (_why, line, free) => {
    expect(shmIfSuitable(mounts(line), () => free)).toBeUndefined();
  });

  it("is the caller's TMPDIR whenever one is set", () => {
    expect(memoryTempDir({ TMPDIR: "/var/tmp" })).toBeUndefined();
  });
});

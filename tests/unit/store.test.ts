import { afterEach } from "vitest";
import { openJsonStore } from "~/server/store/json-store";
import { storeContract } from "../contract/store-contract";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

afterEach(async () => {
  await removeTempDirs();
});

storeContract("JSON store", {
  async open() {
    const dir = makeTempDir("store-");
    return { store: await openJsonStore(dir, { seed: false }), reopen: () => openJsonStore(dir) };
  },
});

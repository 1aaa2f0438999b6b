import fs from "node:fs";
import { afterEach } from "vitest";
import { storeContract } from "../contract/store-contract";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { openJsonStore } from "~/server/records/open-store";

afterEach(async () => {
  await removeTempDirs();
});

storeContract("JSON store", {
  async open() {
    const dir = makeTempDir("store-");
    return { store: await openJsonStore(dir, { seed: false }), reopen: () => openJsonStore(dir) };
  },
});

/**
 * The same contract on the other layout of the data folder: reopened from db.json and the
 * journal as a kill leaves them (nothing folded), not from the db.json a clean stop writes.
 */
storeContract("JSON store, reopened from its journal", {
  async open() {
    const dir = makeTempDir("store-");
    const killed = makeTempDir("store-killed-");
    const store = await openJsonStore(dir, { seed: false });
    const close = store.close.bind(store);
    store.close = async () => {
      // Goes through the write queue, so every write queued before it is in the journal once it is done.
      await store.retryWrite().catch(() => {});
      fs.cpSync(dir, killed, { recursive: true });
      return close();
    };
    return { store, reopen: () => openJsonStore(killed) };
  },
});

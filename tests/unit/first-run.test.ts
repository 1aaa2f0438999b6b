import { afterEach, beforeEach, expect, it } from "vitest";
import { createSetupService, SETUP_TOKEN_TTL_MS } from "~/server/users/first-run";
import { SETUP_MESSAGES } from "~/shared/setup";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { openJsonStore } from "~/server/records/open-store";
import type { Store } from "~/server/records/store";

let store: Store;
let clock = 1_000_000;
beforeEach(async () => {
  store = await openJsonStore(makeTempDir(), { seed: false });
});
afterEach(async () => {
  await store.close();
  await removeTempDirs();
});

const service = () => createSetupService(store, { now: () => clock, cost: { logN: 10 } });
const tokenOf = (link: string | undefined) => new URL(link!).searchParams.get("token")!;
const admin = (token: string) => ({
  token,
  username: "ada",
  password: "a long password",
  confirmPassword: "a long password",
});

it("makes a fresh random token on each start, and only the newest one works", async () => {
  const setup = service();
  const first = tokenOf(await setup.issueLink("http://h"));
  const second = tokenOf(await setup.issueLink("http://h"));
  expect(first).not.toBe(second);
  expect(await setup.state(first)).toBe("bad-token");
  expect(await setup.state(second)).toBe("ready");
  expect(await setup.state(undefined)).toBe("missing-token");
});

it("stops working an hour after it was printed", async () => {
  const setup = service();
  const token = tokenOf(await setup.issueLink("http://h"));
  clock += SETUP_TOKEN_TTL_MS - 1;
  expect(await setup.state(token)).toBe("ready");
  clock += 1;
  expect(await setup.state(token)).toBe("bad-token");
  await expect(setup.createFirstAdmin(admin(token))).rejects.toMatchObject({
    status: 403,
    message: SETUP_MESSAGES.badToken,
  });
  expect(await store.countUsers()).toBe(0);
});

it("is spent by one use: a second request at the same time creates nothing", async () => {
  const setup = service();
  const token = tokenOf(await setup.issueLink("http://h"));
  const results = await Promise.allSettled([
    setup.createFirstAdmin(admin(token)),
    setup.createFirstAdmin({ ...admin(token), username: "bo" }),
  ]);
  expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
  expect(await store.countUsers()).toBe(1);
  expect(await setup.state(token)).toBe("closed");
});

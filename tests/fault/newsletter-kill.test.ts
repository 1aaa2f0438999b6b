import { spawn } from "node:child_process";
import readline from "node:readline";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openJsonStore } from "~/server/records/open-store";
import { makePostInput } from "../helpers/factories";
import { root } from "../helpers/cli";
import { addConfirmedReaders, countsByAddress } from "../helpers/newsletter";
import { bundleScript } from "../helpers/node-script";
import { startSmtpServer } from "../helpers/smtp-server";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

afterAll(removeTempDirs);

const READERS = 2000;
/** The delivery during which the sender is killed: the server has the message, and has not said 250. */
const KILLED_AT = 700;

/**
 * A sending process as the server runs one (app.ts): the data folder's store, the outbox with its
 * claims, and the newsletter's sender on it, with a lease of a second so a restart takes over the
 * killed process's claimed delivery quickly. It prints "finished" once the send is done.
 */
const SENDER_SCRIPT = `
import { openJsonStore } from "~/server/records/open-store";
import { createOutbox } from "~/server/outbox/outbox";
import { memoryOutboxClaims } from "~/server/outbox/outbox-claims";
import { createNewsletterSender } from "~/server/newsletter/newsletter-sender";
import { newsletterTokens } from "~/server/newsletter/newsletter-tokens";
const [dir, smtpUrl] = process.argv.slice(2);
const store = await openJsonStore(dir, { seed: false });
const outbox = createOutbox({ claims: memoryOutboxClaims(), leaseMs: 1000 });
createNewsletterSender({
  store,
  smtpUrl,
  outbox,
  tokens: newsletterTokens("a session secret of at least 32 characters"),
  mail: { from: "news@queuewise.example", publicUrl: "https://queuewise.example", ratePerMinute: 1000000, retryDelaysMs: [20, 20, 20], leaseMs: 1000 },
});
outbox.start();
console.log("started");
const timer = setInterval(async () => {
  const [send] = await store.listNewsletterSends();
  if (send?.state === "done") {
    clearInterval(timer);
    console.log("finished");
  }
}, 100);
`;

let sender: string;
beforeAll(async () => {
  sender = await bundleScript(SENDER_SCRIPT);
});

/** Runs the sender until it prints "finished" (answers "finished") or is killed (answers "killed"). */
function runSender(dir: string, smtpUrl: string, kill: { now?: () => void } = {}): Promise<"finished" | "killed"> {
  const child = spawn(process.execPath, [sender, dir, smtpUrl], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  kill.now = () => child.kill("SIGKILL");
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).on("line", (line) => {
      if (line === "finished") child.kill("SIGTERM");
    });
    child.on("exit", (_code, signal) => {
      if (signal === "SIGKILL") resolve("killed");
      else if (signal === "SIGTERM") resolve("finished");
      else reject(new Error(`the sender ended by itself (${signal})`));
    });
  });
}

it(`kill -9 during a send to ${READERS} readers, then a restart: every reader gets the post exactly once`, async () => {
  const dir = makeTempDir("newsletter-kill-");
  const store = await openJsonStore(dir, { seed: false });
  await addConfirmedReaders(store, READERS);
  const post = await store.createPost(makePostInput());
  await store.queueNewsletterSend(post.id);
  await store.close();

  const kill: { now?: () => void } = {};
  const smtp = await startSmtpServer({
    // The message in flight when the process dies never gets its 250: the server does not keep it.
    reply: (_mail, index) => {
      if (index !== KILLED_AT) return undefined;
      kill.now!();
      return new Promise(() => {});
    },
  });
  try {
    expect(await runSender(dir, smtp.url, kill)).toBe("killed");
    expect(smtp.received.length).toBe(KILLED_AT);
    expect(await runSender(dir, smtp.url)).toBe("finished");

    const counts = countsByAddress(smtp.received);
    expect(counts.size).toBe(READERS);
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect(smtp.received.length).toBe(READERS);

    const after = await openJsonStore(dir, { seed: false });
    const entries = await after.listNewsletterDeliveries(post.id);
    expect(entries.filter((d) => d.state === "sent")).toHaveLength(READERS);
    await after.close();
  } finally {
    await smtp.close();
  }
}, 180_000);

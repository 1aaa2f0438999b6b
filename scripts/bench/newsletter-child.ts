import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createNewsletterSender } from "~/server/newsletter/newsletter-sender";
import { newsletterTokens } from "~/server/newsletter/newsletter-tokens";
import { createOutbox } from "~/server/outbox/outbox";
import { memoryOutboxClaims } from "~/server/outbox/outbox-claims";
import { openJsonStore } from "~/server/records/open-store";
import { addConfirmedReaders } from "../../tests/helpers/newsletter";
import { makePostInput } from "../../tests/helpers/factories";

/**
 * The newsletter bench's sending process (newsletter.ts): a data folder with `count` confirmed
 * readers and one post, sent through the outbox and the ledger as the server sends it, at no
 * rate limit, to the SMTP server at `smtpUrl`. Prints one JSON line: the time and the peak RSS.
 */
const [countText, smtpUrl] = process.argv.slice(2);
const count = Number(countText);
const dir = mkdtempSync(path.join(tmpdir(), "bench-newsletter-"));
const store = await openJsonStore(dir, { seed: false });
await addConfirmedReaders(store, count);
const post = await store.createPost(
  makePostInput({ content: `<p>${"Shorter queues, happier visitors. ".repeat(40)}</p>` }),
);
const outbox = createOutbox({ claims: memoryOutboxClaims(), leaseMs: 30_000 });
const sender = createNewsletterSender({
  ...{ store, smtpUrl: smtpUrl!, outbox, tokens: newsletterTokens("a session secret of at least 32 characters") },
  mail: {
    from: "news@queuewise.example",
    publicUrl: "https://queuewise.example",
    ratePerMinute: 1_000_000,
    retryDelaysMs: [100, 100, 100],
    leaseMs: 30_000,
  },
});
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
const started = performance.now();
await store.queueNewsletterSend(post.id);
outbox.start();
for (;;) {
  const [send] = await store.listNewsletterSends();
  if (send?.state === "done") break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const ms = performance.now() - started;
clearInterval(sampler);
const sent = (await store.listNewsletterDeliveries(post.id)).filter((d) => d.state === "sent").length;
await outbox.stop();
sender.close();
await store.close();
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({ count, sent, ms, peakRss }));

import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startSmtpServer } from "../../tests/helpers/smtp-server";
import { mb } from "./report";

export type NewsletterBench = { count: number; sent: number; received: number; ms: number; peakRss: number };

/**
 * `npm run bench`'s newsletter send: one post to `count` confirmed readers on the data folder,
 * each delivery claimed and recorded in the ledger (docs/decisions/246-newsletter-send-ledger.md),
 * to a real SMTP server on this machine (the `smtp-server` package), with no rate limit, so the
 * number is what the sender itself can do. The sender runs in a process of its own
 * (newsletter-child.ts), so its peak RSS is the store's, the ledger's and the sender's.
 */
export async function newsletterPart(count: number): Promise<NewsletterBench> {
  const smtp = await startSmtpServer();
  try {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", fileURLToPath(new URL("./newsletter-child.ts", import.meta.url)), String(count), smtp.url],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    if (code !== 0) throw new Error(`the newsletter bench exited with ${code}`);
    const result = JSON.parse(out.trim().split("\n").at(-1)!) as Omit<NewsletterBench, "received">;
    return { ...result, received: smtp.received.length };
  } finally {
    await smtp.close();
  }
}

export const newsletterReport = (r: NewsletterBench) =>
  `Newsletter send (a process of its own, data folder): ${r.count.toLocaleString("en-US")} readers, ` +
  `${r.received.toLocaleString("en-US")} messages received by the local SMTP server in ${(r.ms / 1000).toFixed(1)} s: ` +
  `${Math.round((r.received / r.ms) * 60_000).toLocaleString("en-US")} messages a minute; peak RSS ${mb(r.peakRss)}`;

import type { Store } from "~/server/records/store";
import type { Subscriber } from "~/server/store/types";
import type { ReceivedMail } from "./smtp-server";

/**
 * `count` confirmed readers added in one write (reader-1@readers.example ...), as many subscribing
 * and confirming would leave them; the tests of sending need thousands without the write each.
 */
export async function addConfirmedReaders(store: Store, count: number, domain = "readers.example"): Promise<void> {
  await store.engine.write((snap, now) => {
    const list = snap.data.subscribers ?? [];
    const first = snap.data.meta.nextSubscriberId ?? 1;
    const added: Subscriber[] = Array.from({ length: count }, (_, i) => ({
      id: first + i,
      email: `reader-${first + i}@${domain}`,
      status: "confirmed",
      createdAt: now,
      confirmedAt: now,
      bounces: 0,
    }));
    return {
      next: {
        ...snap.data,
        subscribers: [...list, ...added],
        meta: { ...snap.data.meta, nextSubscriberId: first + count },
      },
      result: undefined,
      kinds: [],
    };
  });
}

/** A message as sent, quoted-printable soft breaks and `=3D` undone, so links read whole. */
export const plainRaw = (mail: ReceivedMail) => mail.raw.replace(/=\r\n/g, "").replace(/=3D/g, "=");

/** The first link in a message to `path` (with its query), as the reader would follow it. */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const found = new RegExp(`https?://[^\\s"<>]*${path.replace(/\//g, "\\/")}\\?token=[\\w.-]+`).exec(plainRaw(mail));
  if (!found) throw new Error(`No link to ${path} in:\n${mail.raw}`);
  return new URL(found[0]);
}

/** How many messages each address received. */
export function countsByAddress(received: readonly ReceivedMail[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of received) for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

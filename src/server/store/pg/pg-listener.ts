import pg from "pg";
import { pgTypes } from "./pg-types";

const RECONNECT_MS = 1000;

export type Listening = { close(): Promise<void> };

/**
 * A connection of its own that LISTENs on `channels` and hands each notification's channel and
 * payload to `onNotice`. When
 * it drops it connects again every second until it can, then calls `onReconnect`, since
 * notifications sent while it was down are lost: the caller reads its state again there.
 */
export async function listenTo(
  url: string,
  channels: readonly string[],
  onNotice: (channel: string, payload: string) => void,
  onReconnect: () => void,
): Promise<Listening> {
  let closed = false;
  let current: pg.Client | undefined;

  const connect = async (): Promise<boolean> => {
    const client = new pg.Client({ connectionString: url, types: pgTypes });
    client.on("notification", (message) => {
      if (channels.includes(message.channel)) onNotice(message.channel, message.payload ?? "");
    });
    client.on("error", () => undefined); // followed by "end", handled below
    client.on("end", () => {
      if (current !== client || closed) return;
      current = undefined;
      retry();
    });
    try {
      await client.connect();
      for (const channel of channels) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    // Closed while connecting: this connection is not wanted, and nor is a reread on a closed pool.
    if (closed) {
      await client.end().catch(() => undefined);
      return false;
    }
    current = client;
    return true;
  };

  const retry = () =>
    setTimeout(() => {
      if (closed) return;
      connect().then((listening) => listening && onReconnect(), retry);
    }, RECONNECT_MS).unref();

  await connect();
  return {
    async close() {
      closed = true;
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}

import { createServer, type AddressInfo } from "node:net";

/**
 * A port on 127.0.0.1 that nothing listens on now, for a process that must be told its port
 * before it starts (PostgreSQL, nginx, a server whose PUBLIC_URL names its own address).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

import type { Server, ServerOptions } from "node:http";
import type { Socket } from "node:net";
import type { Config } from "~/server/config";

/**
 * Socket limits set on purpose rather than Node's defaults, which hold a slow or silent client's
 * socket for 60 s (headers) or 300 s (whole request) with no bound on their number.
 * - headers: a browser sends its headers at once; 10 s is generous on a bad phone link.
 * - request: the largest body is a backup upload of a few MB; 60 s covers a slow uplink.
 * - keep-alive: 5 s idle between requests, shorter than the 60 s of common proxies, which then
 *   open a new connection instead of reusing one we are closing.
 * - checked every second: Node enforces the header and request limits on a sweep, every 30 s by
 *   default, so a silent socket lived 30 s or more whatever the limit said
 *   (https://nodejs.org/docs/latest-v20.x/api/http.html#httpcreateserveroptions-requestlistener).
 */
export const SOCKET_LIMITS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  checkEveryMs: 1_000,
} as const;

/** `http.createServer`'s options with the limits above; the sweep's interval can only be set here. */
export const SERVER_OPTIONS: ServerOptions = {
  headersTimeout: SOCKET_LIMITS.headersTimeoutMs,
  requestTimeout: SOCKET_LIMITS.requestTimeoutMs,
  keepAliveTimeout: SOCKET_LIMITS.keepAliveTimeoutMs,
  connectionsCheckingInterval: SOCKET_LIMITS.checkEveryMs,
};

/**
 * Bounds the open sockets: past MAX_CONNECTIONS Node closes new ones at once, so slow clients
 * cannot use up the process's file descriptors (which db.json's saves need too); past
 * MAX_CONNECTIONS_PER_ADDRESS from one address, its new ones are closed, so one client cannot
 * take every place. Behind a trusted proxy every socket comes from the proxy: there the proxy
 * limits its clients and this cap is off (docs/decisions/080-connections-per-address.md).
 */
export function applySocketLimits(
  server: Server,
  config: Pick<Config, "maxConnections" | "maxConnectionsPerAddress" | "trustProxy">,
): void {
  server.maxConnections = config.maxConnections;
  server.on("connection", closeIfSilent);
  if (config.trustProxy === false) capPerAddress(server, config.maxConnectionsPerAddress);
}

/**
 * Node's header limit starts with a request's first byte: a socket that never sends one was kept
 * open until the client left. It gets the header limit too.
 */
function closeIfSilent(socket: Socket): void {
  const timer = setTimeout(() => {
    if (socket.bytesRead === 0) socket.destroy();
  }, SOCKET_LIMITS.headersTimeoutMs).unref();
  socket.once("close", () => clearTimeout(timer));
}

function capPerAddress(server: Server, cap: number): void {
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

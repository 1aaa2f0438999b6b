import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import net from "node:net";

/**
 * Socket limits set on purpose rather than Node's defaults, which hold a slow or silent client's
 * socket for 60 s (headers) or 300 s (whole request) with no bound on their number.
 * - headers: a browser sends its headers at once; 10 s is generous on a bad phone link.
 * - request: the largest body is a backup upload of a few MB; 60 s covers a slow uplink.
 * - keep-alive: 5 s idle between requests, shorter than the 60 s of common proxies, which then
 *   open a new connection instead of reusing one we are closing.
 */
export const SOCKET_LIMITS = { headersTimeoutMs: 10_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 5_000 } as const;

export function applySocketLimits(server: Server, maxConnections: number): void {
  server.headersTimeout = SOCKET_LIMITS.headersTimeoutMs;
  server.requestTimeout = SOCKET_LIMITS.requestTimeoutMs;
  server.keepAliveTimeout = SOCKET_LIMITS.keepAliveTimeoutMs;
  // Past this many open sockets Node closes new ones at once, so slow clients cannot use up the
  // process's file descriptors (which db.json's saves need too).
  server.maxConnections = maxConnections;
}

export type GracefulStop = {
  /** Wraps the server's request listener so every answer in flight is known. */
  track(listener: RequestListener): RequestListener;
  /**
   * Stops accepting, answers every request received from then on with `Connection: close` (a
   * keep-alive socket idle at the signal may still carry one, until its keep-alive timeout), and
   * resolves once every socket is gone; sockets still open after `timeoutMs` are cut. Resolves with how many requests were in flight and how many were cut.
   */
  stop(timeoutMs: number): Promise<{ inFlight: number; cut: number }>;
};

export function gracefulStop(server: Server): GracefulStop {
  const active = new Set<ServerResponse>();
  let stopping = false;

  return {
    track(listener) {
      return (req: IncomingMessage, res: ServerResponse) => {
        active.add(res);
        res.once("close", () => active.delete(res));
        // The answer closes its socket: no keep-alive socket outlives the request it carried.
        if (stopping) res.setHeader("Connection", "close");
        listener(req, res);
      };
    },

    stop(timeoutMs) {
      stopping = true;
      const inFlight = active.size;
      for (const res of active) if (!res.headersSent) res.setHeader("Connection", "close");
      return new Promise((resolve) => {
        let cut = 0;
        const force = setTimeout(() => {
          cut = active.size;
          server.closeAllConnections();
        }, timeoutMs);
        // net.Server's close stops accepting and waits for the open sockets; http.Server's would
        // also close the idle keep-alive ones at once (Node's http docs, server.close()), racing a
        // client that is sending its next request on one (RFC 9112 section 9.5). So each idle
        // socket may still carry one request within its keep-alive window, answered with
        // Connection: close, or ends at the keep-alive timeout as its client was told.
        net.Server.prototype.close.call(server, () => {
          clearTimeout(force);
          resolve({ inFlight, cut });
        });
      });
    },
  };
}

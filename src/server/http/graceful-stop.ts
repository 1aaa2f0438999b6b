import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import net from "node:net";

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

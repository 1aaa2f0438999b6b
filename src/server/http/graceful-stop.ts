import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";

export type GracefulStop = {
  /** Wraps the server's request listener so every answer in flight is known. */
  track(listener: RequestListener): RequestListener;
  /**
   * Stops accepting, closes the keep-alive sockets idle at that moment, answers every request in
   * flight with `Connection: close` (so its socket closes once it is answered), and resolves once
   * every socket is gone; sockets still open after `timeoutMs` are cut. Resolves with how many
   * requests were in flight and how many were cut.
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
        res.once("close", () => {
          active.delete(res);
          // An answer whose headers went out before the stop kept its socket alive: once it is
          // idle, it goes too (on the next turn, when Node has marked it idle).
          if (stopping) setImmediate(() => server.closeIdleConnections());
        });
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
        // http.Server's close stops accepting and closes the idle keep-alive sockets at once
        // (Node's http docs, server.close()), so a stop waits for the requests in flight and not
        // for every idle socket's keep-alive timeout (docs/decisions/153-a-stop-closes-idle-sockets.md).
        // A client whose next request crosses that close sees the connection closed and retries
        // it on a new one, as RFC 9112 section 9.3.1 expects of it.
        server.close(() => {
          clearTimeout(force);
          resolve({ inFlight, cut });
        });
      });
    },
  };
}

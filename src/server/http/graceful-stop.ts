import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";

export type GracefulStop = {
  /** Wraps the server's request listener so every answer in flight is known. */
  track(listener: RequestListener): RequestListener;
  /**
   * Stops accepting, answers every request already received with `Connection: close`, closes each
   * keep-alive socket as it goes idle, and resolves once every socket is gone; sockets still open
   * after `timeoutMs` are cut. Resolves with how many requests were in flight and how many were cut.
   */
  stop(timeoutMs: number): Promise<{ inFlight: number; cut: number }>;
};

export function gracefulStop(server: Server): GracefulStop {
  const active = new Set<ServerResponse>();
  let stopping = false;

  // Once a response is done its socket is idle (or about to read the next request, which will be
  // answered with Connection: close): closing idle sockets on every finish drains them one by one.
  const closeIdleSoon = () => setImmediate(() => server.closeIdleConnections());

  return {
    track(listener) {
      return (req: IncomingMessage, res: ServerResponse) => {
        active.add(res);
        res.once("close", () => {
          active.delete(res);
          if (stopping) closeIdleSoon();
        });
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
        server.close(() => {
          clearTimeout(force);
          resolve({ inFlight, cut });
        });
        server.closeIdleConnections();
      });
    },
  };
}

import http from "node:http";

export type LoopbackGetOptions = {
  /** Names the caller in the server's logs. */
  userAgent: string;
  acceptEncoding: string;
  /** A request still unanswered after this long is dropped. */
  timeoutMs: number;
  /** Without one, each request opens its own connection. */
  agent?: http.Agent;
  /** Sent besides the two above. */
  headers?: Readonly<Record<string, string>>;
};

/**
 * GETs a path from this process's own server and resolves once the answer has been read, or has
 * failed: the callers (the warm start and the cache warmer) only want the render to happen, so it
 * never rejects. A server listening on every address is reached on its loopback address.
 */
export function loopbackGet(
  server: http.Server,
  { userAgent, acceptEncoding, timeoutMs, agent, headers: more }: LoopbackGetOptions,
): (path: string) => Promise<void> {
  const headers = { ...more, "Accept-Encoding": acceptEncoding, "User-Agent": userAgent };
  return (path) =>
    new Promise((resolve) => {
      const address = server.address();
      if (!address || typeof address === "string") return resolve();
      const wildcard = address.address === "0.0.0.0" || address.address === "::";
      const host = wildcard ? (address.family === "IPv6" ? "::1" : "127.0.0.1") : address.address;
      const req = http.get({ host, port: address.port, path, agent: agent ?? false, headers }, (res) => {
        res.on("close", () => resolve());
        res.resume();
      });
      req.setTimeout(timeoutMs, () => req.destroy());
      req.on("error", () => resolve());
    });
}

import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { applySocketLimits, SERVER_OPTIONS, SOCKET_LIMITS } from "~/server/http/socket-limits";
import { makeTestApp, type TestApp } from "../helpers/test-app";

/**
 * docs/decisions/080-connections-per-address.md: idle sockets from one address cannot fill the
 * server's places, and a silent socket is closed soon after its limit. The whole of 127.0.0.0/8
 * is loopback, so 127.0.0.2 stands in for a second client.
 */
const MAX_CONNECTIONS = 20;
let t: TestApp;
let server: http.Server;
let port: number;
beforeAll(async () => {
  t = await makeTestApp({ env: { MAX_CONNECTIONS: String(MAX_CONNECTIONS) } });
  // As serve.ts builds the host's server.
  server = http.createServer(SERVER_OPTIONS, t.app);
  applySocketLimits(server, t.config);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** An open socket from `localAddress` that sends nothing; `closed` settles when the server ends it. */
function idleSocket(localAddress: string) {
  const socket = net.connect({ port, host: "127.0.0.1", localAddress });
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => undefined);
  socket.resume(); // reads the server's answer (a 408), so its end closes the socket
  return { socket, closed, connected: new Promise<void>((resolve) => socket.once("connect", () => resolve())) };
}

function get(localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/robots.txt", localAddress, agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode!));
      })
      .on("error", reject);
  });
}

it("idle sockets from one address do not lock out a reader from another", async () => {
  const idle = Array.from({ length: MAX_CONNECTIONS + 5 }, () => idleSocket("127.0.0.2"));
  await Promise.all(idle.map((s) => Promise.race([s.connected, s.closed])));
  // Those past the address's share were closed on arrival.
  await Promise.all(idle.slice(t.config.maxConnectionsPerAddress).map((s) => s.closed));
  expect(await get("127.0.0.1")).toBe(200);
  for (const s of idle) s.socket.destroy();
  await Promise.all(idle.map((s) => s.closed));
});

/** Settles with "closed" once the server closes the socket, or "still open" after `ms`. */
const closedWithin = (closed: Promise<void>, ms: number) =>
  Promise.race([closed.then(() => "closed"), new Promise((resolve) => setTimeout(() => resolve("still open"), ms))]);

it("a silent socket and one sending its headers slowly are closed a few seconds after the header limit", async () => {
  const bound = SOCKET_LIMITS.headersTimeoutMs + 5 * SOCKET_LIMITS.checkEveryMs;
  const silent = idleSocket("127.0.0.1");
  const slow = idleSocket("127.0.0.1");
  await slow.connected;
  slow.socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
  expect(await Promise.all([closedWithin(silent.closed, bound), closedWithin(slow.closed, bound)])).toEqual([
    "closed",
    "closed",
  ]);
}, 30_000);

import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { LOCK_FILE } from "~/server/store/data-lock";
import { DB_FILE } from "~/server/store/json-store";
import { startServer } from "../helpers/running-server";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

afterAll(removeTempDirs);

const CLIENTS = 30;
const IDLE_CLIENTS = 30;
/** The bound the stop keeps: the process is gone this soon after the last answer in flight. */
const EXIT_AFTER_LAST_ANSWER_MS = 1_000;

type Answer = { status: number; connection: string | undefined; body: string; reusedSocket: boolean };

/** Waits for a condition on the server's output instead of sleeping a fixed time. */
async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function get(url: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http
      .get(url, { agent }, (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (chunk) => (body += chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            connection: res.headers.connection,
            body,
            reusedSocket: req.reusedSocket,
          }),
        );
      })
      .on("error", reject);
  });
}

/**
 * A contact message sent with `Expect: 100-continue` on a kept-alive socket: the server's
 * `100 Continue` proves it has received the request and is running its handler, which then waits
 * for the body. `send` delivers the body; `answer` settles with the response.
 */
function requestInFlight(url: string, agent: http.Agent, client: number) {
  const body = JSON.stringify({
    name: `Client ${client}`,
    email: `client${client}@example.com`,
    message: "Please call me about queues.",
  });
  let send!: () => void;
  let received!: () => void;
  const continued = new Promise<void>((resolve) => (received = resolve));
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      `${url}/api/contact`,
      {
        method: "POST",
        agent,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          Expect: "100-continue",
          // Each client its own address (TRUST_PROXY), so the contact rate limit answers them all.
          "X-Forwarded-For": `10.0.0.${client + 1}`,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (chunk) => (text += chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            connection: res.headers.connection,
            body: text,
            reusedSocket: req.reusedSocket,
          }),
        );
      },
    );
    req.on("continue", received);
    req.on("error", reject);
    req.flushHeaders();
    send = () => req.end(body);
  });
  return { continued, send: () => send(), answer };
}

it(`SIGTERM with ${CLIENTS} keep-alive clients mid-request and ${IDLE_CLIENTS} idle: idle sockets closed at once, every request answered, exit 0 within ${EXIT_AFTER_LAST_ANSWER_MS} ms of the last answer`, async () => {
  const dataDir = makeTempDir("shutdown-");
  const server = await startServer({ dataDir, env: { TRUST_PROXY: "true", SHUTDOWN_TIMEOUT_MS: "10000" } });
  const agents = Array.from(
    { length: CLIENTS + IDLE_CLIENTS },
    () => new http.Agent({ keepAlive: true, maxSockets: 1 }),
  );
  try {
    // Every client holds a kept-alive socket from a first request.
    const first = await Promise.all(agents.map((agent) => get(`${server.url}/robots.txt`, agent)));
    expect(first.every((a) => a.status === 200 && a.connection === "keep-alive")).toBe(true);
    const idleSockets = agents.slice(CLIENTS).flatMap((agent) => Object.values(agent.freeSockets).flat());
    expect(idleSockets).toHaveLength(IDLE_CLIENTS);
    let idleClosed = 0;
    for (const socket of idleSockets) socket!.once("close", () => (idleClosed += 1));

    const inFlight = agents.slice(0, CLIENTS).map((agent, client) => requestInFlight(server.url, agent, client));
    await Promise.all(inFlight.map((r) => r.continued));
    // Read below; a failed assertion before then leaves them to reject when the agents go.
    for (const r of inFlight) r.answer.catch(() => undefined);

    const signalled = Date.now();
    const exited = server.stop("SIGTERM").then((code) => ({ code, at: Date.now() }));
    await waitFor(() => server.output().includes("SIGTERM received"), "the server to take the signal");
    const port = Number(new URL(server.url).port);
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.on("connect", () => {
        socket.destroy();
        resolve("connected");
      });
      socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED"); // no new connections once stopping
    // The idle sockets are closed by the server while every request in flight still waits for
    // its body: the stop does not wait for their keep-alive timeout.
    await waitFor(() => idleClosed === IDLE_CLIENTS, "the idle sockets to be closed", EXIT_AFTER_LAST_ANSWER_MS);

    inFlight.forEach((r) => r.send());
    const answers = await Promise.all(inFlight.map((r) => r.answer));
    const lastAnswer = Date.now();
    const { code, at } = await exited;

    expect(answers.map((a) => a.status)).toEqual(Array(CLIENTS).fill(201));
    expect(answers.every((a) => a.reusedSocket && a.connection === "close")).toBe(true);
    expect(code).toBe(0);
    expect(at - lastAnswer).toBeLessThan(EXIT_AFTER_LAST_ANSWER_MS);
    expect(server.errors()).toBe("");
    const db = JSON.parse(fs.readFileSync(path.join(dataDir, DB_FILE), "utf8")) as { messages: unknown[] };
    expect(db.messages).toHaveLength(CLIENTS); // the writes they carried are on disk
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const stopped = /Stopped in (\d+) ms: (\d+) requests were in flight\./.exec(server.output());
    expect(stopped?.[2]).toBe(String(CLIENTS));
    console.log(
      `SIGTERM test: ${CLIENTS} keep-alive clients mid-request, ${answers.length} answered 201 with Connection: close, ` +
        `${IDLE_CLIENTS} idle sockets closed at the signal, server stopped in ${stopped?.[1]} ms, ` +
        `exit ${code} ${at - signalled} ms after the signal and ${at - lastAnswer} ms after the last answer.`,
    );
  } finally {
    agents.forEach((agent) => agent.destroy());
    await server.stop();
  }
});

it("cuts a request that is still running after SHUTDOWN_TIMEOUT_MS, and still exits 0", async () => {
  const server = await startServer({ env: { SHUTDOWN_TIMEOUT_MS: "300" } });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const stuck = requestInFlight(server.url, agent, 0);
    await stuck.continued;
    const failed = stuck.answer.then(
      () => "answered",
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(await failed).toBe("ECONNRESET"); // the body never came
    expect(server.output()).toMatch(/1 request was in flight, 1 cut after 300 ms/);
  } finally {
    agent.destroy();
  }
});

it("closes connections beyond MAX_CONNECTIONS at once, and accepts again when one goes", async () => {
  const server = await startServer({ env: { MAX_CONNECTIONS: "3" } });
  const port = Number(new URL(server.url).port);
  const open = () =>
    new Promise<net.Socket>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => resolve(socket));
      socket.on("error", reject);
    });
  const closed = (socket: net.Socket) => new Promise<void>((resolve) => socket.once("close", () => resolve()));
  try {
    const held = [await open(), await open(), await open()]; // silent clients, holding their sockets
    const extra = await open();
    await closed(extra); // the server closed it without reading a byte
    held[0]!.destroy();
    const agent = new http.Agent({ keepAlive: false });
    let answer: Answer | undefined;
    // The server learns of the closed socket asynchronously: retry until its slot is free.
    for (let attempt = 0; attempt < 100 && answer?.status !== 200; attempt++) {
      answer = await get(`${server.url}/robots.txt`, agent).catch(() => undefined);
    }
    expect(answer?.status).toBe(200);
    held.forEach((socket) => socket.destroy());
  } finally {
    await server.stop();
  }
});

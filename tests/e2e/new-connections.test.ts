import http from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServer, type RunningServer } from "../helpers/running-server";

/**
 * docs/decisions/051-one-request-per-turn.md: under load, a visitor who connects is served about
 * as soon as those already connected, not after them. Counted in answers, not timed: twenty
 * keep-alive clients ask again as soon as they are answered, thirty new ones connect at once, and
 * each newcomer counts the answers the busy clients got before its own.
 */
const BUSY = 20;
const NEWCOMERS = 30;
/**
 * With requests started one per turn the last newcomer waits for about 50 answers; when every
 * request that had arrived started at once it waited for about 600 (Node accepts one connection
 * per turn, and each turn served every busy client again).
 */
const MOST_ANSWERS_AHEAD = 200;

let server: RunningServer;
beforeAll(async () => {
  // Nothing kept: every answer goes through Express and React Router, as an uncached page does.
  server = await startServer({ env: { HTML_CACHE_BYTES: "0" } });
});
afterAll(() => server?.stop());

const get = (agent: http.Agent) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(`${server.url}/robots.txt`, { agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode!));
      })
      .on("error", reject);
  });

it("answers new connections while keep-alive clients keep the server busy", async () => {
  let busyAnswers = 0;
  let running = true;
  const busy = Array.from({ length: BUSY }, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (running) {
        expect(await get(agent)).toBe(200);
        busyAnswers++;
      }
    } finally {
      agent.destroy();
    }
  });
  try {
    while (busyAnswers < BUSY * 5) await new Promise((resolve) => setTimeout(resolve, 10));
    const before = busyAnswers;
    const ahead = await Promise.all(
      Array.from({ length: NEWCOMERS }, async () => {
        expect(await get(new http.Agent({ keepAlive: false }))).toBe(200);
        return busyAnswers - before;
      }),
    );
    expect(Math.max(...ahead)).toBeLessThan(MOST_ANSWERS_AHEAD);
  } finally {
    running = false;
    await Promise.all(busy);
  }
});

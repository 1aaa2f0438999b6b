import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import net, { type Socket } from "node:net";
import { WEBHOOK_SIGNATURE_HEADER } from "~/shared/webhooks";
import { guardedLookup, hostOf, isPrivateAddress, PrivateAddressError } from "./private-addresses";

/**
 * The signature header's value (docs/api.md, "Webhooks"): `t=<unix seconds>,v1=<hex>`, the hex
 * being HMAC-SHA256 with the endpoint's secret over `${t}.${body}`, so a receiver can tell the body
 * came from this site and refuse an old one replayed.
 */
export function signatureOf(secret: string, body: string, timestamp: number): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

export type DeliveryOutcome = { ok: boolean; status?: number; error?: string };

export type DeliveryRequest = {
  url: string;
  secret: string;
  body: string;
  /** Extra headers: the event and the delivery's id. */
  headers: Record<string, string>;
  /** The whole attempt, connecting included, ends after this long. */
  timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE: private, loopback and link-local addresses may be reached. */
  allowPrivate: boolean;
  /** Ends the attempt early: the server is stopping. */
  signal?: AbortSignal;
};

/**
 * One signed POST (docs/decisions/225-signed-webhooks-through-the-outbox.md). Never throws: ok for
 * a 2xx, else the status or the reason. Without `allowPrivate`, an address literal is judged
 * before connecting, a name's every resolved address before any is connected to
 * (private-addresses.ts), and the address the socket actually reached once it connects, before
 * anything is sent (docs/decisions/226-webhooks-refuse-private-addresses.md). Redirects are not
 * followed: a 3xx is a failed attempt, so an endpoint cannot send the request on to an address
 * it may not reach.
 */
export function deliver({
  url,
  secret,
  body,
  headers,
  timeoutMs,
  allowPrivate,
  signal,
}: DeliveryRequest): Promise<DeliveryOutcome> {
  const target = new URL(url);
  const host = hostOf(target);
  if (!allowPrivate && net.isIP(host) && isPrivateAddress(host)) {
    return Promise.resolve({ ok: false, error: new PrivateAddressError(host).message });
  }
  const signed = signatureOf(secret, body, Math.floor(Date.now() / 1000));
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: DeliveryOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const client = target.protocol === "https:" ? https : http;
    const req = client.request(target, {
      method: "POST",
      // A connection of its own, so the address checked is the one this request goes to.
      agent: false,
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
      ...(!allowPrivate && { lookup: guardedLookup }),
      headers: {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        "user-agent": "QueueWise-Webhooks/1",
        [WEBHOOK_SIGNATURE_HEADER]: signed,
        ...headers,
      },
    });
    if (!allowPrivate) {
      req.on("socket", (socket: Socket) => {
        const check = () => {
          const reached = socket.remoteAddress ?? "";
          if (isPrivateAddress(reached)) req.destroy(new PrivateAddressError(reached));
        };
        if (socket.remoteAddress) check();
        else socket.once("connect", check);
      });
    }
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      // The answer's body is not read: its status says it all.
      res.resume();
      res.on("error", () => undefined);
      settle(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: `answered ${status}` });
      req.destroy();
    });
    req.on("error", (error) => settle({ ok: false, error: reasonOf(error, timeoutMs) }));
    req.end(body);
  });
}

/** A short reason for the delivery log: the cause in a line, never a stack. */
function reasonOf(error: Error & { code?: string }, timeoutMs: number): string {
  if (error.name === "TimeoutError") return `no answer within ${timeoutMs} ms`;
  if (error.name === "AbortError") return "stopped: the server was stopping";
  if (error instanceof PrivateAddressError) return error.message;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof PrivateAddressError) return cause.message;
  return `${error.code ? `${error.code}: ` : ""}${error.message}`.split("\n")[0]!.slice(0, 200);
}

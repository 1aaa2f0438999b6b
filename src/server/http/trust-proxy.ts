import type { IncomingMessage } from "node:http";
import type { TrustProxyFn } from "./security-headers";
import { isIP } from "node:net";
import { z } from "zod";

/**
 * TRUST_PROXY as Express's "trust proxy" setting (https://expressjs.com/en/guide/behind-proxies.html).
 * Never Express's `true`, which trusts every hop and takes the left-most X-Forwarded-For entry: the
 * client writes that one, so it could pick the address its sign-in and contact limits count.
 * - `false`, `0` or empty: no proxy; the address is the socket's.
 * - `true` or a number N: N proxies in front (`true` is 1, the nginx setup of docs/operations.md);
 *   the address is the entry N from the right, the one the outermost proxy saw.
 * - a comma-separated list of addresses, CIDR ranges or the names `loopback`, `linklocal`,
 *   `uniquelocal`: those hops are trusted, and the address is the right-most untrusted one.
 */
export type TrustProxy = false | number | string[];

const NAMED_RANGES = ["loopback", "linklocal", "uniquelocal"];
export const MAX_PROXY_HOPS = 10;
export const TRUST_PROXY_MESSAGE =
  "must be true, false, a number of proxies (0 to 10) or a comma-separated list of addresses or CIDR ranges";

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = "", prefix, extra] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export const trustProxySchema = z
  .string()
  .trim()
  .default("false")
  .transform((value, ctx): TrustProxy => {
    const lower = value.toLowerCase();
    if (lower === "" || lower === "false") return false;
    if (lower === "true") return 1;
    if (/^\d+$/.test(lower)) {
      const hops = Number(lower);
      if (hops <= MAX_PROXY_HOPS) return hops === 0 ? false : hops;
    } else {
      const entries = value.split(",").map((e) => e.trim());
      if (entries.every(isAddressOrRange)) return entries;
    }
    ctx.addIssue({ code: "custom", message: TRUST_PROXY_MESSAGE });
    return z.NEVER;
  });

/**
 * The client's address as Express's `req.ip` gives it (the proxy-addr package's walk), for a bare
 * node:http request the page cache answers before Express runs: the socket's peer, then each
 * X-Forwarded-For entry from the right while the hop that added it is trusted.
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxyFn): string {
  let address = req.socket.remoteAddress ?? "";
  if (!trust(address, 0)) return address;
  const forwarded = req.headers["x-forwarded-for"];
  if (typeof forwarded !== "string") return address;
  const hops = forwarded.split(",");
  for (let i = hops.length - 1, index = 1; i >= 0; i--, index++) {
    const hop = hops[i]!.trim();
    if (hop === "") continue;
    address = hop;
    if (!trust(address, index)) return address;
  }
  return address;
}

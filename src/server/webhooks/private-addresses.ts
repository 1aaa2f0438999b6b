import dns from "node:dns";
import net from "node:net";

/**
 * The addresses a webhook may not reach unless the operator allows it
 * (docs/decisions/226-webhooks-refuse-private-addresses.md): this host (loopback), the local
 * network (private ranges, carrier-grade NAT, IPv6 unique-local), link-local (where clouds answer
 * their metadata, 169.254.169.254), and the ranges no public host holds (unspecified, multicast,
 * reserved). An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 one.
 */
const blocked = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** Whether `address` (an IP, v4 or v6) is one a webhook may not reach without WEBHOOK_ALLOW_PRIVATE. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, "ipv4");
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) return blocked.check(address, "ipv6");
  // Not an address at all: nothing to connect to, so nothing allowed.
  return true;
}

/** A refusal to reach an address, said the way the delivery log and the 400 say it. */
export class PrivateAddressError extends Error {
  constructor(readonly address: string) {
    super(`refused ${address}: a private, loopback or link-local address`);
  }
}

/** The host of a URL as net and dns take it: without IPv6's brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * The first private address `host` is or resolves to, or undefined. A name that does not resolve
 * now answers undefined: it may resolve later, and each delivery checks again.
 */
export async function privateAddressOf(host: string): Promise<string | undefined> {
  if (net.isIP(host)) return isPrivateAddress(host) ? host : undefined;
  const found = await dns.promises.lookup(host, { all: true, verbatim: true }).catch(() => []);
  return found.map((a) => a.address).find(isPrivateAddress);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for node:http that resolves as usual and refuses a name with any private address
 * among its answers, so no address of it can be connected to, whichever the socket picks.
 */
export function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused) return callback(new PrivateAddressError(refused.address), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}

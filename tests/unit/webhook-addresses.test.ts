import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signatureOf } from "~/server/webhooks/deliver";
import { isPrivateAddress } from "~/server/webhooks/private-addresses";

/** What a webhook may reach (docs/decisions/226-webhooks-refuse-private-addresses.md) and how it signs (225). */
describe("isPrivateAddress", () => {
  it("refuses loopback, private, link-local, carrier NAT, unspecified and multicast, in either family", () => {
    const refused = [
      "127.0.0.1",
      "10.0.0.8",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::",
      "::1",
      "fe80::1",
      "fd00::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:a9fe:a9fe",
      "not an address",
    ];
    expect(refused.filter((a) => !isPrivateAddress(a))).toEqual([]);
  });

  it("lets public addresses through, an IPv4 one written as IPv6 too", () => {
    const allowed = ["8.8.8.8", "93.184.215.14", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8", "::ffff:808:808"];
    expect(allowed.filter(isPrivateAddress)).toEqual([]);
  });
});

describe("signatureOf", () => {
  it("is t=<seconds>,v1=<hex HMAC-SHA256 of t.body>, as docs/api.md tells a receiver", () => {
    const body = '{"id":1,"event":"webhook.test"}';
    const expected = createHmac("sha256", "whsec_test").update(`1700000000.${body}`).digest("hex");
    expect(signatureOf("whsec_test", body, 1_700_000_000)).toBe(`t=1700000000,v1=${expected}`);
  });
});

import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "~/server/auth/password";

/** Tests hash at logN 10 (N=1024); only the test of the default cost pays for N=2^17. */
const cheap = { logN: 10 };

describe("password hashing (docs/architecture.md section 2: scrypt)", () => {
  it("verifies the password it hashed and refuses another", async () => {
    const hash = await hashPassword("correct horse battery", cheap);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("salts every hash, so one password hashes differently each time", async () => {
    const [a, b] = await Promise.all([hashPassword("same password", cheap), hashPassword("same password", cheap)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword("same password", a)).toBe(true);
    expect(await verifyPassword("same password", b)).toBe(true);
  });

  it.each([
    ["an empty string", ""],
    ["another scheme", "bcrypt$10$abc$def"],
    ["missing parts", "scrypt$10$8$1"],
    ["an empty hash", "scrypt$10$8$1$c2FsdA==$"],
    ["a cost that is not a number", "scrypt$abc$8$1$c2FsdA==$aGFzaA=="],
    ["a cost scrypt refuses", "scrypt$40$8$1$c2FsdA==$aGFzaA=="],
  ])("never matches a malformed hash: %s", async (_, stored) => {
    expect(await verifyPassword("anything", stored)).toBe(false);
  });

  it("never matches a hash of the wrong length", async () => {
    const hash = await hashPassword("pw-123456", cheap);
    const truncated = hash.slice(0, hash.lastIndexOf("$") + 1) + Buffer.alloc(32).toString("base64");
    expect(await verifyPassword("pw-123456", truncated)).toBe(false);
  });

  it("hashes at OWASP's cost by default, N=2^17, r=8, p=1, and stores it in the hash", async () => {
    const hash = await hashPassword("correct horse battery");
    const [scheme, logN, r, p, salt, key] = hash.split("$");
    expect({ scheme, N: 2 ** Number(logN), r: Number(r), p: Number(p) }).toEqual({
      scheme: "scrypt",
      N: 2 ** 17,
      r: 8,
      p: 1,
    });
    expect(Buffer.from(salt!, "base64")).toHaveLength(16);
    expect(Buffer.from(key!, "base64")).toHaveLength(64);
  }, 20_000);
});

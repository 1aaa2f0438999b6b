import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Password hashing with node:crypto scrypt at OWASP's recommended cost, N=2^17, r=8, p=1
 * (docs/architecture.md section 2): no native module, so the single executable stays one file. The cost is
 * stored in each hash, so it can be raised later and old hashes still verify.
 */
const DEFAULT_LOG_N = 17;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is below that at N=2^17.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$logN$r$p$salt$hash`, salt and hash in base64. `logN` below 17 is for tests only. */
export async function hashPassword(password: string, { logN = DEFAULT_LOG_N } = {}): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, logN, 8, 1);
  return ["scrypt", logN, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Compares in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  // Parameters scrypt refuses (a hand-edited db.json) mean no match, not a 500 on sign-in.
  const actual = await derive(password, Buffer.from(salt, "base64"), Number(logN), Number(r), Number(p)).catch(
    () => undefined,
  );
  return actual !== undefined && actual.length === expected.length && timingSafeEqual(actual, expected);
}

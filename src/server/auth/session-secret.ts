import { SESSION_SECRET_FILE } from "~/server/store/folder-layout";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

export { SESSION_SECRET_FILE };

/**
 * The password that seals session cookies: SESSION_SECRET when set, otherwise one generated on
 * first start and kept in the data folder, readable by the owner only, so sessions
 * survive restarts and a copied data folder keeps working.
 */
export async function resolveSessionSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  try {
    const existing = (await fs.readFile(file, "utf8")).trim();
    if (existing.length >= 32) return existing;
    throw new Error(
      `${file} holds a secret shorter than 32 characters: delete it to generate a new one, or set SESSION_SECRET.`,
    );
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  const secret = randomBytes(48).toString("base64url");
  // `wx`: if two starts race, the second fails instead of overwriting the first one's secret.
  await fs.writeFile(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  return secret;
}

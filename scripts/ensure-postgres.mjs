// The PostgreSQL store's tests run a real server from Debian's binaries: PG_BIN, then the newest
// /usr/lib/postgresql/*/bin. As root with apt-get they are installed; otherwise we stop with one
// line saying what to install.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { aptInstall } from "./apt-install.mjs";

const DEBIAN_ROOT = "/usr/lib/postgresql";

export function findPostgresBin() {
  const candidates = [process.env.PG_BIN];
  if (existsSync(DEBIAN_ROOT)) {
    const versions = readdirSync(DEBIAN_ROOT).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(DEBIAN_ROOT, v, "bin")));
  }
  return candidates.find((dir) => dir && existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl")));
}

export function ensurePostgres() {
  const found = findPostgresBin();
  if (found) return found;
  aptInstall("postgresql", {
    what: "PostgreSQL",
    missing: "The PostgreSQL tests need its server binaries: install Debian's `postgresql` package (or set PG_BIN).",
  });
  const installed = findPostgresBin();
  if (!installed) {
    console.error("Installed Debian's postgresql package, but found no initdb under /usr/lib/postgresql.");
    process.exit(1);
  }
  return installed;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensurePostgres());

// Installs a Debian package the tests need, as root with apt-get; otherwise stops with
// `missing`, one line saying what to install (docs/architecture.md section 7).
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

export function aptInstall(pkg, { what, missing }) {
  const canApt = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canApt) {
    console.error(missing);
    process.exit(1);
  }
  console.log(`${what} not found: installing Debian's ${pkg} package...`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg}`, {
    stdio: "inherit",
  });
}

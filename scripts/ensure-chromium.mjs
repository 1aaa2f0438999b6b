// Browser tests need Debian's Chromium (docs/architecture.md section 7): CHROME_PATH, then /usr/bin/chromium;
// as root with apt-get it is installed, otherwise we stop with one line saying what to install.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

export function findChromium() {
  for (const candidate of [process.env.CHROME_PATH, "/usr/bin/chromium"]) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return undefined;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const canApt = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canApt) {
    console.error(
      "Browser tests need Chromium: install Debian's `chromium` package (or set CHROME_PATH to a Chromium binary).",
    );
    process.exit(1);
  }
  console.log("Chromium not found: installing Debian's chromium package...");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
    stdio: "inherit",
  });
  return "/usr/bin/chromium";
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());

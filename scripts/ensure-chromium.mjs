// Browser tests need Debian's Chromium (docs/architecture.md section 7): CHROME_PATH, then /usr/bin/chromium;
// as root with apt-get it is installed, otherwise we stop with one line saying what to install.
import { existsSync } from "node:fs";
import { aptInstall } from "./apt-install.mjs";

export function findChromium() {
  for (const candidate of [process.env.CHROME_PATH, "/usr/bin/chromium"]) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return undefined;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  aptInstall("chromium", {
    what: "Chromium",
    missing:
      "Browser tests need Chromium: install Debian's `chromium` package (or set CHROME_PATH to a Chromium binary).",
  });
  return "/usr/bin/chromium";
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());

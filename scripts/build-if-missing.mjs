// `npm start` on a fresh clone: build once when no build exists (README: npm install && npm start).
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("build/server.js") || !existsSync("build/server/index.js")) {
  console.log("No build found: building the site first (npm run build)...");
  execSync("npm run build", { stdio: "inherit" });
}

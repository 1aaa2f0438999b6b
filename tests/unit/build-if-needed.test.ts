import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildNeeded } from "../../scripts/build-if-needed.mjs";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

/** `npm start` builds first when there is no build or a source is newer (scripts/build-if-needed.mjs). */
afterEach(removeTempDirs);

const HOUR = 3600;
const BUILT = Date.now() / 1000 - 10 * HOUR;

/** Writes `file` under `root`, last modified `secondsAfterBuild` after the build. */
function write(root: string, file: string, secondsAfterBuild = 0) {
  const target = path.join(root, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, "");
  fs.utimesSync(target, BUILT + secondsAfterBuild, BUILT + secondsAfterBuild);
}

/** A checkout built after its sources were last changed. */
function builtProject() {
  const root = makeTempDir("build-if-needed-");
  for (const source of ["src/app/routes/home.tsx", "src/server/app.ts", "public/favicon.svg", "server.ts"])
    write(root, source, -HOUR);
  for (const source of ["package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts"])
    write(root, source, -HOUR);
  write(root, "build/server.js");
  write(root, "build/server-chunks/serve-command-X.js");
  write(root, "build/server/index.js");
  return root;
}

describe("npm start", () => {
  it("builds when there is no build, or only part of one", () => {
    const root = builtProject();
    fs.rmSync(path.join(root, "build/server/index.js"));
    expect(buildNeeded(root)).toBe("missing");
    write(root, "build/server/index.js");
    fs.rmSync(path.join(root, "build/server-chunks"), { recursive: true });
    expect(buildNeeded(root)).toBe("missing");
    fs.rmSync(path.join(root, "build"), { recursive: true });
    expect(buildNeeded(root)).toBe("missing");
  });

  it("serves the build as it is when no source changed since", () => {
    const root = builtProject();
    write(root, "README.md", HOUR); // not a source of the build
    write(root, "tests/unit/new.test.ts", HOUR);
    expect(buildNeeded(root)).toBeNull();
  });

  it.each(["src/app/routes/home.tsx", "src/server/posts/new-file.ts", "public/favicon.svg", "package-lock.json"])(
    "builds again when %s is newer than the build",
    (source) => {
      const root = builtProject();
      write(root, source, 1);
      expect(buildNeeded(root)).toBe("stale");
    },
  );

  it("builds again when a source is newer than the oldest of the outputs", () => {
    const root = builtProject();
    write(root, "build/server.js", 2 * HOUR);
    write(root, "server.ts", HOUR);
    expect(buildNeeded(root)).toBe("stale");
  });
});
